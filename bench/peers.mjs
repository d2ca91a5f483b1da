#!/usr/bin/env node
// `npm run bench:peers [-- --quick] [--products N] [--duration 10] [--runs 3] [--warmup 3] [--single 5] [--cold 3]
//   [--cost 5] [--cost-only] [--workflow 200] [--no-build] [--report-only .tmp/peers-last.json]`
// (--cost-only: the sequential CPU per answer without the autocannon rounds, for a busy machine)
//
// Mirror side by side with a real peer: Medusa v2 (TypeScript, PostgreSQL), installed from the npm registry into
// bench/peers/medusa (its own package.json and lock file; not a dependency of Mirror; `npm ci` there when its
// node_modules is missing). One throwaway PostgreSQL server (scripts/pg.mjs, the settings of bench:api), two
// databases: `mirror` seeded as bench:api seeds (bench/api.mjs `seed`), `medusa` migrated by `medusa db:migrate` and
// seeded with the same pieces — the store set up and the first --workflow live pieces created through Medusa's own
// workflows (bench/peers/medusa/seed.js), the rest copied in set-based SQL into the same tables with the same rows
// those got (createProductsWorkflow is far too slow for 100k pieces, see the results file), then checked through
// Medusa's store API. Both apps run their production servers (NODE_ENV=production, one process, pool 20, no Redis,
// LOG_LEVEL=warn) and answer the same storefront reads: list page, product by id, search, filtered list.
//
// Measures, in one run: cold start (process start → first successful list page, alternating A B, B A …), then per
// read the CPU per answer over a few sequential requests (app process + PostgreSQL backends), then interleaved rounds of autocannon (A B, B A …): throughput at c=50, service time at c=1, CPU per request (the
// app process and the PostgreSQL backends), RSS after warm-up and peak under load. Medians; ratios Mirror ÷ Medusa.
// Writes bench/results/peers-<date>.md (-<N> appended when N is not 100,000).
import { spawn, spawnSync } from 'node:child_process';
import http from 'node:http';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir, totalmem } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import pg from 'pg';
import { freePort, startPostgres } from '../scripts/pg.mjs';
import { cleanup, cleanups, seed } from './api.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const medusaDir = path.join(root, 'bench/peers/medusa');
const args = process.argv.slice(2);
const flag = (name) => args.includes(`--${name}`);
const option = (name, fallback) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 && args[i + 1] !== undefined ? Number(args[i + 1]) : fallback;
};
const QUICK = flag('quick');
const PRODUCTS = option('products', QUICK ? 10_000 : 100_000);
const DURATION = option('duration', QUICK ? 3 : 10);
const RUNS = option('runs', QUICK ? 2 : 3);
const WARMUP = option('warmup', QUICK ? 1 : 3);
const SINGLE = option('single', QUICK ? 2 : 5);
const COLD = option('cold', QUICK ? 1 : 3);
const WORKFLOW = option('workflow', QUICK ? 50 : 200);
const COST = option('cost', QUICK ? 3 : 5);
const COST_ONLY = flag('cost-only');
const CONNECTIONS = 50;
const POOL = 20;
const PG_SETTINGS = { shared_buffers: '1GB', effective_cache_size: '4GB', maintenance_work_mem: '512MB', max_wal_size: '4GB' };
const JWT_SECRET = 'bench-secret-bench-secret-bench-secret-0123456789';
const ADMIN = { username: 'bench-admin', email: 'bench-admin@mirror.example', password: 'Bench-Admin-Passw0rd-2024!x' };
const API_DIST = process.env.BENCH_API_DIST ?? 'apps/api/dist';

const log = (msg) => console.log(`▶ ${msg}`);
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const since = (t0) => (performance.now() - t0) / 1000;
const median = (xs) => {
  const s = xs.filter((x) => Number.isFinite(x)).sort((a, b) => a - b);
  if (!s.length) return NaN;
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};
const percentile = (sorted, p) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] : NaN);
const fmt = (x, d = 0) => (Number.isFinite(x) ? x.toFixed(d) : '–');

// ---------------------------------------------------------------- processes
function procStat(pid) {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return {
      ppid: Number(fields[1]),
      cpu: (Number(fields[11]) + Number(fields[12])) / 100,
      reaped: (Number(fields[13]) + Number(fields[14])) / 100,
    };
  } catch {
    return null;
  }
}
/** The process and its descendants (Medusa's CLI runs the server in its own process, but we do not rely on it). */
function tree(pid) {
  const children = new Map();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const st = procStat(entry);
    if (st) children.set(st.ppid, [...(children.get(st.ppid) ?? []), Number(entry)]);
  }
  const out = [];
  const walk = (p) => {
    out.push(p);
    for (const c of children.get(p) ?? []) walk(c);
  };
  walk(pid);
  return out;
}
function rssMb(pid) {
  let sum = 0;
  for (const p of tree(pid)) {
    try {
      const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${p}/status`, 'utf8'));
      if (m) sum += Number(m[1]) / 1024;
    } catch {
      // gone meanwhile
    }
  }
  return sum;
}
const appCpu = (pid) => tree(pid).reduce((s, p) => s + (procStat(p)?.cpu ?? 0), 0);
/** CPU seconds of PostgreSQL's backends: live children of the postmaster plus those it has reaped. */
function pgCpu(postmaster) {
  let sum = 0;
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const st = procStat(entry);
    if (!st) continue;
    if (st.ppid === postmaster) sum += st.cpu;
    if (Number(entry) === postmaster) sum += st.reaped;
  }
  return sum;
}

/** Spawns a server; resolves when `readyUrl` answers 200 (with `headers`), with the time from spawn to that answer. */
async function startApp({ name, command, args: argv, cwd, env, readyUrl, headers = {} }) {
  const port = await freePort();
  const url = readyUrl.replace('{port}', String(port));
  const t0 = performance.now();
  const child = spawn(command, argv, {
    cwd,
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (d) => (stderr = (stderr + d).slice(-4000)));
  let exited = false;
  child.on('exit', () => (exited = true));
  const stop = () =>
    exited
      ? undefined
      : new Promise((resolve) => {
          child.once('exit', resolve);
          child.kill('SIGTERM');
          setTimeout(() => {
            if (!exited) child.kill('SIGKILL');
            resolve();
          }, 10_000).unref();
        });
  cleanups.push(stop);
  for (;;) {
    if (exited) throw new Error(`${name} exited with ${child.exitCode}: ${stderr}`);
    try {
      const res = await fetch(url, { headers });
      if (res.ok) {
        await res.arrayBuffer();
        return { name, baseUrl: `http://127.0.0.1:${port}`, pid: child.pid, coldStart: since(t0), stop };
      }
    } catch {
      // not listening yet
    }
    if (since(t0) > 900) throw new Error(`${name} did not answer ${url} within 900 s`);
    await sleep(50);
  }
}

