#!/usr/bin/env node
// `node bench/api-ab.mjs --before <api dist> --after <api dist> [--quick | --products N] [--duration 10] [--runs 3] [--warmup 3] [--single 5] [--label admin] [--rows admin|public|all] [--interleave R]`
// (env: BENCH_ONLY=<regex> measures only matching rows)
//
// Two builds of the API side by side, as bench:api measures one: the catalog is seeded once (bench/api.mjs's seeding,
// migrations of the *before* build), copied as a template into a second database, and the *after* build's migrations
// run on the copy. Both APIs then serve at the same time, and every row is measured interleaved — the bare-SELECT
// baseline, then *before*, then *after* — so each ratio is to a baseline measured a minute earlier on the same busy
// machine (a single baseline at the start drifts with the load over a long run). Besides req/s it records the CPU
// milliseconds each request cost the API process and the PostgreSQL backends, which a shared machine moves far less
// than throughput. Then EXPLAIN (ANALYZE, BUFFERS) of each admin list shape on both databases.
// Writes bench/results/api-<date>-<label>.md.
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import pg from 'pg';
import { startPostgres } from '../scripts/pg.mjs';
import { childrenCpuSeconds, cleanup, cleanups, cpuSeconds, measure, readTargets, seed, startNode } from './api.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const value = (name, fallback) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 && args[i + 1] !== undefined ? args[i + 1] : fallback;
};
const BEFORE = value('before');
const AFTER = value('after');
const LABEL = value('label', 'ab');
// --rows admin (default): the back-office list shapes; --rows public: the storefront's reads of bench:api; --rows all: both.
const ROWS = value('rows', 'admin');
// --interleave R: per row, R rounds of (baseline, before, after), one c=50 run of --duration s each, instead of each
// target's runs back to back; a row's ratio is then the median of its rounds' ratios (each to the baseline run seconds
// earlier), with their range: what a ratio is worth on a machine whose baseline alone moves ±20 % from minute to minute.
const INTERLEAVE = Number(value('interleave', 0));
const DURATION_S = Number(value('duration', 10));
const WARMUP_S = Number(value('warmup', 3));
const SINGLE_S = Number(value('single', 5));
const PRODUCTS = Number(value('products', args.includes('--quick') ? 100_000 : 1_000_000));
if (!BEFORE || !AFTER) throw new Error('usage: node bench/api-ab.mjs --before <api dist> --after <api dist> [--quick]');
const ADMIN = { username: 'bench-admin', email: 'bench-admin@mirror.example', password: 'Bench-Admin-Passw0rd-2024!x' };
const JWT_SECRET = 'bench-secret-bench-secret-bench-secret-0123456789';
const PG_SETTINGS = { shared_buffers: '1GB', effective_cache_size: '4GB', maintenance_work_mem: '512MB', max_wal_size: '4GB' };
const log = (msg) => console.log(`▶ ${msg}`);
/** The judged query set of the search's relevance test (apps/api/test/search-judged.json). */
const JUDGED = JSON.parse(readFileSync(new URL('../apps/api/test/search-judged.json', import.meta.url), 'utf8')).queries;
const judgedPath = (query) => `/api/products/search?q=${encodeURIComponent(query.q)}`;

/** bench/api.mjs's measure, then CPU ms per request of the serving process and of PostgreSQL over one more 5 s c=50 run. */
async function measured(target, pid, postmaster) {
  const row = await measure(target, pid);
  const c0 = cpuSeconds(pid);
  const p0 = childrenCpuSeconds(postmaster);
  const result = await new Promise((resolve, reject) => {
    autocannon({ url: target.url, connections: 50, duration: 5, headers: target.headers ?? {} }, (err, r) =>
      err ? reject(err) : resolve(r),
    );
  });
  const requests = Math.max(1, result.requests.total);
  return {
    ...row,
    apiMs: ((cpuSeconds(pid) - c0) * 1000) / requests,
    pgMs: ((childrenCpuSeconds(postmaster) - p0) * 1000) / requests,
    load: loadavg()[0],
  };
}

