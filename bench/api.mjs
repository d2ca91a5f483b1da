#!/usr/bin/env node
// `npm run bench:api [-- --quick | --products N] [--duration 10] [--runs 3] [--warmup 3] [--no-build] [--explain] [--hold] [--export] [--instances N]`
// (env: BENCH_ONLY=<regex> measures only matching endpoints; BENCH_API_DIST=<dir> runs that build, with --no-build)
//
// `--export` seeds the same way, then instead of autocannon downloads the CSV export of every product
// (and of one filtered view) as a client would, timing it and sampling the API's RSS; writes
// bench/results/export-<date>.md.
//
// `--instances N` seeds the same way, then measures public reads against 1 API process and N behind HAProxy
// (deploy/haproxy.cfg) with Redis; writes bench/results/instances-<date>.md (bench/instances.mjs).
//
// Seeds a throwaway PostgreSQL with N products (set-based SQL), starts the production API and a
// baseline server (bare Fastify hello-world + bare indexed 20-row SELECT with pg), runs autocannon
// (c=50, warm-up, then `runs` × `duration` s, medians) against each endpoint in the same run, and
// writes bench/results/api-<date>.md. Ratios are to the bare-SELECT baseline measured in this run.
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir, totalmem } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import pg from 'pg';
import { freePort, startPostgres } from '../scripts/pg.mjs';
import { benchInstances } from './instances.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const flag = (name) => args.includes(`--${name}`);
const option = (name, fallback) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 && args[i + 1] !== undefined ? Number(args[i + 1]) : fallback;
};
const QUICK = flag('quick');
const PRODUCTS = option('products', QUICK ? 100_000 : 1_000_000);
const DURATION = option('duration', 10);
const RUNS = option('runs', 3);
const WARMUP = option('warmup', 3);
const CONNECTIONS = option('connections', 50);
const SINGLE_SECONDS = option('single', 5);
const EXPLAIN = flag('explain') || flag('explain-only');
const EXPLAIN_ONLY = flag('explain-only');
const ADMIN = { username: 'bench-admin', email: 'bench-admin@mirror.example', password: 'Bench-Admin-Passw0rd-2024!x' };
const JWT_SECRET = 'bench-secret-bench-secret-bench-secret-0123456789';
// BENCH_API_DIST: a build of the API kept apart (with --no-build), so a rebuild of apps/api/dist by someone else
// during the seeding does not change the code under test (or add a migration between admin-create and start).
const API_DIST = process.env.BENCH_API_DIST ?? 'apps/api/dist';
// The cluster gets a production-like cache; everything else is PostgreSQL's defaults.
const PG_SETTINGS = { shared_buffers: '1GB', effective_cache_size: '4GB', maintenance_work_mem: '512MB', max_wal_size: '4GB' };

/** The deep page the benchmarks read by its keyset cursor (offset pages stop at the first 10,000 pieces). */
export const DEEP_PAGE = 2000;

/**
 * What the reads ask for by id: a live piece mid-catalogue (by SKU), the Rings category, the first collection (by
 * slug), and the keyset cursor a client holds for DEEP_PAGE (size 20): the list's row just before it.
 */
export async function readTargets(db, products) {
  const {
    rows: [piece],
  } = await db.query(
    `select id from products where status = 'ACTIVE' and deleted_at is null order by sku offset ${Math.floor(products / 2)} limit 1`,
  );
  const {
    rows: [rings],
  } = await db.query(`select id from categories where name = 'Rings'`);
  const {
    rows: [collection],
  } = await db.query(`select id from collections order by slug limit 1`);
  const {
    rows: [deep],
  } = await db.query(
    `select cast(created_at as text) as value, id from products where status = 'ACTIVE' and deleted_at is null order by created_at desc, id desc offset ${DEEP_PAGE * 20 - 1} limit 1`,
  );
  if (!deep) throw new Error('no cursor for the deep page (too few products?)');
  const deepCursor = Buffer.from(JSON.stringify([deep.value, deep.id])).toString('base64url');
  return { piece, rings, collection, deepCursor };
}

export const cleanups = [];
export const cleanup = async () => {
  for (const c of cleanups.splice(0).reverse()) {
    try {
      await c();
    } catch {
      // best effort
    }
  }
};
process.on('SIGINT', () => {
  void cleanup().then(() => process.exit(130));
});

const log = (msg) => console.log(`▶ ${msg}`);
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const seconds = (start) => ((performance.now() - start) / 1000).toFixed(1);