// ---------------------------------------------------------------- Medusa install, migrate, seed
function medusaVersion() {
  return JSON.parse(readFileSync(path.join(medusaDir, 'node_modules/@medusajs/medusa/package.json'), 'utf8')).version;
}
function ensureMedusa() {
  if (existsSync(path.join(medusaDir, 'node_modules/@medusajs/medusa/package.json'))) return;
  log('install Medusa from the npm registry (npm ci in bench/peers/medusa)');
  const res = spawnSync('npm', ['ci', '--no-audit', '--no-fund'], { cwd: medusaDir, stdio: 'inherit' });
  if (res.status !== 0) throw new Error('npm ci in bench/peers/medusa failed');
}
const medusaCli = path.join(medusaDir, 'node_modules/@medusajs/cli/cli.js');
function medusaEnv(dbUrl) {
  return {
    DATABASE_URL: dbUrl,
    DATABASE_POOL_MAX: String(POOL),
    NODE_ENV: 'production',
    MEDUSA_DISABLE_TELEMETRY: 'true',
    LOG_LEVEL: 'warn',
    JWT_SECRET,
    COOKIE_SECRET: JWT_SECRET,
  };
}
function runMedusa(argv, env) {
  const res = spawnSync(process.execPath, [medusaCli, ...argv], {
    cwd: medusaDir,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
    maxBuffer: 64 * 1024 * 1024,
  });
  if (res.status !== 0)
    throw new Error(`medusa ${argv.join(' ')} failed:\n${res.stdout.toString().slice(-3000)}\n${res.stderr.toString().slice(-3000)}`);
  return res.stdout.toString();
}

const METAL_WORD = `case p.metal::text when 'YELLOW_GOLD' then 'yellow gold' when 'WHITE_GOLD' then 'white gold' when 'ROSE_GOLD' then 'rose gold'
  when 'PLATINUM' then 'platinum' else 'silver' end`;
// Every piece of Mirror's catalogue as Medusa gets it. Mirror keeps integer minor units; Medusa's amounts are in the
// currency's main unit (its own convention), so 123400 cents → 1234. A piece on request (no price in Mirror) gets its
// lower bound. ACTIVE → published; DRAFT and ARCHIVED → draft (the store shows neither); deleted → soft-deleted.
const SOURCE = `select p.sku, p.name, p.slug, p.description, c.name as category, ${METAL_WORD} as metal,
    coalesce(p.price, p.price_min)::numeric / 100 as amount, lower(p.currency) as currency,
    case when p.status = 'ACTIVE' then 'published' else 'draft' end as status, p.created_at, p.updated_at, p.deleted_at
  from products p join categories c on c.id = p.category_id`;

/** The rows createProductsWorkflow wrote for one piece (checked against the first workflow piece in seedMedusa). */
const BULK = [
  `insert into product (id, title, handle, description, is_giftcard, status, discountable, created_at, updated_at, deleted_at)
   select 'prod_' || k, name, slug, description, false, status, true, created_at, updated_at, deleted_at from bench_src`,
  `insert into product_category_product (product_id, product_category_id) select 'prod_' || k, category_id from bench_src`,
  `insert into product_tags (product_id, product_tag_id) select 'prod_' || k, tag_id from bench_src`,
  `insert into product_option (id, title, is_exclusive, created_at, updated_at, deleted_at)
   select 'opt_' || k, 'Metal', true, created_at, updated_at, deleted_at from bench_src`,
  `insert into product_option_value (id, value, option_id, created_at, updated_at, deleted_at)
   select 'optval_' || k, metal, 'opt_' || k, created_at, updated_at, deleted_at from bench_src`,
  `insert into product_product_option (id, product_id, product_option_id, created_at, updated_at, deleted_at)
   select 'prodopt_' || k, 'prod_' || k, 'opt_' || k, created_at, updated_at, deleted_at from bench_src`,
  `insert into product_product_option_value (id, product_product_option_id, product_option_value_id, created_at, updated_at, deleted_at)
   select 'prodoptval_' || k, 'prodopt_' || k, 'optval_' || k, created_at, updated_at, deleted_at from bench_src`,
  `insert into product_sales_channel (id, product_id, sales_channel_id, created_at, updated_at, deleted_at)
   select 'prodsc_' || k, 'prod_' || k, sales_channel_id, created_at, updated_at, deleted_at from bench_src`,
  `insert into product_variant (id, title, sku, allow_backorder, manage_inventory, variant_rank, product_id, created_at, updated_at, deleted_at)
   select 'variant_' || k, metal, sku, false, false, 0, 'prod_' || k, created_at, updated_at, deleted_at from bench_src`,
  `insert into product_variant_option (variant_id, option_value_id) select 'variant_' || k, 'optval_' || k from bench_src`,
  `insert into price_set (id, created_at, updated_at, deleted_at) select 'pset_' || k, created_at, updated_at, deleted_at from bench_src`,
  `insert into price (id, price_set_id, currency_code, raw_amount, rules_count, amount, created_at, updated_at, deleted_at)
   select 'price_' || k, 'pset_' || k, currency, jsonb_build_object('value', amount::text, 'precision', 20), 0, amount, created_at, updated_at, deleted_at
   from bench_src`,
  `insert into product_variant_price_set (id, variant_id, price_set_id, created_at, updated_at, deleted_at)
   select 'pvps_' || k, 'variant_' || k, 'pset_' || k, created_at, updated_at, deleted_at from bench_src`,
];
const PER_PIECE_TABLES = [
  'product',
  'product_category_product',
  'product_tags',
  'product_option',
  'product_option_value',
  'product_product_option',
  'product_product_option_value',
  'product_sales_channel',
  'product_variant',
  'product_variant_option',
  'price_set',
  'price',
  'product_variant_price_set',
];