const median = (xs) => {
  const v = [...xs].sort((a, b) => a - b);
  return v.length % 2 ? v[(v.length - 1) / 2] : (v[v.length / 2 - 1] + v[v.length / 2]) / 2;
};

/** One autocannon run; with `pid`, the CPU ms per request of that process and of PostgreSQL's backends during it. */
async function run(url, headers, seconds, connections, pid, postmaster, paths) {
  const c0 = pid ? cpuSeconds(pid) : 0;
  const p0 = pid ? childrenCpuSeconds(postmaster) : 0;
  const latencies = [];
  const result = await new Promise((resolve, reject) => {
    // `paths`: the requests each connection sends in turn (a row of several queries: the judged search set).
    const options = { url, connections, duration: seconds, headers, ...(paths ? { requests: paths } : {}) };
    const instance = autocannon(options, (err, r) => (err ? reject(err) : resolve(r)));
    instance.on('response', (_client, _status, _bytes, time) => latencies.push(time));
  });
  const requests = Math.max(1, result.requests.total);
  latencies.sort((a, b) => a - b);
  const at = (q) => latencies[Math.min(latencies.length - 1, Math.floor((q / 100) * latencies.length))] ?? NaN;
  return {
    rps: result.requests.average,
    errors: result.errors + result.timeouts + result.non2xx,
    apiMs: pid ? ((cpuSeconds(pid) - c0) * 1000) / requests : NaN,
    pgMs: pid ? ((childrenCpuSeconds(postmaster) - p0) * 1000) / requests : NaN,
    p50: at(50),
    p99: at(99),
  };
}

/** `--interleave`: a row's three targets in rounds (see INTERLEAVE), then each one's service time at one connection. */
async function interleaved(targets, postmaster) {
  for (const t of targets) {
    const check = await fetch(t.url, { headers: t.headers ?? {} });
    if (!check.ok) throw new Error(`${t.name}: ${t.url} answered ${check.status}: ${(await check.text()).slice(0, 300)}`);
    await run(t.url, t.headers ?? {}, WARMUP_S, 50, undefined, undefined, t.requests);
  }
  const rounds = targets.map(() => []);
  for (let r = 0; r < INTERLEAVE; r += 1)
    for (const [i, t] of targets.entries())
      rounds[i].push(await run(t.url, t.headers ?? {}, DURATION_S, 50, t.pid, postmaster, t.requests));
  const out = [];
  for (const [i, t] of targets.entries()) {
    const single = await run(t.url, t.headers ?? {}, SINGLE_S, 1, undefined, undefined, t.requests);
    const mine = rounds[i];
    out.push({
      name: t.name,
      rps: median(mine.map((x) => x.rps)),
      rounds: mine.map((x) => x.rps),
      errors: mine.reduce((sum, x) => sum + x.errors, 0),
      apiMs: median(mine.map((x) => x.apiMs)),
      pgMs: median(mine.map((x) => x.pgMs)),
      single: { p50: single.p50, p99: single.p99 },
      load: loadavg()[0],
    });
    console.log(
      `  ${t.name.padEnd(44)} rounds ${mine.map((x) => x.rps.toFixed(0)).join(' ')} req/s; CPU ${out.at(-1).apiMs.toFixed(2)} + ${out.at(-1).pgMs.toFixed(2)} ms/req`,
    );
  }
  // Each round's ratio to the baseline run just before it.
  const ratios = (i) => rounds[i].map((x, r) => x.rps / rounds[0][r].rps);
  return { base: out[0], before: { ...out[1], ratios: ratios(1) }, after: { ...out[2], ratios: ratios(2) } };
}