// ---------------------------------------------------------------- seeding
const CATEGORIES = ['Rings', 'Engagement Rings', 'Necklaces', 'Earrings', 'Bracelets', 'High Jewelry'];
// Piece words per category (same order), so names read like a catalogue.
const PIECES = [
  ['ring', 'band', 'signet ring', 'cocktail ring'],
  ['solitaire', 'engagement ring', 'halo ring', 'three-stone ring'],
  ['necklace', 'pendant', 'riviere', 'sautoir'],
  ['earrings', 'studs', 'drops', 'hoops'],
  ['bracelet', 'bangle', 'cuff', 'tennis bracelet'],
  ['collier', 'parure', 'tiara', 'brooch'],
];
const ADJECTIVES = [
  'Aurore',
  'Celeste',
  'Etoile',
  'Lumiere',
  'Riviera',
  'Soleil',
  'Opaline',
  'Nocturne',
  'Belle',
  'Cascade',
  'Serein',
  'Mirage',
  'Eclat',
  'Velours',
  'Jardin',
  'Comete',
  'Orchidee',
  'Minuit',
  'Palais',
  'Sirene',
  'Ondine',
  'Perle',
  'Fleur',
  'Sable',
  'Aube',
  'Ciel',
  'Astral',
  'Lune',
  'Rosee',
  'Nuage',
];
// Stone and its share of products (the rest have no stone); 'alexandrite' is made rare below.
const STONES = [
  ['diamond', 35],
  ['sapphire', 12],
  ['ruby', 8],
  ['emerald', 8],
  ['pearl', 7],
  ['tanzanite', 4],
  ['opal', 3],
  ['morganite', 2],
  ['aquamarine', 1],
];
const CUTS = ['brilliant', 'oval', 'cushion', 'emerald', 'pear', 'marquise', 'princess', 'cabochon'];
const COLOURS = ['white', 'blue', 'pink', 'red', 'green', 'yellow', 'violet'];
const CLARITIES = ['IF', 'VVS1', 'VVS2', 'VS1', 'VS2', 'SI1'];
const PHRASES = [
  'Hand-finished in our Paris atelier.',
  'Each stone is set by hand under the loupe.',
  'A piece made to be worn every day and handed down.',
  'Polished to a mirror finish, signed inside.',
  'Inspired by the light of the Riviera at dawn.',
  'Made to order in eight weeks.',
];
const arr = (list) => `array[${list.map((s) => `'${s.replace(/'/g, "''")}'`).join(',')}]`;

function stoneCase() {
  let acc = 0;
  const whens = STONES.map(([name, pct]) => {
    acc += pct;
    return `when s.r4 < ${acc / 100} then '${name}'`;
  });
  return `case when s.i % 50000 = 17 then 'alexandrite' ${whens.join(' ')} else null end`;
}

export async function seed(client, n) {
  const t0 = performance.now();
  await client.query(`set maintenance_work_mem = '512MB'`);
  await client.query(`select setseed(0.42)`);
  await client.query(
    `insert into categories (name, description) select name, name || ' of the house' from unnest(${arr(CATEGORIES)}::text[]) name`,
  );
  await client.query(`insert into vendors (code, name, country, type, is_verified)
    select 'V' || lpad(g::text, 3, '0'), 'Atelier ' || g, (array['FR','IT','CH','BE','GB','US'])[1 + g % 6],
           (array['ATELIER','MANUFACTURER','GEMSTONE_SUPPLIER','DISTRIBUTOR'])[1 + g % 4]::vendor_type, g % 3 = 0
    from generate_series(1, 40) g`);
  await client.query(`insert into designers (code, display_name, specialty)
    select 'D' || lpad(g::text, 3, '0'), 'Designer ' || g, (array['rings','necklaces','high jewelry','bridal'])[1 + g % 4] from generate_series(1, 25) g`);

  // Bulk load without secondary indexes, then build them once (what pg_restore does too).
  const { rows: indexes } = await client.query(`
    select indexname, indexdef from pg_indexes
    where tablename in ('products', 'search_terms')
      and indexname not in (select conname from pg_constraint)`);
  for (const ix of indexes) await client.query(`drop index ${ix.indexname}`);

  await client.query(`
    create temp table lookup as
    select (select array_agg(id order by name) from categories) cats,
           (select array_agg(id order by code) from vendors) vends,
           (select array_agg(id order by code) from designers) designs`);
  await client.query(`
    insert into products (name, slug, description, sku, vendor_id, designer_id, category_id, metal,
      gemstone_type, gemstone_carat_points, gemstone_cut, gemstone_colour, gemstone_clarity,
      price, price_min, price_max, currency, stock_quantity, is_featured, status, created_at, updated_at, deleted_at)
    select
      r.adj || ' ' || initcap(coalesce(r.stone, r.metal_word)) || ' ' || r.piece,
      'bench-' || r.i,
      'A ' || r.metal_word || ' ' || r.piece || coalesce(' set with a ' || r.cut || ' ' || r.stone, '') || '. ' || r.phrase,
      'MX' || lpad(r.i::text, 8, '0'),
      l.vends[1 + floor(r.r2 * r.r2 * 40)::int],
      case when r.r6 < 0.4 then null else l.designs[1 + floor(r.r6 * 1000)::int % 25] end,
      l.cats[r.ci + 1],
      r.metal::metal_type,
      r.stone,
      case when r.stone is null then null else 10 + floor(r.r7 * 390)::int end,
      case when r.stone is null then null else r.cut end,
      case when r.stone is null then null else (${arr(COLOURS)})[1 + floor(r.r8 * ${COLOURS.length})::int] end,
      case when r.stone is null or r.stone = 'pearl' then null else (${arr(CLARITIES)})[1 + floor(r.r9 * ${CLARITIES.length})::int] end,
      case when r.on_request then null else r.base_price end,
      case when r.on_request then r.base_price end,
      case when r.on_request then r.base_price * 3 end,
      case when r.r10 < 0.9 then 'EUR' when r.r10 < 0.97 then 'CHF' else 'USD' end,
      case when r.r11 < 0.07 then 0 when r.r11 < 0.17 then 1 + floor(r.r12 * 5)::int else 6 + floor(r.r12 * 115)::int end,
      r.r13 < 0.02,
      (case when r.r14 < 0.88 then 'ACTIVE' when r.r14 < 0.96 then 'DRAFT' else 'ARCHIVED' end)::product_status,
      r.created, r.created + interval '3 days',
      case when r.r15 < 0.01 then r.created + interval '30 days' end
    from (
      select s.*,
        ${stoneCase()} as stone,
        (${arr(PIECES.flat())})[1 + s.ci * 4 + floor(s.r5 * 4)::int] as piece,
        case s.metal when 'YELLOW_GOLD' then 'yellow gold' when 'WHITE_GOLD' then 'white gold' when 'ROSE_GOLD' then 'rose gold'
          when 'PLATINUM' then 'platinum' else 'silver' end as metal_word
      from (
        select i, random() r2, random() r4, random() r5, random() r6, random() r7, random() r8, random() r9, random() r10,
               random() r11, random() r12, random() r13, random() r14, random() r15,
               least(5, floor(power(random(), 1.3) * 6))::int as ci,
               (array['YELLOW_GOLD','WHITE_GOLD','WHITE_GOLD','ROSE_GOLD','PLATINUM','SILVER'])[1 + floor(random() * 6)::int] as metal,
               (${arr(ADJECTIVES)})[1 + floor(random() * ${ADJECTIVES.length})::int] as adj,
               (${arr(CUTS)})[1 + floor(random() * ${CUTS.length})::int] as cut,
               (${arr(PHRASES)})[1 + floor(random() * ${PHRASES.length})::int] as phrase,
               random() < 0.06 as on_request,
               (round(exp(ln(40000) + random() * ln(250)) / 100) * 100)::int as base_price,
               now() - random() * interval '1095 days' as created
        from generate_series(1, ${n}) i
      ) s
    ) r
    cross join lookup l`);
  log(`  ${n} products inserted in ${seconds(t0)} s`);
  const t1 = performance.now();
  for (const ix of indexes) await client.query(ix.indexdef);
  log(`  ${indexes.length} indexes rebuilt in ${seconds(t1)} s`);

  const t2 = performance.now();
  await client.query(`insert into search_terms (term)
    select distinct unnest(tsvector_to_array(search_vector)) from products on conflict do nothing`);
  log(`  search lexicon built in ${seconds(t2)} s`);

  // 40 collections over seasons and years; ~10,000 memberships spread evenly, first piece the hero.
  await client.query(`insert into collections (name, slug, description, year, season, is_featured)
    select 'Collection ' || (array['Aurore','Riviera','Minuit','Jardin','Palais'])[1 + g % 5] || ' ' || g, 'bench-collection-' || g,
           'A bench collection', 2019 + g % 7, (array['SPRING','SUMMER','AUTUMN','WINTER','HOLIDAY'])[1 + g % 5]::collection_season, g % 4 = 0
    from generate_series(1, 40) g`);
  const step = Math.max(1, Math.floor(n / 10_000));
  await client.query(`
    insert into collection_products (collection_id, product_id, sort_order, is_hero)
    select c.id, m.id, m.pos, m.pos = 0
    from (
      select p.id, (substr(p.sku, 3)::int / ${step}) % 40 as slot,
             (row_number() over (partition by (substr(p.sku, 3)::int / ${step}) % 40 order by p.sku) - 1)::int as pos
      from products p where substr(p.sku, 3)::int % ${step} = 0 and p.status = 'ACTIVE' and p.deleted_at is null
    ) m
    join (select id, row_number() over (order by slug) - 1 as slot from collections) c on c.slot = m.slot`);
  const t3 = performance.now();
  await client.query('vacuum analyze');
  log(`  vacuum analyze in ${seconds(t3)} s; seeding took ${seconds(t0)} s in all`);
}