async function seedMedusa({ cluster, mirrorDb, medusaUrl, env }) {
  const report = {};
  let t0 = performance.now();
  runMedusa(['db:migrate'], env);
  report.migrate = since(t0);
  log(`  medusa db:migrate in ${report.migrate.toFixed(0)} s`);

  // The first WORKFLOW live pieces (by SKU) through Medusa's workflows, with the store, region, channel and key.
  const { rows: categories } = await mirrorDb.query('select name from categories order by name');
  const { rows: first } = await mirrorDb.query(
    `${SOURCE} where p.status = 'ACTIVE' and p.deleted_at is null order by p.sku limit ${WORKFLOW}`,
  );
  const work = mkdtempSync(path.join(tmpdir(), 'mirror-peers-'));
  cleanups.push(() => rmSync(work, { recursive: true, force: true }));
  const catalogue = {
    categories: categories.map((c) => c.name),
    metals: ['yellow gold', 'white gold', 'rose gold', 'platinum', 'silver'],
    products: first.map((p) => ({
      name: p.name,
      handle: p.slug,
      description: p.description,
      status: p.status,
      category: p.category,
      metal: p.metal,
      sku: p.sku,
      amount: Number(p.amount),
      currency: p.currency,
    })),
  };
  writeFileSync(path.join(work, 'catalogue.json'), JSON.stringify(catalogue));
  t0 = performance.now();
  runMedusa(['exec', './seed.js'], {
    ...env,
    BENCH_SEED_PRODUCTS: path.join(work, 'catalogue.json'),
    BENCH_SEED_OUT: path.join(work, 'seed-out.json'),
    BENCH_SEED_WORKFLOW: String(WORKFLOW),
  });
  const ids = JSON.parse(readFileSync(path.join(work, 'seed-out.json'), 'utf8'));
  report.exec = since(t0);
  report.workflowProducts = ids.workflowProducts;
  report.workflowSeconds = ids.workflowSeconds;
  log(
    `  medusa exec seed.js in ${report.exec.toFixed(0)} s (${ids.workflowProducts} pieces through createProductsWorkflow in ${ids.workflowSeconds.toFixed(1)} s: ${(ids.workflowProducts / ids.workflowSeconds).toFixed(1)} pieces/s)`,
  );

  // The rest in set-based SQL, read from Mirror's database on the same server through dblink.
  const db = new pg.Client({ connectionString: medusaUrl });
  await db.connect();
  // Each table's row count per workflow piece must be what BULK writes (one row per piece in each).
  for (const table of PER_PIECE_TABLES) {
    const {
      rows: [r],
    } = await db.query(`select count(*)::int as n from ${table}`);
    if (r.n !== ids.workflowProducts)
      throw new Error(
        `after the workflow, ${table} holds ${r.n} rows for ${ids.workflowProducts} pieces: the bulk copy would not match Medusa's data model`,
      );
  }
  t0 = performance.now();
  await db.query('create extension if not exists dblink');
  const conn = `host=127.0.0.1 port=${cluster.port} user=mirror dbname=mirror`;
  await db.query(`create unlogged table bench_src as
    select s.*, '01' || upper(substr(md5(s.sku), 1, 24)) as k
    from dblink('${conn}', $q$${SOURCE}$q$) as s(sku text, name text, slug text, description text, category text, metal text, amount numeric,
      currency text, status text, created_at timestamptz, updated_at timestamptz, deleted_at timestamptz)`);
  // The workflow's pieces keep their ids but take Mirror's dates, so "newest first" lists the same pieces.
  await db.query(`update product set created_at = s.created_at, updated_at = s.updated_at from bench_src s where product.handle = s.slug`);
  await db.query(`delete from bench_src s using product p where p.handle = s.slug`);
  await db.query(`alter table bench_src add column category_id text, add column tag_id text, add column sales_channel_id text`);
  await db.query(
    `update bench_src s set category_id = c.id, tag_id = t.id, sales_channel_id = $1
    from product_category c, product_tag t where c.name = s.category and t.value = s.metal`,
    [ids.salesChannelId],
  );
  await db.query("set maintenance_work_mem = '512MB'");
  // As Mirror's seed (and pg_restore) do: load without the secondary indexes, then build each once.
  const { rows: indexes } = await db.query(
    `select indexname, indexdef from pg_indexes
    where schemaname = 'public' and tablename = any($1) and indexname not in (select conname from pg_constraint)`,
    [PER_PIECE_TABLES],
  );
  await db.query('begin');
  for (const ix of indexes) await db.query(`drop index "${ix.indexname}"`);
  for (const sql of BULK) await db.query(sql);
  for (const ix of indexes) await db.query(ix.indexdef);
  await db.query('commit');
  report.bulkRows = (await db.query('select count(*)::int as n from bench_src')).rows[0].n;
  await db.query('drop table bench_src');
  report.bulk = since(t0);
  t0 = performance.now();
  await db.query('vacuum analyze');
  report.vacuum = since(t0);
  log(`  ${report.bulkRows} pieces copied in bulk SQL in ${report.bulk.toFixed(1)} s; vacuum analyze ${report.vacuum.toFixed(1)} s`);
  await db.end();
  return { ids, report, firstHandle: first[0]?.slug };
}

// ---------------------------------------------------------------- measuring
function cannon(url, headers, seconds, connections, latencies) {
  return new Promise((resolve, reject) => {
    const instance = autocannon({ url, headers, connections, duration: seconds, timeout: 30 }, (err, result) =>
      err ? reject(err) : resolve(result),
    );
    if (latencies) instance.on('response', (_c, _s, _b, t) => latencies.push(t));
  });
}

async function round(app, target, postmaster, seconds, connections) {
  const latencies = [];
  const cpu0 = { app: appCpu(app.pid), pg: pgCpu(postmaster) };
  let peak = rssMb(app.pid);
  const sampler = setInterval(() => (peak = Math.max(peak, rssMb(app.pid))), 200);
  const result = await cannon(target.url, target.headers, seconds, connections, latencies);
  clearInterval(sampler);
  const done = result.requests.total;
  latencies.sort((a, b) => a - b);
  return {
    rps: result.requests.average,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    latencies,
    errors: result.errors + result.timeouts + result.non2xx,
    cpuApp: done ? ((appCpu(app.pid) - cpu0.app) * 1000) / done : NaN,
    cpuPg: done ? ((pgCpu(postmaster) - cpu0.pg) * 1000) / done : NaN,
    peak,
  };
}

/**
 * Waits until an app has finished the requests a round left behind: autocannon stops at the round's end, but a server
 * keeps working on what it had accepted (neither app cancels a query when its client goes away), and that backlog
 * must not run into the other app's round. Idle = no active statement in the app's database and the app process
 * under 10% of a core; at most `limit` seconds. Returns the seconds waited.
 */
async function drain(app, limit = 180) {
  const t0 = performance.now();
  for (;;) {
    const {
      rows: [r],
    } = await app.admin.query(
      `select count(*)::int as n from pg_stat_activity where datname = $1 and state = 'active' and pid <> pg_backend_pid()`,
      [app.database],
    );
    const c0 = appCpu(app.pid);
    await sleep(300);
    if ((r.n === 0 && appCpu(app.pid) - c0 < 0.03) || since(t0) > limit) return since(t0);
  }
}

/** GET without a client-side time limit (a starved server may take minutes); resolves to the status. */
function get(url, headers) {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers }, (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode));
      })
      .on('error', reject);
  });
}

