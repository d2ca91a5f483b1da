// `npm run bench:api -- --instances 3 [--quick] [--runs 2] [--duration 8]`, called from bench/api.mjs after it
// has seeded: the same public reads against one API process directly, one behind HAProxy (deploy/haproxy.cfg)
// and N behind HAProxy, all on one PostgreSQL with Redis (REDIS_URL, as several instances run). The three set-ups
// are measured in interleaved rounds (A B C, then C B A, …) so a machine whose load drifts does not favour one;
// each run also records the CPU the API processes, PostgreSQL and HAProxy spent per request, which a busy shared
// machine disturbs far less than throughput. Writes bench/results/instances-<date>.md.
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { cpus, loadavg, totalmem } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { startHaproxy } from '../scripts/haproxy.mjs';
import { freePort } from '../scripts/pg.mjs';

async function startRedis(cleanups) {
  const bin = spawnSync('sh', ['-c', 'command -v redis-server']).stdout.toString().trim();
  if (!bin) throw new Error('redis-server is missing: apt-get install redis-server');
  const port = await freePort();
  const child = spawn(bin, ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], { stdio: 'ignore' });
  cleanups.push(() => child.kill());
  for (let i = 0; i < 100; i += 1) {
    const ok = await new Promise((resolve) => {
      const s = connect(port, '127.0.0.1');
      s.once('connect', () => (s.end(), resolve(true)));
      s.once('error', () => resolve(false));
    });
    if (ok) return { url: `redis://127.0.0.1:${port}`, pid: child.pid };
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error('redis-server did not start');
}

/**
 * CPU seconds (user + system) of `pids`, plus PostgreSQL's: every live child of the postmaster (the backends) and
 * the children it has reaped (its cutime + cstime), so a backend that exits mid-run keeps its CPU in the sum.
 */
function cpuSeconds(pids, postmaster) {
  let sum = 0;
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const fields = readFileSync(`/proc/${entry}/stat`, 'utf8').split(') ')[1].split(' ');
      const own = Number(fields[11]) + Number(fields[12]);
      if (pids.includes(Number(entry)) || Number(fields[1]) === postmaster) sum += own / 100;
      if (Number(entry) === postmaster) sum += (own + Number(fields[13]) + Number(fields[14])) / 100;
    } catch {
      // gone meanwhile
    }
  }
  return sum;
}

function cannon(url, seconds, connections) {
  return new Promise((resolve, reject) => {
    autocannon({ url, connections, duration: seconds }, (err, result) => (err ? reject(err) : resolve(result)));
  });
}

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

/**
 * `targets`: { name, path } public reads; `startApi(env)` starts one API process (bench/api.mjs's startNode over
 * the built server) and resolves to { baseUrl, pid }; `postmaster`: the PostgreSQL server's pid.
 */