// ---------------------------------------------------------------- processes
function rssMb(pid) {
  try {
    const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m ? Number(m[1]) / 1024 : null;
  } catch {
    return null;
  }
}

export async function startNode(script, env, healthPath, nodeArgs = []) {
  const port = await freePort();
  const child = spawn(process.execPath, [...nodeArgs, script], {
    cwd: root,
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  let exited = false;
  child.on('exit', () => (exited = true));
  // Stopped before PostgreSQL (cleanups run in reverse), and waited for, so no query is cut off mid-flight.
  cleanups.push(() =>
    exited
      ? undefined
      : new Promise((resolve) => {
          child.once('exit', resolve);
          child.kill('SIGTERM');
          setTimeout(resolve, 5000).unref();
        }),
  );
  const baseUrl = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 600; i += 1) {
    if (exited) throw new Error(`${script} exited with ${child.exitCode}`);
    try {
      if ((await fetch(baseUrl + healthPath)).ok) return { baseUrl, pid: child.pid, child };
    } catch {
      // not up yet
    }
    await sleep(200);
  }
  throw new Error(`${script} did not become healthy`);
}

// ---------------------------------------------------------------- measuring
function percentile(sorted, p) {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

function cannon(url, headers, seconds, latencies, connections = CONNECTIONS) {
  return new Promise((resolve, reject) => {
    const instance = autocannon({ url, connections, duration: seconds, headers }, (err, result) => (err ? reject(err) : resolve(result)));
    if (latencies) instance.on('response', (_client, _status, _bytes, responseTime) => latencies.push(responseTime));
  });
}

export async function measure(target, pid) {
  const headers = target.headers ?? {};
  const check = await fetch(target.url, { headers });
  if (!check.ok) throw new Error(`${target.name}: ${target.url} answered ${check.status}: ${(await check.text()).slice(0, 300)}`);
  await cannon(target.url, headers, WARMUP, null);
  const runs = [];
  let peakRss = rssMb(pid) ?? 0;
  for (let r = 0; r < RUNS; r += 1) {
    const latencies = [];
    const sampler = setInterval(() => (peakRss = Math.max(peakRss, rssMb(pid) ?? 0)), 200);
    const result = await cannon(target.url, headers, DURATION, latencies);
    clearInterval(sampler);
    latencies.sort((a, b) => a - b);
    runs.push({
      rps: result.requests.average,
      p50: percentile(latencies, 50),
      p95: percentile(latencies, 95),
      p99: percentile(latencies, 99),
      errors: result.errors + result.timeouts + result.non2xx,
    });
  }
  // Service time: one connection, so no request waits behind another (at c=50 a request's latency is
  // mostly its queue: by Little's law, mean latency = connections / throughput).
  const single = [];
  await cannon(target.url, headers, SINGLE_SECONDS, single, 1);
  single.sort((a, b) => a - b);
  const out = {
    single: { p50: percentile(single, 50), p95: percentile(single, 95), p99: percentile(single, 99) },
    name: target.name,
    path: target.url.replace(/^https?:\/\/[^/]+/, ''),
    rps: median(runs.map((r) => r.rps)),
    p50: median(runs.map((r) => r.p50)),
    p95: median(runs.map((r) => r.p95)),
    p99: median(runs.map((r) => r.p99)),
    errors: runs.reduce((s, r) => s + r.errors, 0),
    rss: peakRss,
    target: target.target,
  };
  console.log(
    `  ${out.name.padEnd(28)} ${out.rps.toFixed(0).padStart(7)} req/s  p50 ${out.p50.toFixed(1)}  p95 ${out.p95.toFixed(1)}  p99 ${out.p99.toFixed(1)} ms  RSS ${out.rss.toFixed(0)} MB${out.errors ? `  errors ${out.errors}` : ''}  | c=1 p50 ${out.single.p50.toFixed(1)} p95 ${out.single.p95.toFixed(1)} p99 ${out.single.p99.toFixed(1)} ms`,
  );
  return out;
}

/** The issue's targets: met / missed, measured against this run's bare-SELECT baseline. */
function verdict(row, baseline) {
  const t = row.target;
  if (!t) return '';
  const misses = [];
  if (!(row.rps > 0) || Number.isNaN(row.p99)) return '**missed**: no completed responses';
  if (t.ratio && row.rps / baseline.rps < t.ratio) misses.push(`req/s ${(row.rps / baseline.rps).toFixed(2)} < ${t.ratio}× base`);
  const single = (p, limit) => ` (c=1: ${row.single[p].toFixed(1)} ms ${row.single[p] <= limit ? 'within' : 'over'})`;
  if (t.p99 && row.p99 > t.p99) misses.push(`p99 ${row.p99.toFixed(0)} > ${t.p99} ms${single('p99', t.p99)}`);
  if (t.p95 && row.p95 > t.p95) misses.push(`p95 ${row.p95.toFixed(0)} > ${t.p95} ms${single('p95', t.p95)}`);
  if (row.rss > 300) misses.push(`RSS ${row.rss.toFixed(0)} > 300 MB`);
  if (row.errors) misses.push(`${row.errors} errors`);
  const goal = [t.ratio ? `≥${t.ratio}× base` : '', t.p95 ? `p95≤${t.p95}` : '', t.p99 ? `p99≤${t.p99}` : ''].filter(Boolean).join(', ');
  return misses.length ? `**missed** (${goal}): ${misses.join('; ')}` : `met (${goal})`;
}

function table(rows, baseline) {
  const lines = [
    `| endpoint | path | req/s | ×base | p50 ms | p95 ms | p99 ms | c=1 p50 | c=1 p95 | c=1 p99 | RSS MB | target |`,
    '|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|',
  ];
  for (const r of rows) {
    const path = r.path.length > 70 ? `${r.path.slice(0, 67)}…` : r.path;
    lines.push(
      `| ${r.name} | \`${path}\` | ${r.rps.toFixed(0)} | ${(r.rps / baseline.rps).toFixed(2)} | ${r.p50.toFixed(1)} | ${r.p95.toFixed(1)} | ${r.p99.toFixed(1)} | ${r.single.p50.toFixed(1)} | ${r.single.p95.toFixed(1)} | ${r.single.p99.toFixed(1)} | ${r.rss.toFixed(0)} | ${verdict(r, baseline)} |`,
    );
  }
  return lines.join('\n');
}

// ---------------------------------------------------------------- EXPLAIN
/** Logs every statement the API runs for one request per endpoint, then EXPLAIN (ANALYZE, BUFFERS)s each. */
async function explainAll(db, cluster, targets, date) {
  const logFile = path.join(cluster.dir, 'server.log');
  await db.query(`alter system set log_min_duration_statement = 0`);
  await db.query(`select pg_reload_conf()`);
  await sleep(300);
  const from = readFileSync(logFile, 'utf8').length;
  for (const t of targets) {
    await db.query(`select 'bench-endpoint' as marker, $1::text as name`, [t.name]);
    await (await fetch(t.url, { headers: t.headers ?? {} })).arrayBuffer();
  }
  await db.query(`alter system reset log_min_duration_statement`);
  await db.query(`select pg_reload_conf()`);
  await sleep(300);
  const text = readFileSync(logFile, 'utf8').slice(from);
  // Records start with the default log_line_prefix '%m [%p] '.
  const records = text.split(/\n(?=\d{4}-\d\d-\d\d \d\d:\d\d:\d\d\.\d+ \S+ \[\d+\] )/);
  const byEndpoint = new Map();
  let current = null;
  let pending = null;
  const flush = () => {
    if (pending && current) byEndpoint.get(current).push(pending);
    pending = null;
  };
  for (const rec of records) {
    const body = rec.replace(/^\S+ \S+ \S+ \[\d+\] /, '').replace(/\n\t/g, '\n');
    if (/^LOG:\s+duration: [\d.]+ ms\s+(parse|bind) /.test(body)) {
      flush();
      continue;
    }
    const stmt = /^LOG:\s+duration: [\d.]+ ms\s+(?:execute [^:]*|statement): ([\s\S]*)$/.exec(body);
    const detail = /^DETAIL:\s+parameters: ([\s\S]*)$/i.exec(body);
    if (stmt) {
      flush();
      const sql = stmt[1].trim();
      if (/bench-endpoint/.test(sql)) continue;
      pending = { sql, params: [] };
    } else if (detail && pending) {
      // $1 = 'x', $2 = NULL
      for (const m of detail[1].matchAll(/\$(\d+) = (NULL|'(?:[^']|'')*')/g)) pending.params[Number(m[1]) - 1] = m[2];
      flush();
    }
    const mark = /DETAIL:\s+parameters: \$1 = '((?:[^']|'')*)'/i.exec(body);
    if (mark && /bench-endpoint/.test(records[records.indexOf(rec) - 1] ?? '')) {
      current = mark[1].replace(/''/g, "'");
      byEndpoint.set(current, []);
    }
  }
  flush();
  const sections = [];
  for (const [name, statements] of byEndpoint) {
    const seen = new Set();
    const parts = [];
    for (const st of statements) {
      if (/^(begin|commit|rollback|select 1)$/i.test(st.sql) || seen.has(st.sql)) continue;
      seen.add(st.sql);
      const sql = st.sql.replace(/\$(\d+)\b/g, (_m, n) => st.params[Number(n) - 1] ?? 'NULL');
      let plan;
      try {
        plan = (await db.query(`explain (analyze, buffers) ${sql}`)).rows.map((r) => r['QUERY PLAN']).join('\n');
      } catch (err) {
        plan = `(explain failed: ${err.message})`;
      }
      const time = /Execution Time: ([\d.]+) ms/.exec(plan)?.[1];
      parts.push(`\`\`\`sql\n${sql.trim()}\n\`\`\`\n\n${time ? `Execution time ${time} ms.\n\n` : ''}\`\`\`\n${plan}\n\`\`\``);
    }
    sections.push(`## ${name}\n\n${parts.join('\n\n') || '(no SQL: answered from the in-process cache)'}`);
  }
  const file = path.join(root, 'bench/results', `explain-${date}${PRODUCTS === 1_000_000 ? '' : `-${PRODUCTS}`}.md`);
  writeFileSync(
    file,
    `# EXPLAIN (ANALYZE, BUFFERS) — ${PRODUCTS.toLocaleString('en')} products (${date})\n\nEvery statement the API ran for one request per endpoint (captured with log_min_duration_statement = 0, parameters inlined), run once more under EXPLAIN on a warm cache. Statements answered from the API's caches do not appear.\n\n${sections.join('\n\n')}\n`,
  );
  log(`plans written to ${path.relative(root, file)}`);
}