/**
 * The cost of one answer, robust to a busy machine: one request to warm, then COST requests one after another
 * (never two at once); CPU seconds of the app process and of the PostgreSQL backends over them, ÷ COST. A machine
 * that gives the apps less CPU makes the wall time longer, not the CPU per answer, so the CPU ratio says what
 * the throughput ratio would be where CPU is the limit.
 */
async function cost(app, target, postmaster) {
  if ((await get(target.url, target.headers)) !== 200) throw new Error(`${target.url} did not answer 200`);
  const cpu0 = { app: appCpu(app.pid), pg: pgCpu(postmaster) };
  let peak = rssMb(app.pid);
  const sampler = setInterval(() => (peak = Math.max(peak, rssMb(app.pid))), 200);
  const t0 = performance.now();
  let errors = 0;
  for (let i = 0; i < COST; i += 1) if ((await get(target.url, target.headers)) !== 200) errors += 1;
  const wall = (performance.now() - t0) / COST;
  clearInterval(sampler);
  return { wall, cpuApp: ((appCpu(app.pid) - cpu0.app) * 1000) / COST, cpuPg: ((pgCpu(postmaster) - cpu0.pg) * 1000) / COST, peak, errors };
}

/** One read on both apps: the sequential cost, then (unless --cost-only) warm-up, RUNS interleaved rounds at c=50 and at c=1. */
async function measureRead(read, apps, postmaster, index) {
  const costs = {};
  for (const side of index % 2 ? ['medusa', 'mirror'] : ['mirror', 'medusa']) {
    costs[side] = await cost(apps[side], read[side], postmaster);
    console.log(
      `  ${read.name.padEnd(16)} ${side.padEnd(6)} sequential: ${fmt(costs[side].wall, 1)} ms/answer, CPU ${fmt(costs[side].cpuApp, 2)} + ${fmt(costs[side].cpuPg, 2)} ms/answer (app + PostgreSQL), RSS ${fmt(costs[side].peak)} MB`,
    );
  }
  const out = {};
  for (const side of ['mirror', 'medusa']) {
    const t = read[side];
    const res = await fetch(t.url, { headers: t.headers });
    const body = await res.text();
    if (!res.ok) throw new Error(`${read.name} (${side}): ${t.url} answered ${res.status}: ${body.slice(0, 300)}`);
    out[side] = { c50: [], c1: [], bytes: Buffer.byteLength(body), items: t.count(JSON.parse(body)), drained: 0 };
    if (COST_ONLY) continue;
    await cannon(t.url, t.headers, WARMUP, CONNECTIONS);
    out[side].drained += await drain(apps[side]);
  }
  const warm = { mirror: rssMb(apps.mirror.pid), medusa: rssMb(apps.medusa.pid) };
  if (COST_ONLY)
    console.log(
      `  ${read.name.padEnd(16)} CPU per answer Mirror ÷ Medusa: ×${fmt((costs.medusa.cpuApp + costs.medusa.cpuPg) / (costs.mirror.cpuApp + costs.mirror.cpuPg), 2)}`,
    );
  for (let r = 0; r < (COST_ONLY ? 0 : RUNS); r += 1) {
    for (const side of r % 2 ? ['medusa', 'mirror'] : ['mirror', 'medusa']) {
      out[side].c50.push(await round(apps[side], read[side], postmaster, DURATION, CONNECTIONS));
      out[side].drained += await drain(apps[side]);
    }
  }
  for (let r = 0; r < (COST_ONLY ? 0 : RUNS); r += 1) {
    for (const side of r % 2 ? ['mirror', 'medusa'] : ['medusa', 'mirror']) {
      out[side].c1.push(await round(apps[side], read[side], postmaster, SINGLE, 1));
      out[side].drained += await drain(apps[side]);
    }
  }
  const summary = { warm };
  for (const side of ['mirror', 'medusa']) {
    const s = out[side];
    const single = s.c1.flatMap((x) => x.latencies).sort((a, b) => a - b);
    summary[side] = {
      rps: median(s.c50.map((x) => x.rps)),
      p50: median(s.c50.map((x) => x.p50)),
      p99: median(s.c50.map((x) => x.p99)),
      c1p50: percentile(single, 50),
      c1p99: percentile(single, 99),
      cpuApp: median(s.c50.map((x) => x.cpuApp)),
      cpuPg: median(s.c50.map((x) => x.cpuPg)),
      errors: [...s.c50, ...s.c1, costs[side]].reduce((sum, x) => sum + x.errors, 0),
      peak: Math.max(costs[side].peak, ...s.c50.map((x) => x.peak), ...s.c1.map((x) => x.peak)),
      seqWall: costs[side].wall,
      seqCpuApp: costs[side].cpuApp,
      seqCpuPg: costs[side].cpuPg,
      bytes: s.bytes,
      items: s.items,
      rounds: s.c50.map((x) => Math.round(x.rps)),
      drained: s.drained,
    };
  }
  const m = summary.mirror;
  const d = summary.medusa;
  console.log(
    `  ${read.name.padEnd(16)} req/s ${fmt(m.rps)} vs ${fmt(d.rps)} (×${fmt(m.rps / d.rps, 2)})  c=1 p50 ${fmt(m.c1p50, 1)} vs ${fmt(d.c1p50, 1)} ms (×${fmt(d.c1p50 / m.c1p50, 2)})  CPU ms/req ${fmt(m.cpuApp + m.cpuPg, 2)} vs ${fmt(d.cpuApp + d.cpuPg, 2)}  RSS ${fmt(m.peak)} vs ${fmt(d.peak)} MB${m.errors || d.errors ? `  errors ${m.errors} / ${d.errors}` : ''}`,
  );
  return summary;
}

// ---------------------------------------------------------------- checks
/** The nested key structure of a JSON value (arrays by their first element), for "same shape" checks. */
function shape(v) {
  if (Array.isArray(v)) return v.length ? [shape(v[0])] : [];
  if (v && typeof v === 'object')
    return Object.fromEntries(
      Object.keys(v)
        .sort()
        .map((k) => [k, shape(v[k])]),
    );
  return v === null ? 'null' : typeof v;
}
const sameShape = (a, b) => JSON.stringify(shape(a)) === JSON.stringify(shape(b));

async function getJson(url, headers) {
  const res = await fetch(url, { headers });
  const text = await res.text();
  if (!res.ok) throw new Error(`${url} answered ${res.status}: ${text.slice(0, 300)}`);
  return JSON.parse(text);
}
/** Mirror's page answer: its array of pieces, whatever the envelope is called. */
const mirrorItems = (body) =>
  Array.isArray(body) ? body : (body.content ?? body.items ?? body.data ?? Object.values(body).find(Array.isArray) ?? []);
const mirrorTotal = (body) => body.totalElements ?? body.total ?? body.totalCount ?? null;