function explainShapes(category) {
  const cols = '*';
  return [
    ['admin: list page 0', `select ${cols} from products where deleted_at is null order by created_at desc, id desc limit 20`],
    [
      'admin: active by stock',
      `select ${cols} from products where deleted_at is null and status = 'ACTIVE' order by stock_quantity asc, id asc limit 20`,
    ],
    [
      'admin: drafts by price',
      `select ${cols} from products where deleted_at is null and status = 'DRAFT' order by sort_price desc, id desc limit 20`,
    ],
    ['admin: recently updated', `select ${cols} from products where deleted_at is null order by updated_at desc, id desc limit 20`],
    [
      'admin: category+low stock by updated',
      `select ${cols} from products where deleted_at is null and category_id = '${category}' and stock_quantity >= 1 and stock_quantity <= 5 order by updated_at desc, id desc limit 20`,
    ],
    [
      'admin: stone+status by price',
      `select ${cols} from products where deleted_at is null and status = 'ACTIVE' and lower(gemstone_type) = lower('Sapphire') order by sort_price asc, id asc limit 20`,
    ],
    [
      'admin: out of stock by SKU',
      `select ${cols} from products where deleted_at is null and stock_quantity = 0 order by sku asc, id asc limit 20`,
    ],
    ['admin: Trash', `select ${cols} from products where deleted_at is not null order by updated_at desc, id desc limit 20`],
    [
      'filtered list (public: category + white gold + in stock, by price)',
      `select ${cols} from products where status = 'ACTIVE' and deleted_at is null and category_id = '${category}' and metal = 'WHITE_GOLD' and stock_quantity > 5 order by sort_price asc, id asc limit 20`,
    ],
    [
      'admin: drafts by price, page 400 (offset 7,980)',
      `select ${cols} from products where id in (select id from products where deleted_at is null and status = 'DRAFT' order by sort_price desc, id desc limit 20 offset 7980) order by sort_price desc, id desc`,
    ],
  ];
}

async function explain(url, sql) {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    await c.query(sql); // warm
    const plan = (await c.query(`explain (analyze, buffers) ${sql}`)).rows.map((r) => r['QUERY PLAN']);
    const buffers = /Buffers: shared hit=(\d+)(?: read=(\d+))?/.exec(plan.join('\n'));
    const scan =
      plan
        .find((l) => /Scan/.test(l))
        ?.trim()
        .replace(/\s+\(cost.*$/, '') ?? '';
    const time = /Execution Time: ([\d.]+) ms/.exec(plan.join('\n'))?.[1];
    return { plan: plan.join('\n'), buffers: buffers ? Number(buffers[1]) + Number(buffers[2] ?? 0) : NaN, scan, time: Number(time) };
  } finally {
    await c.end();
  }
}