export async function benchInstances({
  root,
  instances,
  products,
  apiEnv,
  targets,
  startApi,
  cleanups,
  settings,
  pgVersion,
  postmaster,
  runs,
  duration,
  warmup,
  connections,
}) {
  const started = new Date();
  const load = loadavg();
  const redis = await startRedis(cleanups);
  const env = { ...apiEnv, REDIS_URL: redis.url, TRUST_PROXY: 'true' };
  // One process for the single-instance set-ups; N with a pool of ⌈20/N⌉ each (the same PostgreSQL connections in
  // all), and N with the default pool of 20 each (N times the connections), to show what oversubscribing costs.
  const pooled = Math.ceil(20 / instances);
  console.log(`▶ start 1 + ${instances} + ${instances} API processes (REDIS_URL shared)`);
  const single = await startApi({ ...env, DATABASE_POOL_MAX: '20' });
  const shared = await Promise.all(Array.from({ length: instances }, () => startApi({ ...env, DATABASE_POOL_MAX: String(pooled) })));
  const full = await Promise.all(Array.from({ length: instances }, () => startApi({ ...env, DATABASE_POOL_MAX: '20' })));
  const address = (api) => api.baseUrl.replace(/^http:\/\//, '');
  const one = await startHaproxy({ instances: [address(single)] });
  const many = await startHaproxy({ instances: shared.map(address) });
  const manyFull = await startHaproxy({ instances: full.map(address) });
  cleanups.push(one.stop, many.stop, manyFull.stop);

  const setups = [
    { key: 'direct', name: '1 instance, direct', base: single.baseUrl, pids: [single.pid, redis.pid] },
    { key: 'one', name: '1 instance behind HAProxy', base: one.url, pids: [single.pid, redis.pid, one.pid] },
    {
      key: 'many',
      name: `${instances} × pool ${pooled} behind HAProxy`,
      base: many.url,
      pids: [...shared.map((a) => a.pid), redis.pid, many.pid],
    },
    {
      key: 'manyFull',
      name: `${instances} × pool 20 behind HAProxy`,
      base: manyFull.url,
      pids: [...full.map((a) => a.pid), redis.pid, manyFull.pid],
    },
    // The N processes without the balancer, the connections split between them: what the processes cost by themselves.
    {
      key: 'manyDirect',
      name: `${instances} × pool ${pooled}, direct`,
      bases: shared.map((a) => a.baseUrl),
      pids: [...shared.map((a) => a.pid), redis.pid],
    },
  ];
  /** Runs autocannon on a set-up: one URL, or its instances each with an equal share of the connections (results summed). */
  const drive = async (setup, path, seconds) => {
    if (setup.base) return cannon(`${setup.base}${path}`, seconds, connections);
    const parts = await Promise.all(
      setup.bases.map((base) => cannon(`${base}${path}`, seconds, Math.ceil(connections / setup.bases.length))),
    );
    return {
      requests: { average: parts.reduce((s, r) => s + r.requests.average, 0), total: parts.reduce((s, r) => s + r.requests.total, 0) },
      latency: { p50: Math.max(...parts.map((r) => r.latency.p50)), p99: Math.max(...parts.map((r) => r.latency.p99)) },
      errors: parts.reduce((s, r) => s + r.errors, 0),
      timeouts: parts.reduce((s, r) => s + r.timeouts, 0),
      non2xx: parts.reduce((s, r) => s + r.non2xx, 0),
    };
  };
  const results = new Map(targets.map((t) => [t.name, Object.fromEntries(setups.map((s) => [s.key, []]))]));
  for (const t of targets) {
    for (const setup of setups) await drive(setup, t.path, warmup);
    for (let round = 0; round < runs; round += 1) {
      for (const setup of round % 2 ? [...setups].reverse() : setups) {
        const cpu0 = cpuSeconds(setup.pids, postmaster);
        const r = await drive(setup, t.path, duration);
        const cpu = cpuSeconds(setup.pids, postmaster) - cpu0;
        const row = {
          rps: r.requests.average,
          p50: r.latency.p50,
          p99: r.latency.p99,
          errors: r.errors + r.timeouts + r.non2xx,
          cpuMs: (cpu * 1000) / Math.max(1, r.requests.total),
        };
        results.get(t.name)[setup.key].push(row);
        console.log(
          `  ${t.name.padEnd(26)} ${setup.name.padEnd(28)} ${row.rps.toFixed(0).padStart(6)} req/s  p50 ${row.p50} p99 ${row.p99} ms  CPU ${row.cpuMs.toFixed(2)} ms/req${row.errors ? `  errors ${row.errors}` : ''}`,
        );
      }
    }
  }

  const summary = (rows) => ({
    rps: median(rows.map((r) => r.rps)),
    p50: median(rows.map((r) => r.p50)),
    p99: median(rows.map((r) => r.p99)),
    cpuMs: median(rows.map((r) => r.cpuMs)),
    errors: rows.reduce((s, r) => s + r.errors, 0),
  });
  const lines = [
    `| read | 1 direct | 1 via HAProxy | ${instances} × pool ${pooled} via HAProxy | ${instances} ÷ 1 | ${instances} × pool 20 via HAProxy | ${instances} × pool ${pooled} direct | CPU ms/req: 1 direct / 1 via HAProxy / ${instances} via HAProxy / ${instances} × 20 / ${instances} direct | p99 ms: 1 / ${instances} via HAProxy | errors |`,
    '|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
  ];
  const ratios = [];
  const cpuRatios = [];
  const fullRatios = [];
  const directCpuRatios = [];
  for (const t of targets) {
    const r = results.get(t.name);
    const [d, o, m, f, md] = [summary(r.direct), summary(r.one), summary(r.many), summary(r.manyFull), summary(r.manyDirect)];
    directCpuRatios.push(md.cpuMs / d.cpuMs);
    ratios.push(m.rps / o.rps);
    fullRatios.push(f.rps / o.rps);
    cpuRatios.push(m.cpuMs / o.cpuMs);
    lines.push(
      `| ${t.name} | ${d.rps.toFixed(0)} | ${o.rps.toFixed(0)} | ${m.rps.toFixed(0)} | ${(m.rps / o.rps).toFixed(2)} | ${f.rps.toFixed(0)} | ${md.rps.toFixed(0)} | ${[d, o, m, f, md].map((x) => x.cpuMs.toFixed(2)).join(' / ')} | ${o.p99} / ${m.p99} | ${[d, o, m, f, md].reduce((sum, x) => sum + x.errors, 0)} |`,
    );
  }
  const geo = (xs) => Math.exp(xs.reduce((s, r) => s + Math.log(r), 0) / xs.length);
  const haproxyVersion = (
    spawnSync('sh', ['-c', 'haproxy -v 2>/dev/null || /usr/sbin/haproxy -v']).stdout.toString().split('\n')[0] ?? ''
  ).trim();
  const date = started.toISOString().slice(0, 10);
  const md = `# Several instances behind HAProxy — ${products.toLocaleString('en')} products (${date})

\`npm run bench:api -- --quick --instances ${instances} --runs ${runs} --duration ${duration}\`

- Date: ${started.toISOString()}; Node ${process.version}; ${pgVersion}; ${haproxyVersion}
- Machine: ${cpus().length} cores (${cpus()[0]?.model ?? '?'}), ${(totalmem() / 2 ** 30).toFixed(0)} GB RAM; load average at start ${load.map((l) => l.toFixed(2)).join(' / ')}, at end ${loadavg()
    .map((l) => l.toFixed(2))
    .join(' / ')} — shared with other engineers' builds and tests, so throughput moves from minute to minute
- Production build of the API (NODE_ENV=production), one process with a pool of 20 for the single-instance columns, ${instances} processes with ${pooled} each (the same connections in all) and ${instances} with 20 each, all on one PostgreSQL (${Object.entries(
    settings,
  )
    .map(([k, v]) => `${k}=${v}`)
    .join(
      ', ',
    )}) with REDIS_URL (every request counts its rate limit in the one Redis) and TRUST_PROXY=true; HAProxy runs \`deploy/haproxy.cfg\` (round-robin, health checks every 2 s).
- autocannon c=${connections} from the same machine; per read, ${warmup} s of warm-up on each set-up, then ${runs} interleaved rounds of ${duration} s (A B C, C B A, …); medians of the rounds. CPU ms/req: user + system time of the API process(es), Redis, HAProxy and the PostgreSQL backends during a run, divided by the requests it completed.

${lines.join('\n')}

req/s, medians of the rounds. Geometric means over the reads: ${instances} × pool ${pooled} ÷ 1 = **${geo(ratios).toFixed(2)}** in req/s and **${geo(cpuRatios).toFixed(2)}** in CPU per request; ${instances} × pool 20 ÷ 1 = **${geo(fullRatios).toFixed(2)}** in req/s; without the balancer, ${instances} processes ÷ 1 = **${geo(directCpuRatios).toFixed(2)}** in CPU per request.

Two cores cannot give ${instances} processes more CPU than one nearly uses up together with PostgreSQL, Redis, HAProxy and the load generator, so no gain is expected here; a core per instance is where instances add throughput, until PostgreSQL or the balancer is the limit. What a shared lock would look like: throughput falling while CPU per request stays flat (the processes wait) and p99 grows. What ${instances} processes on ${cpus().length} cores look like instead (the columns above): CPU per request rising, with or without the balancer — most likely because each process serves a share of the load, so the fixed cost of a turn of its event loop (polling, timers, writes) is spread over fewer requests, and the processes take turns on the cores. The "direct" column (the ${instances} processes without the balancer, the connections split between them) separates that from the balancer's cost; "1 direct" against "1 via HAProxy" is the balancer's own. The "pool 20" column is the same ${instances} instances each with the default pool, ${instances * 20} PostgreSQL backends contending for ${cpus().length} cores: size DATABASE_POOL_MAX so that instances × pool stays near what the database server's cores can run.
`;
  mkdirSync(path.join(root, 'bench/results'), { recursive: true });
  const file = path.join(root, 'bench/results', `instances-${date}.md`);
  writeFileSync(file, md);
  console.log(`\n${md}\nwritten to ${path.relative(root, file)}`);
}