// ---------------------------------------------------------------- main
async function main() {
  const reportOnly = args.indexOf('--report-only');
  if (reportOnly >= 0) return report(JSON.parse(readFileSync(args[reportOnly + 1], 'utf8')));
  const started = new Date();
  const load0 = loadavg();
  log(
    `bench:peers — ${PRODUCTS.toLocaleString('en')} products, ${COST} sequential answers per read${COST_ONLY ? ' only' : `, then c=${CONNECTIONS}, warm-up ${WARMUP} s, ${RUNS} interleaved rounds × ${DURATION} s (c=1: ${RUNS} × ${SINGLE} s)`}, ${COLD} cold starts each`,
  );
  ensureMedusa();
  if (!flag('no-build')) {
    log('build the API (npm run build -w apps/api)');
    if (spawnSync('npm', ['run', '--silent', 'build', '-w', 'apps/api'], { cwd: root, stdio: 'inherit' }).status !== 0)
      throw new Error('build failed');
  }

  log('start PostgreSQL (one server, two databases)');
  const cluster = await startPostgres({ settings: PG_SETTINGS });
  cleanups.push(cluster.stop);
  const admin = new pg.Client({ connectionString: cluster.url });
  await admin.connect();
  await admin.query('create database mirror');
  await admin.query('create database medusa');
  await admin.end();
  const mirrorUrl = cluster.url.replace(/\/postgres$/, '/mirror');
  const medusaUrl = cluster.url.replace(/\/postgres$/, '/medusa');
  const pgVersion = spawnSync(path.join(cluster.bin, 'postgres'), ['--version']).stdout.toString().trim();
  const postmaster = Number(readFileSync(path.join(cluster.dataDir, 'postmaster.pid'), 'utf8').split('\n')[0]);

  const dataDir = mkdtempSync(path.join(tmpdir(), 'mirror-bench-'));
  cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
  const mirrorEnv = {
    DATABASE_URL: mirrorUrl,
    DATABASE_POOL_MAX: String(POOL),
    JWT_SECRET,
    SEED_DEMO: 'false',
    LOG_LEVEL: 'warn',
    RATE_LIMIT_MAX: '100000000',
    NODE_ENV: 'production',
    DATA_DIR: dataDir,
  };

  log('Mirror: migrations (dist/admin-create.js), then the bench catalogue');
  const created = spawnSync(process.execPath, [path.join(API_DIST, 'admin-create.js')], {
    cwd: root,
    env: { ...process.env, ...mirrorEnv, ADMIN_USERNAME: ADMIN.username, ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  if (created.status !== 0) throw new Error('admin-create failed');
  const mirrorDb = new pg.Client({ connectionString: mirrorUrl });
  mirrorDb.on('error', () => {});
  await mirrorDb.connect();
  cleanups.push(() => mirrorDb.end());
  let t0 = performance.now();
  await seed(mirrorDb, PRODUCTS);
  const mirrorSeedSeconds = since(t0);

  log(`Medusa ${medusaVersion()}: migrations, store set-up and ${WORKFLOW} pieces through its workflows, the rest in bulk SQL`);
  const env = medusaEnv(medusaUrl);
  const { ids, report: medusaSeed, firstHandle } = await seedMedusa({ cluster, mirrorDb, medusaUrl, env });

  // The same reads on both. Pieces are picked in Mirror's data and found in Medusa's by their handle (Mirror's slug).
  const {
    rows: [pick],
  } = await mirrorDb.query(
    `select id, slug from products where status = 'ACTIVE' and deleted_at is null order by sku offset ${Math.floor(PRODUCTS / 2)} limit 1`,
  );
  const {
    rows: [ring],
  } = await mirrorDb.query(`select id from categories where name = 'Rings'`);
  const {
    rows: [liveCount],
  } = await mirrorDb.query(`select count(*)::int as n from products where status = 'ACTIVE' and deleted_at is null`);
  const medusaDb = new pg.Client({ connectionString: medusaUrl });
  await medusaDb.connect();
  const {
    rows: [medusaPick],
  } = await medusaDb.query('select id from product where handle = $1', [pick.slug]);
  await medusaDb.end();
  const key = { 'x-publishable-api-key': ids.publishableKey };
  const fields = 'fields=*variants.calculated_price';
  const region = `region_id=${ids.regionId}`;
  const list = (m) => m.products.length;

  log('cold starts (process start → first list page), alternating');
  const mirrorStart = {
    name: 'Mirror',
    command: process.execPath,
    args: [path.join(API_DIST, 'server.js')],
    cwd: root,
    env: mirrorEnv,
    readyUrl: 'http://127.0.0.1:{port}/api/products?page=0&size=20',
  };
  const medusaStart = {
    name: 'Medusa',
    command: process.execPath,
    args: [medusaCli, 'start'],
    cwd: medusaDir,
    env,
    readyUrl: `http://127.0.0.1:{port}/store/products?limit=20&offset=0&order=-created_at&${region}&${fields}`,
    headers: key,
  };
  // The last round's processes stay up and answer the reads.
  const cold = { mirror: [], medusa: [] };
  const apps = {};
  for (let r = 0; r < COLD; r += 1) {
    for (const side of r % 2 ? ['medusa', 'mirror'] : ['mirror', 'medusa']) {
      const app = await startApp(side === 'mirror' ? mirrorStart : medusaStart);
      cold[side].push(app.coldStart);
      log(`  ${app.name}: ${app.coldStart.toFixed(1)} s, RSS ${rssMb(app.pid).toFixed(0)} MB`);
      if (r < COLD - 1) await app.stop();
      else apps[side] = app;
    }
  }
  const rssStarted = { mirror: rssMb(apps.mirror.pid), medusa: rssMb(apps.medusa.pid) };
  const watcher = new pg.Client({ connectionString: cluster.url });
  watcher.on('error', () => {});
  await watcher.connect();
  cleanups.push(() => watcher.end());
  Object.assign(apps.mirror, { admin: watcher, database: 'mirror' });
  Object.assign(apps.medusa, { admin: watcher, database: 'medusa' });
  const M = apps.mirror.baseUrl;
  const D = apps.medusa.baseUrl;

  log('check the two catalogues agree through the store APIs');
  const checks = [];
  const mList = await getJson(`${M}/api/products?page=0&size=20`);
  const dList = await getJson(`${D}/store/products?limit=20&offset=0&order=-created_at&${region}&${fields}`, key);
  const mNames = mirrorItems(mList).map((p) => p.name);
  const dNames = dList.products.map((p) => p.title);
  if (dList.count !== liveCount.n) throw new Error(`Medusa's store lists ${dList.count} pieces, Mirror has ${liveCount.n} live`);
  checks.push(
    `Medusa's store API counts ${dList.count.toLocaleString('en')} published pieces = Mirror's ${liveCount.n.toLocaleString('en')} live ones${mirrorTotal(mList) != null ? ` (Mirror's list total: ${mirrorTotal(mList).toLocaleString('en')})` : ''}`,
  );
  if (JSON.stringify(mNames) !== JSON.stringify(dNames))
    throw new Error(`list page 0 differs:\nMirror ${mNames.join(' | ')}\nMedusa ${dNames.join(' | ')}`);
  checks.push('list page 0 (newest first): the same 20 pieces in the same order on both');
  const detail = `${fields},*categories`;
  const [viaWorkflow] = (await getJson(`${D}/store/products?handle=${firstHandle}&${region}&${detail}`, key)).products;
  const [viaSql] = (await getJson(`${D}/store/products?handle=${pick.slug}&${region}&${detail}`, key)).products;
  if (!viaWorkflow || !viaSql) throw new Error("a checked piece is missing from Medusa's store API");
  if (!sameShape(viaWorkflow, viaSql))
    throw new Error(
      `a bulk-copied piece does not have the shape of a workflow-made one:\n${JSON.stringify(shape(viaWorkflow))}\n${JSON.stringify(shape(viaSql))}`,
    );
  const mPiece = await getJson(`${M}/api/products/${pick.id}`);
  const {
    rows: [src],
  } = await mirrorDb.query(
    `select p.name, c.name as category, ${METAL_WORD} as metal, coalesce(p.price, p.price_min) as price, lower(p.currency) as currency
    from products p join categories c on c.id = p.category_id where p.id = $1`,
    [pick.id],
  );
  const price = viaSql.variants[0].calculated_price;
  const expectPrice = src.currency === 'eur' ? Number(src.price) / 100 : null;
  const okPrice = expectPrice === null ? price === null || price?.calculated_amount == null : price?.calculated_amount === expectPrice;
  if (
    viaSql.title !== src.name ||
    mPiece.name !== src.name ||
    viaSql.categories[0]?.name !== src.category ||
    viaSql.tags[0]?.value !== src.metal ||
    !okPrice
  ) {
    throw new Error(
      `piece ${pick.slug} differs: Medusa ${JSON.stringify({ title: viaSql.title, category: viaSql.categories[0]?.name, tag: viaSql.tags[0]?.value, price })}, Mirror ${JSON.stringify(src)}`,
    );
  }
  checks.push(
    `a bulk-copied piece (${pick.slug}) answers with the same JSON shape as a workflow-made one (${firstHandle}), and its title, category, metal tag and EUR price (${src.currency === 'eur' ? `${expectPrice} € = ${src.price} cents in Mirror` : `${src.currency}: no EUR price, none calculated`}) are Mirror's`,
  );
  const mFiltered = await getJson(`${M}/api/products?categoryId=${ring.id}&metalType=WHITE_GOLD`);
  const dFiltered = await getJson(
    `${D}/store/products?category_id=${ids.categoryId.Rings}&tag_id=${ids.tagId['white gold']}&limit=20&order=-created_at&${region}&${fields}`,
    key,
  );
  if (JSON.stringify(mirrorItems(mFiltered).map((p) => p.name)) !== JSON.stringify(dFiltered.products.map((p) => p.title)))
    throw new Error('the filtered list differs between the two');
  checks.push(
    `filtered list (Rings, white gold, newest first): the same 20 pieces on both; Medusa counts ${dFiltered.count.toLocaleString('en')}${mirrorTotal(mFiltered) != null ? `, Mirror ${mirrorTotal(mFiltered).toLocaleString('en')}` : ''}`,
  );
  const mSearch = await getJson(`${M}/api/products/search?q=diamond`);
  const dSearch = await getJson(`${D}/store/products?q=diamond&limit=20&${region}&${fields}`, key);
  checks.push(
    `search "diamond": Mirror finds ${mirrorTotal(mSearch)?.toLocaleString('en') ?? '?'} (ranked: name first, prefix and typo rules), Medusa ${dSearch.count.toLocaleString('en')} (\`q\`: substring match over the product's searchable fields, unranked)`,
  );
  for (const c of checks) log(`  ${c}`);

  const reads = [
    {
      name: 'list page',
      mirror: { url: `${M}/api/products?page=0&size=20`, count: (b) => mirrorItems(b).length },
      medusa: { url: `${D}/store/products?limit=20&offset=0&order=-created_at&${region}&${fields}`, headers: key, count: list },
    },
    {
      name: 'product by id',
      mirror: { url: `${M}/api/products/${pick.id}`, count: () => 1 },
      medusa: { url: `${D}/store/products/${medusaPick.id}?${region}&${fields}`, headers: key, count: () => 1 },
    },
    {
      name: 'search',
      mirror: { url: `${M}/api/products/search?q=diamond`, count: (b) => mirrorItems(b).length },
      medusa: { url: `${D}/store/products?q=diamond&limit=20&offset=0&${region}&${fields}`, headers: key, count: list },
    },
    {
      name: 'filtered list',
      mirror: { url: `${M}/api/products?categoryId=${ring.id}&metalType=WHITE_GOLD`, count: (b) => mirrorItems(b).length },
      medusa: {
        url: `${D}/store/products?category_id=${ids.categoryId.Rings}&tag_id=${ids.tagId['white gold']}&limit=20&offset=0&order=-created_at&${region}&${fields}`,
        headers: key,
        count: list,
      },
    },
  ];
  for (const r of reads) r.mirror.headers = {};

  log('reads: interleaved rounds');
  const results = [];
  for (const [i, read] of reads.entries()) results.push({ read, ...(await measureRead(read, apps, postmaster, i)) });
  const rssEnd = { mirror: rssMb(apps.mirror.pid), medusa: rssMb(apps.medusa.pid) };
  const load1 = loadavg();

  // ---------------------------------------------------------------- report
  const data = {
    settings: {
      products: PRODUCTS,
      warmup: WARMUP,
      runs: RUNS,
      duration: DURATION,
      single: SINGLE,
      cold: COLD,
      cost: COST,
      costOnly: COST_ONLY,
    },
    started: started.toISOString(),
    args,
    load0,
    load1,
    pgVersion,
    sha: spawnSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: root }).stdout.toString().trim(),
    medusaVersion: medusaVersion(),
    mirrorSeedSeconds,
    medusaSeed,
    checks,
    results: results.map(({ read, warm, mirror, medusa }) => ({ name: read.name, warm, mirror, medusa })),
    rssStarted,
    rssEnd,
    cold,
  };
  // Kept so a report can be written again from the measurements (`--report-only <file>`).
  mkdirSync(path.join(root, '.tmp'), { recursive: true });
  writeFileSync(path.join(root, '.tmp/peers-last.json'), JSON.stringify(data));
  report(data);
}

/** Writes bench/results/peers-<date>.md from one run's measurements. */
function report({
  settings,
  started: startedIso,
  args: runArgs,
  load0,
  load1,
  pgVersion,
  sha,
  medusaVersion: medusaV,
  mirrorSeedSeconds,
  medusaSeed,
  checks,
  results,
  rssStarted,
  rssEnd,
  cold,
}) {
  const started = new Date(startedIso);
  const {
    products: PRODUCTS,
    warmup: WARMUP,
    runs: RUNS,
    duration: DURATION,
    single: SINGLE,
    cold: COLD,
    cost: COST,
    costOnly: COST_ONLY,
  } = settings;
  const rssWarm = results[0].warm;
  const date = started.toISOString().slice(0, 10);
  const ratio = (a, b) => a / b;
  const verdict = (x, goal) => (x >= goal ? `met (≥${goal}×)` : `**missed** (<${goal}×)`);
  const peakLoad = { mirror: Math.max(...results.map((r) => r.mirror.peak)), medusa: Math.max(...results.map((r) => r.medusa.peak)) };
  const seqCpu = (x) => x.seqCpuApp + x.seqCpuPg;
  // Medusa may complete no answer inside its rounds (at c=50 its fifty first answers share the CPU and all end after
  // the round). Then its throughput is bounded by the machine instead: no more than cores ÷ its CPU per answer (app +
  // PostgreSQL, measured sequentially), so Mirror's req/s ÷ that ceiling is a lower bound of the ratio (shown "≥").
  // Its c=1 service time is then the sequential wall time per answer (answers one after another: the same thing).
  const cores = cpus().length;
  const medusaRps = (d) => (d.rps > 0 ? d.rps : cores / (seqCpu(d) / 1000));
  const medusaC1 = (d) => (Number.isFinite(d.c1p50) ? d.c1p50 : d.seqWall);
  const bound = (d, x) => (d.rps > 0 ? x : `≥ ${x}`);
  const single = (d, x) => (Number.isFinite(d.c1p50) ? x : `${x} (seq.)`);
  const rows = results.map(({ name, mirror: m, medusa: d }) => {
    const tr = ratio(m.rps, medusaRps(d));
    const st = ratio(medusaC1(d), m.c1p50);
    const cr = ratio(seqCpu(d), seqCpu(m));
    // The goal is judged on throughput and service time where the rounds ran, on CPU per answer otherwise.
    const judged = COST_ONLY ? cr : Math.min(tr, st);
    return `| ${name} | ${fmt(m.seqCpuApp, 2)} + ${fmt(m.seqCpuPg, 2)} | ${fmt(d.seqCpuApp, 1)} + ${fmt(d.seqCpuPg, 1)} | **${fmt(cr, 1)}** | ${fmt(m.seqWall, 1)} / ${fmt(d.seqWall, 0)} | ${fmt(m.rps)} | ${d.rps > 0 || !Number.isFinite(tr) ? fmt(d.rps) : `0 (ceiling ${fmt(medusaRps(d), 2)})`} | **${bound(d, fmt(tr, 1))}** | ${fmt(m.c1p50, 1)} | ${single(d, fmt(medusaC1(d), 1))} | **${fmt(st, 1)}** | ${fmt(m.p99)} / ${fmt(d.p99)} | ${m.items} / ${d.items} | ${fmt(m.bytes / 1024, 1)} / ${fmt(d.bytes / 1024, 1)} | ${m.errors} / ${d.errors} | ${Number.isFinite(judged) ? verdict(judged, 3) : '–'} |`;
  });
  const geo = (xs) => Math.exp(xs.reduce((s, x) => s + Math.log(x), 0) / xs.length);
  const memRatio = { warm: rssWarm.medusa / rssWarm.mirror, load: peakLoad.medusa / peakLoad.mirror };
  const coldRatio = median(cold.medusa) / median(cold.mirror);
  const md = [
    `# Side by side with a real peer: Mirror and Medusa v2 — ${PRODUCTS.toLocaleString('en')} products (${date})`,
    '',
    `\`npm run bench:peers${runArgs.length ? ` -- ${runArgs.join(' ')}` : ''}\``,
    '',
    `- Date: ${started.toISOString()}; Node ${process.version}; ${pgVersion}`,
    `- Machine: ${cpus().length} cores (${cpus()[0]?.model ?? '?'}), ${(totalmem() / 2 ** 30).toFixed(0)} GB RAM; load average at start ${load0.map((l) => l.toFixed(2)).join(' / ')}, at end ${load1.map((l) => l.toFixed(2)).join(' / ')}${load0[0] > 1.5 || load1[0] > 1.5 ? " — **the machine was busy** (other engineers' builds and tests): absolute numbers are low and move; the ratios come from one run, and CPU per answer and RSS are the figures a busy machine distorts least (see peers-2026-11-27-notes.md for the runs of that day)" : ''}`,
    `- Mirror ${sha}: production build of the API (\`${API_DIST}/server.js\`, NODE_ENV=production), pool ${POOL}, LOG_LEVEL=warn, no Redis.`,
    `- Medusa ${medusaV} (\`@medusajs/medusa\`, \`@medusajs/framework\`, \`@medusajs/cli\` from the npm registry, bench/peers/medusa): \`medusa start\` (NODE_ENV=production, one process, \`workerMode: shared\`), admin dashboard disabled, pool ${POOL} (\`databaseDriverOptions.pool.max\`), LOG_LEVEL=warn (its default logs every request), no Redis (its in-memory event bus, cache, locking and workflow engine), feature flags at their defaults (caching and index engine off).`,
    `- PostgreSQL: one throwaway server for both (separate databases), fsync off, ${Object.entries(PG_SETTINGS)
      .map(([k, v]) => `${k}=${v}`)
      .join(', ')}.`,
    `- Catalogue: Mirror seeded as \`bench:api\` seeds (${mirrorSeedSeconds.toFixed(0)} s). Medusa: \`medusa db:migrate\` (${medusaSeed.migrate.toFixed(0)} s); \`medusa exec seed.js\` (${medusaSeed.exec.toFixed(0)} s) sets up the store through Medusa's workflows — currencies EUR/CHF/USD, region Europe (EUR), a sales channel, a publishable API key linked to it, the 6 categories, one product tag per metal — and creates the first ${medusaSeed.workflowProducts} live pieces with \`createProductsWorkflow\` (${medusaSeed.workflowSeconds.toFixed(1)} s, ${(medusaSeed.workflowProducts / medusaSeed.workflowSeconds).toFixed(1)} pieces/s: ${PRODUCTS.toLocaleString('en')} would take ~${(PRODUCTS / (medusaSeed.workflowProducts / medusaSeed.workflowSeconds) / 3600).toFixed(1)} h at that rate); the other ${medusaSeed.bulkRows.toLocaleString('en')} pieces are copied from Mirror's database in set-based SQL (dblink) into the same 13 tables with the same rows the workflow wrote (product, variant, option and value, price set and price, the category, tag, sales-channel and price-set links) in ${medusaSeed.bulk.toFixed(0)} s, then vacuum analyze (${medusaSeed.vacuum.toFixed(0)} s). Each piece: one variant with Mirror's SKU, one "Metal" option, one price in Mirror's currency (Medusa keeps main units: Mirror's cents ÷ 100; a piece on request gets its lower bound), \`manage_inventory: false\`; ACTIVE → published, DRAFT/ARCHIVED → draft, deleted → soft-deleted; Mirror's created_at.`,
    `- Checked through both store APIs before measuring: ${checks.join('; ')}.`,
    `- Reads (Medusa as its Next.js starter asks: \`region_id\` and \`fields=*variants.calculated_price\`, so each piece comes with its price; 20 a page on both): list page = newest first; product by id = a live piece mid-catalogue; search = "diamond"; filtered list = category Rings + white gold (Mirror \`metalType\`, Medusa the metal's product tag), newest first.`,
    `- Method: per read, first ${COST} answers one after another on each app (after one to warm), for the CPU per answer (CPU time is counted in 10 ms ticks per process: with few answers a small figure is coarse)${COST_ONLY ? ' — and nothing else in this run (`--cost-only`); the load rounds below did not run' : ''}; then ${WARMUP} s of warm-up on each app, then ${RUNS} interleaved rounds (Mirror Medusa, Medusa Mirror, …) of ${DURATION} s at c=${CONNECTIONS} (autocannon, same machine), then ${RUNS} interleaved rounds of ${SINGLE} s at c=1 (service time: no request waits behind another). req/s, p99 and CPU are medians of the rounds; c=1 p50 pools the rounds' samples. CPU ms/req = user + system time of the app process, + of the PostgreSQL backends, during a c=${CONNECTIONS} round ÷ its requests (less disturbed by a busy machine than throughput). Throughput ratio = Mirror ÷ Medusa req/s; service-time ratio = Medusa ÷ Mirror c=1 p50 (both: higher is better for Mirror).`,
    '',
    '## Reads',
    '',
    '| read | Mirror CPU ms/answer (app + PG) | Medusa CPU ms/answer (app + PG) | CPU × | sequential ' +
      'wall ms/answer Mirror / Medusa | Mirror req/s c=50 | Medusa req/s c=50 | throughput × | Mirror c=1 ' +
      'p50 ms | Medusa c=1 p50 ms | service time × | c=50 p99 ms Mirror / Medusa | pieces | KB per answer ' +
      '| errors | goal ≥3× |',
    '|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|',
    ...rows,
    '',
    `Geometric means over the reads, Mirror ÷ Medusa: CPU per answer **${fmt(geo(results.map((r) => seqCpu(r.medusa) / seqCpu(r.mirror))), 1)}×** less, throughput **${results.some((r) => !(r.medusa.rps > 0)) ? '≥ ' : ''}${fmt(geo(results.map((r) => r.mirror.rps / medusaRps(r.medusa))), 1)}×**, service time **${fmt(geo(results.map((r) => medusaC1(r.medusa) / r.mirror.c1p50)), 1)}×** (– where a read's rounds did not run). Where Medusa completed no answer inside its c=${CONNECTIONS} rounds, its req/s shows 0 and the ratio uses its ceiling — ${cores} cores ÷ its CPU per answer — so the ratio is a lower bound (≥); where none completed inside its c=1 rounds, its service time is the sequential wall time per answer (seq.). CPU per answer: ${COST} answers one after another after one to warm, user + system time of the app process and of the PostgreSQL backends ÷ ${COST}; a busy machine stretches the wall time, not the CPU, so on a machine where CPU is the limit the throughput ratio is about the CPU ratio.${COST_ONLY ? ' **This run measured the CPU per answer only (`--cost-only`): no autocannon rounds.**' : ''} req/s of each round (Mirror; Medusa): ${results.map((r) => `${r.name} ${r.mirror.rounds.join('/')}; ${r.medusa.rounds.join('/')}`).join(' — ')}. After each round the harness waits until the app has finished what it had accepted (no active statement in its database, the process idle) before the other app's round; seconds waited in all, per read (Mirror; Medusa): ${results.map((r) => `${r.name} ${r.mirror.drained.toFixed(0)}; ${r.medusa.drained.toFixed(0)}`).join(' — ')}.`,
    '',
    '## Memory and cold start',
    '',
    '| | Mirror | Medusa | Medusa ÷ Mirror | goal |',
    '|---|---:|---:|---:|---|',
    `| RSS after start and one answer, idle (MB) | ${fmt(rssStarted.mirror)} | ${fmt(rssStarted.medusa)} | ${fmt(rssStarted.medusa / rssStarted.mirror, 2)} | |`,
    `| RSS after warm-up (the first read's, before its rounds) (MB) | ${fmt(rssWarm.mirror)} | ${fmt(rssWarm.medusa)} | **${fmt(memRatio.warm, 2)}** | ${memRatio.warm >= 5 ? 'met' : '**missed**'} (≥5× lower) |`,
    `| RSS peak under load, all reads (MB) | ${fmt(peakLoad.mirror)} | ${fmt(peakLoad.medusa)} | **${fmt(memRatio.load, 2)}** | ${memRatio.load >= 5 ? 'met' : '**missed**'} (≥5× lower) |`,
    `| RSS at the end (MB) | ${fmt(rssEnd.mirror)} | ${fmt(rssEnd.medusa)} | ${fmt(rssEnd.medusa / rssEnd.mirror, 2)} | |`,
    `| cold start: process start → first list page (s), median of ${COLD} | ${fmt(median(cold.mirror), 2)} | ${fmt(median(cold.medusa), 2)} | **${fmt(coldRatio, 2)}** | ${coldRatio >= 3 ? 'met' : '**missed**'} (≥3×) |`,
    '',
    `Cold starts (s), in the order run: Mirror ${cold.mirror.map((x) => x.toFixed(2)).join(', ')}; Medusa ${cold.medusa.map((x) => x.toFixed(2)).join(', ')}. RSS is VmRSS of the app's process tree (both are one process).`,
    '',
  ].join('\n');
  mkdirSync(path.join(root, 'bench/results'), { recursive: true });
  const file = path.join(root, 'bench/results', `peers-${date}${PRODUCTS === 100_000 ? '' : `-${PRODUCTS}`}.md`);
  writeFileSync(file, md);
  console.log(`\n${md}\nwritten to ${path.relative(root, file)}`);
}

main()
  .catch((err) => {
    console.error(err);
    process.exitCode = 1;
  })
  .finally(cleanup);