// ---------------------------------------------------------------- CSV export
/** Downloads exports as a browser would (reading as fast as it can), timing each and sampling the API's RSS. */
/** CPU seconds (user + system) of a process, and of the children of another (PostgreSQL's backends). */
/** User + system CPU seconds of a process (0 once it is gone). */
export function cpuSeconds(pid) {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return 0;
  }
}
/** CPU seconds of a process's direct children (PostgreSQL's backends under its postmaster). */
export function childrenCpuSeconds(parent) {
  let sum = 0;
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const fields = readFileSync(`/proc/${entry}/stat`, 'utf8').split(') ')[1].split(' ');
      if (Number(fields[1]) === parent) sum += (Number(fields[11]) + Number(fields[12])) / 100;
    } catch {
      // gone meanwhile
    }
  }
  // …and the children that have exited (a backend whose connection the pool closed): reaped into the parent's cutime/cstime.
  try {
    const fields = readFileSync(`/proc/${parent}/stat`, 'utf8').split(') ')[1].split(' ');
    sum += (Number(fields[13]) + Number(fields[14])) / 100;
  } catch {
    // the parent itself is gone
  }
  return sum;
}

async function benchExport(api, accessToken, n, pgPid) {
  const started = new Date();
  const load = loadavg();
  const cases = [
    { name: 'every piece (createdAt desc)', query: '' },
    { name: 'ACTIVE by price', query: 'status=ACTIVE&sort=price,asc' },
  ];
  const results = [];
  for (const c of cases) {
    const url = `${api.baseUrl}/api/products/export.csv${c.query ? `?${c.query}` : ''}`;
    const rssBefore = rssMb(api.pid) ?? 0;
    const cpu0 = { api: cpuSeconds(api.pid), pg: childrenCpuSeconds(pgPid) };
    let peak = rssBefore;
    const sampler = setInterval(() => (peak = Math.max(peak, rssMb(api.pid) ?? 0)), 100);
    const t0 = performance.now();
    const res = await fetch(url, { headers: { authorization: `Bearer ${accessToken}` } });
    if (!res.ok) throw new Error(`export ${c.name}: ${res.status} ${await res.text()}`);
    const firstByte = performance.now() - t0;
    let bytes = 0;
    let lines = 0;
    for await (const chunk of res.body) {
      bytes += chunk.length;
      for (let i = 0; i < chunk.length; i += 1) if (chunk[i] === 10) lines += 1;
    }
    const seconds = (performance.now() - t0) / 1000;
    clearInterval(sampler);
    const cpu = { api: cpuSeconds(api.pid) - cpu0.api, pg: childrenCpuSeconds(pgPid) - cpu0.pg };
    // Quoted cells may hold line breaks; the seeded data has none, so data rows = lines − header.
    const row = {
      name: c.name,
      query: c.query,
      rows: lines - 1,
      expected: Number(res.headers.get('x-total-count')),
      mb: bytes / 1_048_576,
      seconds,
      firstByte,
      rssBefore,
      peak,
      cpu,
    };
    results.push(row);
    log(
      `  export ${c.name}: ${row.rows.toLocaleString('en')} rows (${row.expected.toLocaleString('en')} expected), ${row.mb.toFixed(0)} MB in ${seconds.toFixed(1)} s (first byte ${firstByte.toFixed(0)} ms), API RSS ${rssBefore.toFixed(0)} → peak ${peak.toFixed(0)} MB, CPU API ${cpu.api.toFixed(1)} s + PostgreSQL ${cpu.pg.toFixed(1)} s`,
    );
  }
  const date = started.toISOString().slice(0, 10);
  const verdict = (r) => (r.seconds <= 60 && r.peak <= 300 && r.rows === r.expected ? 'met' : '**missed**');
  const md = [
    `# CSV export benchmark — ${n.toLocaleString('en')} products (${date})`,
    '',
    `- Date: ${started.toISOString()}; Node ${process.version}; ${cpus().length} cores (${cpus()[0]?.model ?? '?'}), load average at start ${load.map((l) => l.toFixed(2)).join(' / ')}, at end ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' / ')} (machine shared with other engineers)`,
    '- Seeded as `npm run bench:api` seeds (PostgreSQL, production build of the API, NODE_ENV=production); one download at a time, read as fast as the client can.',
    '- RSS: VmRSS of the API process sampled every 100 ms during the download. CPU: user + system ' +
      'seconds the API process and the PostgreSQL backends spent during it (what the export costs, ' +
      'whatever else the machine runs). Targets (issue 10): 1M rows ≤ 60 s, RSS ≤ 300 MB.',
    '',
    '| export | query | rows | expected (X-Total-Count) | MB | seconds | rows/s | first byte ms | API ' +
      'RSS before → peak MB | CPU s: API + PostgreSQL | target |',
    '|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---|',
    ...results.map(
      (r) =>
        `| ${r.name} | \`${r.query || '(none)'}\` | ${r.rows} | ${r.expected} | ${r.mb.toFixed(0)} | ${r.seconds.toFixed(1)} | ${Math.round(r.rows / r.seconds)} | ${r.firstByte.toFixed(0)} | ${r.rssBefore.toFixed(0)} → ${r.peak.toFixed(0)} | ${r.cpu.api.toFixed(1)} + ${r.cpu.pg.toFixed(1)} | ${verdict(r)} |`,
    ),
    '',
  ].join('\n');
  mkdirSync(path.join(root, 'bench/results'), { recursive: true });
  const file = path.join(root, 'bench/results', `export-${date}${n === 1_000_000 ? '' : `-${n}`}.md`);
  writeFileSync(file, md);
  console.log(`\n${md}\nwritten to ${path.relative(root, file)}`);
}