async function main() {
  const started = new Date();
  const load = loadavg();
  log(`api-ab — ${PRODUCTS.toLocaleString('en')} products; before ${BEFORE}, after ${AFTER}`);
  const cluster = await startPostgres({ settings: PG_SETTINGS });
  cleanups.push(cluster.stop);
  const postmaster = Number(readFileSync(path.join(cluster.dataDir, 'postmaster.pid'), 'utf8').split('\n')[0]);
  const admin = new pg.Client({ connectionString: cluster.url });
  await admin.connect();
  await admin.query('create database bench_before');
  const urlOf = (name) => cluster.url.replace(/\/postgres$/, `/${name}`);
  const dataDir = mkdtempSync(path.join(tmpdir(), 'mirror-bench-ab-'));
  cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
  const envOf = (db) => ({
    DATABASE_URL: urlOf(db),
    JWT_SECRET,
    SEED_DEMO: 'false',
    LOG_LEVEL: 'warn',
    RATE_LIMIT_MAX: '100000000',
    NODE_ENV: 'production',
    DATA_DIR: dataDir,
  });
  const adminCreate = (dist, db, who) =>
    spawnSync(process.execPath, [path.join(dist, 'admin-create.js')], {
      cwd: root,
      env: { ...process.env, ...envOf(db), ADMIN_USERNAME: who.username, ADMIN_EMAIL: who.email, ADMIN_PASSWORD: who.password },
      stdio: 'inherit',
    }).status;

  log('before: migrations and an administrator; seed');
  if (adminCreate(BEFORE, 'bench_before', ADMIN) !== 0) throw new Error('admin-create (before) failed');
  const db = new pg.Client({ connectionString: urlOf('bench_before') });
  await db.connect();
  await seed(db, PRODUCTS);
  const { piece, rings: ring, collection, deepCursor } = await readTargets(db, PRODUCTS);
  await db.end();

  log('after: a copy of the seeded database, then the after build’s migrations on it');
  await admin.query('create database bench_after template bench_before');
  const t0 = performance.now();
  if (
    adminCreate(AFTER, 'bench_after', {
      username: 'bench-admin-after',
      email: 'bench-admin-after@mirror.example',
      password: ADMIN.password,
    }) !== 0
  )
    throw new Error('admin-create (after) failed');
  const migrationSeconds = (performance.now() - t0) / 1000;
  const after = new pg.Client({ connectionString: urlOf('bench_after') });
  await after.connect();
  await after.query('analyze products');
  const indexCount = async (url) => {
    const c = new pg.Client({ connectionString: url });
    await c.connect();
    const {
      rows: [r],
    } = await c.query(
      `select count(*)::int as n, pg_size_pretty(sum(pg_relation_size(indexrelid))) as size from pg_index where indrelid = 'products'::regclass`,
    );
    await c.end();
    return r;
  };
  await after.end();
  await admin.end();
  const indexes = { before: await indexCount(urlOf('bench_before')), after: await indexCount(urlOf('bench_after')) };
  log(
    `indexes on products: before ${indexes.before.n} (${indexes.before.size}), after ${indexes.after.n} (${indexes.after.size}); after's migrations ${migrationSeconds.toFixed(1)} s`,
  );

  log('start both APIs and the baseline');
  const apiBefore = await startNode(path.join(BEFORE, 'server.js'), envOf('bench_before'), '/api/health');
  const apiAfter = await startNode(path.join(AFTER, 'server.js'), envOf('bench_after'), '/api/health');
  const base = await startNode('bench/baseline-server.mjs', { DATABASE_URL: urlOf('bench_before') }, '/hello');
  const tokenOf = async (api) => {
    const res = await fetch(`${api.baseUrl}/api/auth/authenticate`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: ADMIN.username, password: ADMIN.password }),
    });
    if (!res.ok) throw new Error(`login failed: ${res.status}`);
    return (await res.json()).accessToken;
  };

  const publicRows = [
    { name: 'list page 0', path: '/api/products?page=0&size=20' },
    { name: 'filtered list', path: `/api/products?categoryId=${ring.id}&metalType=WHITE_GOLD&availability=IN_STOCK&sort=price,asc` },
    { name: 'product by id', path: `/api/products/${piece.id}` },
    { name: 'search common', path: '/api/products/search?q=diamond' },
    { name: 'search rare', path: '/api/products/search?q=alexandrite' },
    { name: 'search typo', path: '/api/products/search?q=saphire' },
    { name: 'collections with products', path: '/api/collections/with-products?size=10&productsLimit=8' },
    { name: 'collection products page', path: `/api/collections/${collection.id}/products?size=20` },
    { name: 'filters (category+metal)', path: `/api/products/filters?categoryId=${ring.id}&metalType=WHITE_GOLD` },
    // Issue 16 §1: the search's speed on the judged query set of its relevance test (every query in turn, per connection).
    { name: `search: judged set (${JUDGED.length} queries in turn)`, path: judgedPath(JUDGED[0]), paths: JUDGED.map(judgedPath) },
  ];
  const adminRows = [
    { name: 'list page 0 (public, control)', path: '/api/products?page=0&size=20' },
    // Both builds answer page 2000 by its keyset cursor only (the offset window of 2026-11-27).
    { name: 'deep page 2000 (keyset cursor)', path: `/api/products?page=2000&size=20&after=${deepCursor}` },
    { name: 'admin: list page 0', path: '/api/products?page=0&size=20', admin: true },
    { name: 'admin: active by stock', path: '/api/products?status=ACTIVE&sort=stock,asc&size=20', admin: true },
    { name: 'admin: drafts by price', path: '/api/products?status=DRAFT&sort=price,desc&size=20', admin: true },
    { name: 'admin: recently updated', path: '/api/products?sort=updatedAt,desc&size=20', admin: true },
    {
      name: 'admin: category+low stock by updated',
      path: `/api/products?categoryId=${ring.id}&availability=LOW_STOCK&sort=updatedAt,desc&size=20`,
      admin: true,
    },
    { name: 'admin: stone+status by price', path: '/api/products?stone=Sapphire&status=ACTIVE&sort=price,asc&size=20', admin: true },
    { name: 'admin: out of stock by SKU', path: '/api/products?availability=OUT_OF_STOCK&sort=sku,asc&size=20', admin: true },
    { name: 'admin: Trash', path: '/api/products?deleted=only&sort=updatedAt,desc&size=20', admin: true },
  ];
  // --rows all: the admin shapes, then the public reads that are not already among them.
  const rows =
    ROWS === 'public' ? publicRows : ROWS === 'all' ? [...adminRows, ...publicRows.filter((r) => r.name !== 'list page 0')] : adminRows;
  const only = process.env.BENCH_ONLY ? new RegExp(process.env.BENCH_ONLY) : null;
  const results = [];
  for (const row of rows) {
    if (only && !only.test(row.name)) continue;
    // Access tokens live 15 minutes: sign in again for each row.
    const headersOf = async (api) => (row.admin ? { authorization: `Bearer ${await tokenOf(api)}` } : {});
    const requests = row.paths?.map((p) => ({ path: p }));
    if (requests && INTERLEAVE === 0) throw new Error(`${row.name}: a row of several queries needs --interleave`);
    if (INTERLEAVE > 0) {
      const measuredRow = await interleaved(
        [
          { name: 'baseline: bare SELECT', url: `${base.baseUrl}/select`, pid: base.pid },
          {
            name: `${row.name} (before)`,
            url: apiBefore.baseUrl + row.path,
            headers: await headersOf(apiBefore),
            pid: apiBefore.pid,
            requests,
          },
          {
            name: `${row.name} (after)`,
            url: apiAfter.baseUrl + row.path,
            headers: await headersOf(apiAfter),
            pid: apiAfter.pid,
            requests,
          },
        ],
        postmaster,
      );
      results.push({ row, ...measuredRow });
      continue;
    }
    const b = await measured({ name: 'baseline: bare SELECT', url: `${base.baseUrl}/select` }, base.pid, postmaster);
    const x = await measured(
      { name: `${row.name} (before)`, url: apiBefore.baseUrl + row.path, headers: await headersOf(apiBefore) },
      apiBefore.pid,
      postmaster,
    );
    const y = await measured(
      { name: `${row.name} (after)`, url: apiAfter.baseUrl + row.path, headers: await headersOf(apiAfter) },
      apiAfter.pid,
      postmaster,
    );
    results.push({ row, base: b, before: x, after: y });
  }

  // The judged set query by query at one connection: each build's median service time and what it found at this scale.
  const judged = [];
  if (!only || only.test(`search: judged set (${JUDGED.length} queries in turn)`)) {
    log(`the judged set query by query, c=1 (${JUDGED.length} queries, both builds in turn)`);
    const timed = async (url) => {
      const t = performance.now();
      const res = await fetch(url);
      const body = await res.json();
      if (!res.ok) throw new Error(`${url} answered ${res.status}`);
      return { ms: performance.now() - t, total: body.totalElements, exact: body.totalExact !== false };
    };
    for (const query of JUDGED) {
      const times = { before: [], after: [] };
      let found;
      for (let i = 0; i < 18; i += 1)
        for (const [k, api] of [
          ['before', apiBefore],
          ['after', apiAfter],
        ]) {
          const answer = await timed(api.baseUrl + judgedPath(query));
          if (i >= 3) times[k].push(answer.ms);
          if (k === 'after') found = answer;
        }
      judged.push({ q: query.q, kind: query.kind, before: median(times.before), after: median(times.after), found });
    }
  }

  log('EXPLAIN (ANALYZE, BUFFERS) of each admin shape on both databases');
  const plans = [];
  for (const [name, sql] of explainShapes(ring.id))
    plans.push({ name, sql, before: await explain(urlOf('bench_before'), sql), after: await explain(urlOf('bench_after'), sql) });

  const date = started.toISOString().slice(0, 10);
  const f = (n, d = 0) => (Number.isFinite(n) ? n.toFixed(d) : '—');
  const md = [
    `# API A/B — ${LABEL}, ${PRODUCTS.toLocaleString('en')} products (${date})`,
    '',
    `- Date: ${started.toISOString()}; Node ${process.version}; ${cpus().length} cores (${cpus()[0]?.model ?? '?'}); load average at start ${load.map((l) => l.toFixed(2)).join(' / ')}, at end ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' / ')} — the machine is shared; ratios are to the baseline measured just before each pair`,
    `- \`node bench/api-ab.mjs --before ${BEFORE} --after ${AFTER} ${args.filter((a, i) => !['--before', '--after'].includes(a) && !['--before', '--after'].includes(args[i - 1])).join(' ')}\`: one seeded PostgreSQL (bench/api.mjs's seeding and settings), copied; *before* and *after* builds serve their copies at the same time; per row: baseline, before, after (bench/api.mjs's measure: c=50 warm-up, runs, medians; then c=1)`,
    `- Indexes on \`products\`: before ${indexes.before.n} (${indexes.before.size}), after ${indexes.after.n} (${indexes.after.size}); the after build's migrations took ${migrationSeconds.toFixed(1)} s on the seeded copy`,
    '- CPU ms/req: CPU seconds of the serving process and of all PostgreSQL backends over one more 5 s ' +
      "run at c=50, divided by its requests (what a request costs; less moved by the machine's load than " +
      'req/s)',
    '',
    ...(INTERLEAVE > 0
      ? [
          `Interleaved: per row, ${INTERLEAVE} rounds of (baseline, before, after), ${DURATION_S} s at c=50 each; ×base = the median of the rounds' ratios, each to the baseline run just before (the rounds' lowest and highest in brackets); req/s and CPU are medians of the rounds.`,
          '',
          '| row | base req/s | before req/s | ×base (range) | after req/s | ×base (range) | before CPU ms/req API + PG | ' +
            'after CPU ms/req API + PG | before c=1 p50 / p99 ms | after c=1 p50 / p99 ms | load |',
          '|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
          ...results.map(({ row, base: b, before: x, after: y }) => {
            const range = (r) => `${f(median(r), 2)} (${f(Math.min(...r), 2)}–${f(Math.max(...r), 2)})`;
            return `| ${row.name} | ${f(b.rps)} | ${f(x.rps)} | ${range(x.ratios)} | ${f(y.rps)} | **${range(y.ratios)}** | ${f(x.apiMs, 2)} + ${f(x.pgMs, 2)} | ${f(y.apiMs, 2)} + ${f(y.pgMs, 2)} | ${f(x.single.p50, 1)} / ${f(x.single.p99, 1)} | ${f(y.single.p50, 1)} / ${f(y.single.p99, 1)} | ${f(y.load, 1)} |`;
          }),
        ]
      : [
          '| row | base req/s | before req/s | ×base | after req/s | ×base | before CPU ms/req API + PG | ' +
            'after CPU ms/req API + PG | before c=1 p50 / p99 ms | after c=1 p50 / p99 ms | load |',
          '|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
          ...results.map(
            ({ row, base: b, before: x, after: y }) =>
              `| ${row.name} | ${f(b.rps)} | ${f(x.rps)} | ${f(x.rps / b.rps, 2)} | ${f(y.rps)} | **${f(y.rps / b.rps, 2)}** | ${f(x.apiMs, 2)} + ${f(x.pgMs, 2)} | ${f(y.apiMs, 2)} + ${f(y.pgMs, 2)} | ${f(x.single.p50, 1)} / ${f(x.single.p99, 1)} | ${f(y.single.p50, 1)} / ${f(y.single.p99, 1)} | ${f(y.load, 1)} |`,
          ),
        ]),
    '',
    ...(judged.length
      ? [
          '## The judged query set, query by query (c=1, median of 15 requests each, the two builds in turn)',
          '',
          `The ${JUDGED.length} queries of \`apps/api/test/search-judged.json\` (the relevance test's, over the demo catalogue) asked of this catalogue; "found" is the after build's total ("more than" when the search stops counting).`,
          '',
          '| kind | queries | before p50 ms: median / max | after p50 ms: median / max |',
          '|---|---:|---:|---:|',
          ...[...new Set(judged.map((j) => j.kind))].map((kind) => {
            const mine = judged.filter((j) => j.kind === kind);
            return `| ${kind} | ${mine.length} | ${f(median(mine.map((j) => j.before)), 2)} / ${f(Math.max(...mine.map((j) => j.before)), 2)} | ${f(median(mine.map((j) => j.after)), 2)} / ${f(Math.max(...mine.map((j) => j.after)), 2)} |`;
          }),
          `| all | ${judged.length} | ${f(median(judged.map((j) => j.before)), 2)} / ${f(Math.max(...judged.map((j) => j.before)), 2)} | ${f(median(judged.map((j) => j.after)), 2)} / ${f(Math.max(...judged.map((j) => j.after)), 2)} |`,
          '',
          '| query | kind | found | before ms | after ms |',
          '|---|---|---:|---:|---:|',
          ...judged.map(
            (j) =>
              `| ${j.q} | ${j.kind} | ${j.found.exact ? '' : 'more than '}${j.found.total.toLocaleString('en')} | ${f(j.before, 2)} | ${f(j.after, 2)} |`,
          ),
          '',
        ]
      : []),
    '## Plans (EXPLAIN (ANALYZE, BUFFERS), whole rows, warm cache)',
    '',
    '| shape | before: scan | buffers | ms | after: scan | buffers | ms |',
    '|---|---|---:|---:|---|---:|---:|',
    ...plans.map(
      (p) =>
        `| ${p.name} | ${p.before.scan} | ${p.before.buffers} | ${f(p.before.time, 3)} | ${p.after.scan} | ${p.after.buffers} | ${f(p.after.time, 3)} |`,
    ),
    '',
    ...plans.flatMap((p) => [
      `### ${p.name}`,
      '',
      '```sql',
      p.sql,
      '```',
      '',
      'Before:',
      '',
      '```',
      p.before.plan,
      '```',
      '',
      'After:',
      '',
      '```',
      p.after.plan,
      '```',
      '',
    ]),
  ].join('\n');
  mkdirSync(path.join(root, 'bench/results'), { recursive: true });
  const file = path.join(root, 'bench/results', `api-${date}-${LABEL}.md`);
  writeFileSync(file, md);
  console.log(`\n${md.split('\n## Plans')[0]}\nwritten to ${path.relative(root, file)}`);
}

process.on('SIGINT', () => void cleanup().then(() => process.exit(130)));
main()
  .catch((err) => {
    console.error(err);
    process.exitCode = 1;
  })
  .finally(cleanup);