// ---------------------------------------------------------------- main
async function main() {
  const started = new Date();
  const load = loadavg();
  log(`bench:api — ${PRODUCTS.toLocaleString('en')} products, c=${CONNECTIONS}, warm-up ${WARMUP} s, ${RUNS} × ${DURATION} s`);
  if (!flag('no-build')) {
    log('build the API (npm run build -w apps/api)');
    if (spawnSync('npm', ['run', '--silent', 'build', '-w', 'apps/api'], { cwd: root, stdio: 'inherit' }).status !== 0)
      throw new Error('build failed');
  }

  log('start PostgreSQL');
  const cluster = await startPostgres({ settings: PG_SETTINGS });
  cleanups.push(cluster.stop);
  const admin = new pg.Client({ connectionString: cluster.url });
  await admin.connect();
  await admin.query('create database bench');
  await admin.end();
  const dbUrl = cluster.url.replace(/\/postgres$/, '/bench');
  const pgVersion = spawnSync(path.join(cluster.bin, 'postgres'), ['--version']).stdout.toString().trim();

  const dataDir = mkdtempSync(path.join(tmpdir(), 'mirror-bench-'));
  cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
  const apiEnv = {
    DATABASE_URL: dbUrl,
    JWT_SECRET,
    SEED_DEMO: 'false',
    LOG_LEVEL: 'warn',
    RATE_LIMIT_MAX: '100000000',
    NODE_ENV: 'production',
    DATA_DIR: dataDir,
  };

  log('apply the real migrations and create an administrator (dist/admin-create.js)');
  const created = spawnSync(process.execPath, [path.join(API_DIST, 'admin-create.js')], {
    cwd: root,
    env: { ...process.env, ...apiEnv, ADMIN_USERNAME: ADMIN.username, ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password },
    stdio: 'inherit',
  });
  if (created.status !== 0) throw new Error('admin-create failed');

  log(`seed ${PRODUCTS.toLocaleString('en')} products`);
  const db = new pg.Client({ connectionString: dbUrl });
  await db.connect();
  await seed(db, PRODUCTS);

  log('start the production API and the baseline server');
  // BENCH_API_NODE_ARGS (e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof") profiles the API process.
  const api = await startNode(
    path.join(API_DIST, 'server.js'),
    apiEnv,
    '/api/health',
    (process.env.BENCH_API_NODE_ARGS ?? '').split(' ').filter(Boolean),
  );
  const base = await startNode('bench/baseline-server.mjs', { DATABASE_URL: dbUrl }, '/hello');

  const login = await fetch(`${api.baseUrl}/api/auth/authenticate`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: ADMIN.username, password: ADMIN.password }),
  });
  if (!login.ok) throw new Error(`login failed: ${login.status}`);
  const { accessToken } = await login.json();

  if (option('instances', 0) > 1) {
    // `--instances N`: public reads through HAProxy with 1 and N API processes on this database (bench/instances.mjs).
    const { piece, rings, collection: first } = await readTargets(db, PRODUCTS);
    await benchInstances({
      root,
      instances: option('instances', 0),
      products: PRODUCTS,
      apiEnv,
      targets: [
        { name: 'list page 0', path: '/api/products?page=0&size=20' },
        { name: 'product by id', path: `/api/products/${piece.id}` },
        { name: 'filtered list', path: `/api/products?categoryId=${rings.id}&metalType=WHITE_GOLD&availability=IN_STOCK&sort=price,asc` },
        { name: 'search common', path: '/api/products/search?q=diamond' },
        { name: 'collections with products', path: '/api/collections/with-products?size=10&productsLimit=8' },
        { name: 'collection products page', path: `/api/collections/${first.id}/products?size=20` },
      ],
      startApi: (env) => startNode(path.join(API_DIST, 'server.js'), env, '/api/health'),
      cleanups,
      settings: PG_SETTINGS,
      pgVersion,
      postmaster: Number(readFileSync(path.join(cluster.dataDir, 'postmaster.pid'), 'utf8').split('\n')[0]),
      runs: RUNS,
      duration: DURATION,
      warmup: WARMUP,
      connections: CONNECTIONS,
    });
    await db.end();
    return;
  }

  // Inputs picked from the data: a deep page's cursor, a product, a category, a collection.
  // Pages by number stop at the 10,000th piece (OFFSET_WINDOW, decisions: deep pages by cursor): page 2000 is read
  // by its keyset cursor (the 40,000th row's, as the client holds it from page 1999), and the deepest page by number
  // (page 500 at 20 a page) is measured as the offset path's worst case.
  const { piece: pick, rings: ring, collection, deepCursor } = await readTargets(db, PRODUCTS);
  const lastOffsetPage = 10_000 / 20 - 1;
  const {
    rows: [counts],
  } = await db.query(`select
      count(*) filter (where search_vector @@ to_tsquery('simple', 'diamond:*'))::int as diamond,
      count(*) filter (where search_vector @@ to_tsquery('simple', 'alexandrite:*'))::int as alexandrite,
      count(*) filter (where search_vector @@ to_tsquery('simple', 'sapphire:*'))::int as sapphire
    from products where status = 'ACTIVE' and deleted_at is null`);

  const A = api.baseUrl;
  const listTarget = { ratio: 0.8, p99: 25 };
  const targets = [
    { name: 'baseline: hello-world', url: `${base.baseUrl}/hello`, pid: base.pid },
    { name: 'baseline: bare SELECT', url: `${base.baseUrl}/select`, pid: base.pid },
    { name: 'list page 0', url: `${A}/api/products?page=0&size=20`, target: listTarget },
    {
      name: `last page by number ${lastOffsetPage + 1} (offset 9,980)`,
      url: `${A}/api/products?page=${lastOffsetPage}&size=20`,
      target: listTarget,
    },
    {
      name: `deep page ${DEEP_PAGE} (keyset)`,
      url: `${A}/api/products?page=${DEEP_PAGE}&size=20&after=${deepCursor}`,
      target: listTarget,
    },
    {
      name: 'filtered list',
      url: `${A}/api/products?categoryId=${ring.id}&metalType=WHITE_GOLD&availability=IN_STOCK&sort=price,asc`,
      target: listTarget,
    },
    { name: `search common (${counts.diamond})`, url: `${A}/api/products/search?q=diamond`, target: { p95: 25 } },
    { name: `search rare (${counts.alexandrite})`, url: `${A}/api/products/search?q=alexandrite`, target: { p95: 25 } },
    { name: `search typo saphire (${counts.sapphire})`, url: `${A}/api/products/search?q=saphire`, target: { p95: 25 } },
    { name: 'product by id', url: `${A}/api/products/${pick.id}`, target: listTarget },
    { name: 'collections with products', url: `${A}/api/collections/with-products?size=10&productsLimit=8` },
    // Signed in, the same read skips the public answer cache (decisions: HTTP caching of catalogue reads): what assembling it costs.
    { name: 'collections with products (ADMIN, uncached)', url: `${A}/api/collections/with-products?size=10&productsLimit=8`, admin: true },
    { name: 'collection products page', url: `${A}/api/collections/${collection.id}/products?size=20` },
    { name: 'filters (no filter)', url: `${A}/api/products/filters`, target: { p99: 100 } },
    { name: 'filters (category+metal)', url: `${A}/api/products/filters?categoryId=${ring.id}&metalType=WHITE_GOLD`, target: { p99: 100 } },
    {
      name: 'statistics (ADMIN)',
      url: `${A}/api/products/statistics`,
      headers: { authorization: `Bearer ${accessToken}` },
      target: { p99: 100 },
    },
    // The back-office products table (issue 10): admin-only shapes, filters + sorts, each on its own index.
    // The first is the plain list signed in as ADMIN: what the sign-in check (one more query) costs by itself.
    { name: 'admin: list page 0', url: `${A}/api/products?page=0&size=20`, admin: true, target: listTarget },
    { name: 'admin: active by stock', url: `${A}/api/products?status=ACTIVE&sort=stock,asc&size=20`, admin: true, target: listTarget },
    { name: 'admin: drafts by price', url: `${A}/api/products?status=DRAFT&sort=price,desc&size=20`, admin: true, target: listTarget },
    { name: 'admin: recently updated', url: `${A}/api/products?sort=updatedAt,desc&size=20`, admin: true, target: listTarget },
    {
      name: 'admin: category+low stock by updated',
      url: `${A}/api/products?categoryId=${ring.id}&availability=LOW_STOCK&sort=updatedAt,desc&size=20`,
      admin: true,
      target: listTarget,
    },
    {
      name: 'admin: stone+status by price',
      url: `${A}/api/products?stone=Sapphire&status=ACTIVE&sort=price,asc&size=20`,
      admin: true,
      target: listTarget,
    },
    {
      name: 'admin: out of stock by SKU',
      url: `${A}/api/products?availability=OUT_OF_STOCK&sort=sku,asc&size=20`,
      admin: true,
      target: listTarget,
    },
    { name: 'admin: Trash', url: `${A}/api/products?deleted=only&sort=updatedAt,desc&size=20`, admin: true, target: listTarget },
    { name: 'admin: search drafts', url: `${A}/api/products/search?q=diamond&status=DRAFT`, admin: true, target: { p95: 25 } },
  ];
  // Access tokens live 15 minutes, shorter than a full run: admin targets sign in again just before they run.
  const freshToken = async () => {
    const res = await fetch(`${A}/api/auth/authenticate`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: ADMIN.username, password: ADMIN.password }),
    });
    if (!res.ok) throw new Error(`login failed: ${res.status}`);
    return (await res.json()).accessToken;
  };
  for (const t of targets) if (t.admin) t.headers = { authorization: `Bearer ${accessToken}` };
  if (flag('export')) {
    // The postmaster's pid: its children are the backends whose CPU the export costs.
    const postmaster = Number(readFileSync(path.join(cluster.dataDir, 'postmaster.pid'), 'utf8').split('\n')[0]);
    await benchExport(api, accessToken, PRODUCTS, postmaster);
    await db.end();
    return;
  }
  if (flag('hold')) {
    // `--hold`: keep the seeded database and both servers up for profiling by hand (Ctrl-C ends it).
    log(`holding: API ${A}  baseline ${base.baseUrl}  DATABASE_URL=${dbUrl}  admin token in /tmp/bench-token`);
    writeFileSync('/tmp/bench-token', accessToken);
    for (const t of targets) console.log(`  ${t.name.padEnd(28)} ${t.url}`);
    await new Promise(() => {});
  }
  const only = process.env.BENCH_ONLY ? new RegExp(process.env.BENCH_ONLY) : null;

  log('autocannon');
  const rows = [];
  for (const t of EXPLAIN_ONLY ? [] : targets) {
    if (only && !t.name.startsWith('baseline') && !only.test(t.name)) continue;
    if (t.admin) t.headers = { authorization: `Bearer ${await freshToken()}` };
    rows.push(await measure(t, t.pid ?? api.pid));
  }
  const baseline = rows.find((r) => r.name === 'baseline: bare SELECT');
  const finalRss = rssMb(api.pid) ?? 0;

  const date = started.toISOString().slice(0, 10);
  const mode = PRODUCTS === 100_000 ? 'quick' : `${PRODUCTS / 1_000_000}M`.replace(/^0\./, '0.');
  const machine = [
    `- Date: ${started.toISOString()}; ${PRODUCTS.toLocaleString('en')} products; Node ${process.version}; ${pgVersion}`,
    `- Machine: ${cpus().length} cores (${cpus()[0]?.model ?? '?'}), ${(totalmem() / 2 ** 30).toFixed(0)} GB RAM; load average at start ${load.map((l) => l.toFixed(2)).join(' / ')}, at end ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' / ')} — shared with other engineers, so absolute numbers move; the ratios come from one run`,
    `- autocannon c=${CONNECTIONS}, warm-up ${WARMUP} s, then ${RUNS} × ${DURATION} s; medians of the runs. autocannon runs on the same 2 cores as the server and PostgreSQL.`,
    `- PostgreSQL: throwaway cluster, fsync off, ${Object.entries(PG_SETTINGS)
      .map(([k, v]) => `${k}=${v}`)
      .join(', ')}; API pool 20 connections, count cache 5 s (as in production)`,
    `- RSS: peak VmRSS of the API process while each endpoint ran (the baselines: of the baseline process); API RSS at the end ${finalRss.toFixed(0)} MB`,
  ].join('\n');
  const md = `# API benchmark — ${mode} (${date})\n\n${machine}\n\n${table(rows, baseline)}\n\n×base = req/s divided by the bare-SELECT baseline of this run. Targets (issue 3) apply to 1M products on PostgreSQL; the quick mode shows them for orientation.\n\nLatency targets are judged at c=${CONNECTIONS}, as the issue asks. At c=${CONNECTIONS} a request mostly waits for the ${CONNECTIONS - 1} others (Little's law: mean latency = connections / throughput), so no endpoint — not even the bare SELECT baseline, ${baseline ? `p99 ${baseline.p99.toFixed(0)} ms at ${baseline.rps.toFixed(0)} req/s` : ''} — can reach p99 ≤ 25 ms here unless it serves more than ${Math.round(CONNECTIONS / 0.025)} req/s; the c=1 columns give each endpoint's own service time (one connection, ${SINGLE_SECONDS} s).\n`;
  mkdirSync(path.join(root, 'bench/results'), { recursive: true });
  const file = path.join(root, 'bench/results', `api-${date}${PRODUCTS === 1_000_000 ? '' : `-${PRODUCTS}`}.md`);
  if (rows.length) writeFileSync(file, md);
  if (rows.length) console.log(`\n${table(rows, baseline)}\n\nwritten to ${path.relative(root, file)}`);

  if (EXPLAIN) {
    // A fresh API process, so no statement is skipped because its answer is cached from the runs above.
    const fresh = await startNode(path.join(API_DIST, 'server.js'), apiEnv, '/api/health');
    const rebased = targets.filter((t) => !t.name.startsWith('baseline')).map((t) => ({ ...t, url: t.url.replace(A, fresh.baseUrl) }));
    await explainAll(db, cluster, [targets[1], ...rebased], date);
  }
  await db.end();
}

// Run as a script (bench/api-ab.mjs imports the seeding and measuring above without running this).
if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url))
  main()
    .catch((err) => {
      console.error(err);
      process.exitCode = 1;
    })
    .finally(cleanup);
