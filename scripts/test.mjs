#!/usr/bin/env node
// `npm test`: typecheck, unit + API tests on PGlite, the same API tests on a real PostgreSQL this
// script starts itself, then browser e2e against the production build. Prints `N passed, N failed`.
import { spawn, spawnSync } from 'node:child_process';
import { chmodSync, chownSync, existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const reports = path.join(root, '.tmp', 'test-reports');
rmSync(reports, { recursive: true, force: true });
mkdirSync(reports, { recursive: true });
const isRoot = process.getuid?.() === 0;
const only = new Set((process.env.TEST_ONLY ?? '').split(',').filter(Boolean));
const wants = (suite) => only.size === 0 || only.has(suite);

const totals = { passed: 0, failed: 0, skipped: 0 };
const suites = [];
const cleanups = [];

function log(msg) {
  console.log(`\n▶ ${msg}`);
}

function run(cmd, args, opts = {}) {
  const res = spawnSync(cmd, args, { stdio: 'inherit', cwd: root, ...opts, env: { ...process.env, ...opts.env } });
  return res.status ?? 1;
}

function freePort() {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });
}

function record(name, passed, failed, skipped = 0) {
  totals.passed += passed;
  totals.failed += failed;
  totals.skipped += skipped;
  suites.push({ name, passed, failed, skipped });
}

function vitest(name, config, env = {}) {
  const out = path.join(reports, `${name.replace(/\W+/g, '-')}.json`);
  log(`${name}: vitest ${path.relative(root, config)}`);
  const code = run('npx', ['vitest', 'run', '--config', config, '--reporter=default', '--reporter=json', `--outputFile.json=${out}`], {
    cwd: path.dirname(config),
    env,
  });
  if (!existsSync(out)) {
    record(name, 0, 1);
    console.error(`${name}: vitest produced no report (exit ${code})`);
    return;
  }
  const r = JSON.parse(readFileSync(out, 'utf8'));
  const failed = r.numFailedTests + (code !== 0 && r.numFailedTests === 0 ? 1 : 0);
  record(name, r.numPassedTests, failed, r.numPendingTests + r.numTodoTests);
}

// ---------- PostgreSQL: find or install the server binaries, run a throwaway cluster ----------
function findPgBin() {
  const candidates = [];
  if (existsSync('/usr/lib/postgresql')) {
    for (const v of readdirSync('/usr/lib/postgresql').sort((a, b) => Number(b) - Number(a))) candidates.push(`/usr/lib/postgresql/${v}/bin`);
  }
  for (const dir of (process.env.PATH ?? '').split(':')) candidates.push(dir);
  return candidates.find((dir) => existsSync(path.join(dir, 'initdb')) && existsSync(path.join(dir, 'pg_ctl')) && existsSync(path.join(dir, 'postgres')));
}

function ensurePostgres() {
  let bin = findPgBin();
  if (bin) return bin;
  ensureDebianPackage('postgresql', () => !!findPgBin());
  return findPgBin();
}

async function startPostgres() {
  const bin = ensurePostgres();
  const dir = mkdtempSync(path.join(tmpdir(), 'mirror-pg-'));
  const dataDir = path.join(dir, 'data');
  const asPg = isRoot ? (cmd, args) => ['runuser', ['-u', 'postgres', '--', cmd, ...args]] : (cmd, args) => [cmd, args];
  if (isRoot) {
    chownSync(dir, uidOf('postgres'), gidOf('postgres'));
    chmodSync(dir, 0o700);
  }
  const port = await freePort();
  const [c1, a1] = asPg(path.join(bin, 'initdb'), ['-D', dataDir, '-U', 'mirror', '--auth=trust', '-E', 'UTF8', '--locale=C', '--no-sync']);
  if (run(c1, a1, { stdio: ['ignore', 'ignore', 'inherit'] }) !== 0) throw new Error('initdb failed');
  const opts = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=300`;
  const [c2, a2] = asPg(path.join(bin, 'pg_ctl'), ['-D', dataDir, '-o', opts, '-l', path.join(dir, 'server.log'), '-w', 'start']);
  if (run(c2, a2, { stdio: ['ignore', 'ignore', 'inherit'] }) !== 0) throw new Error(`pg_ctl start failed; see ${dir}/server.log`);
  const stop = () => {
    const [c3, a3] = asPg(path.join(bin, 'pg_ctl'), ['-D', dataDir, '-m', 'immediate', 'stop']);
    spawnSync(c3, a3, { stdio: 'ignore' });
    rmSync(dir, { recursive: true, force: true });
  };
  cleanups.push(stop);
  return { url: `postgres://mirror@127.0.0.1:${port}/postgres`, stop };
}

function uidOf(user) {
  return Number(spawnSync('id', ['-u', user]).stdout.toString().trim());
}
function gidOf(user) {
  return Number(spawnSync('id', ['-g', user]).stdout.toString().trim());
}

// ---------- Debian packages some suites need ----------
function hasCommand(name) {
  return spawnSync('sh', ['-c', `command -v ${name}`]).status === 0;
}

function ensureDebianPackage(pkg, isPresent) {
  if (isPresent()) return;
  if (!isRoot) throw new Error(`Debian package ${pkg} is missing: apt-get install ${pkg}`);
  log(`installing Debian package ${pkg} (apt-get)`);
  if (!ensureDebianPackage.updated) {
    run('apt-get', ['update', '-qq']);
    ensureDebianPackage.updated = true;
  }
  run('apt-get', ['install', '-y', '-qq', '--no-install-recommends', pkg], { env: { DEBIAN_FRONTEND: 'noninteractive' } });
  if (!isPresent()) throw new Error(`apt-get install ${pkg} failed`);
}

async function startServer(env) {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'mirror-e2e-'));
  const child = spawn(process.execPath, ['apps/api/dist/server.js'], {
    cwd: root,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const stop = () => {
    child.kill('SIGTERM');
    rmSync(dataDir, { recursive: true, force: true });
  };
  cleanups.push(stop);
  const baseUrl = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 240; i += 1) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      const res = await fetch(`${baseUrl}/api/health`);
      if (res.ok) return { baseUrl, stop };
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error('server did not become healthy within 60 s');
}

function playwright(name, config, env) {
  const out = path.join(reports, `${name.replace(/\W+/g, '-')}.json`);
  log(`${name}: playwright ${path.relative(root, config)}`);
  const code = run('npx', ['playwright', 'test', '-c', config, '--reporter=list,json'], { env: { ...env, PLAYWRIGHT_JSON_OUTPUT_NAME: out } });
  if (!existsSync(out)) {
    record(name, 0, 1);
    return;
  }
  const { stats } = JSON.parse(readFileSync(out, 'utf8'));
  const failed = stats.unexpected + (code !== 0 && stats.unexpected === 0 ? 1 : 0);
  record(name, stats.expected + stats.flaky, failed, stats.skipped);
}

async function main() {
  if (wants('typecheck')) {
    log('typecheck');
    if (run('npm', ['run', '--silent', 'typecheck']) !== 0) record('typecheck', 0, 1);
  }

  const webUnit = path.join(root, 'apps/web/vitest.config.ts');
  if (wants('web') && existsSync(webUnit)) vitest('web unit', webUnit);
  // The API suites start a redis-server to test limits shared across instances.
  if (wants('api') || wants('pg')) ensureDebianPackage('redis-server', () => hasCommand('redis-server'));
  if (wants('api')) vitest('api on PGlite', path.join(root, 'apps/api/vitest.config.ts'), { TEST_DATABASE_URL: '' });

  if (wants('pg')) {
    try {
      const pg = await startPostgres();
      vitest('api on PostgreSQL', path.join(root, 'apps/api/vitest.config.ts'), { TEST_DATABASE_URL: pg.url });
      pg.stop();
    } catch (err) {
      console.error(`PostgreSQL suite could not run: ${err.message}`);
      record('api on PostgreSQL', 0, 1);
    }
  }

  if (wants('e2e')) {
    try {
      ensureDebianPackage('chromium', () => existsSync('/usr/bin/chromium'));
      log('build');
      if (run('npm', ['run', '--silent', 'build']) !== 0) throw new Error('build failed');
      const server = await startServer({});
      playwright('e2e', path.join(root, 'apps/web/playwright.config.ts'), { E2E_BASE_URL: server.baseUrl });
      server.stop();
    } catch (err) {
      console.error(`e2e could not run: ${err.message}`);
      record('e2e', 0, 1);
    }
  }

  console.log('\nSuites:');
  for (const s of suites) console.log(`  ${s.name.padEnd(22)} ${s.passed} passed, ${s.failed} failed${s.skipped ? `, ${s.skipped} skipped` : ''}`);
  console.log(`\n${totals.passed} passed, ${totals.failed} failed`);
  process.exitCode = totals.failed > 0 || totals.passed === 0 ? 1 : 0;
}

process.on('SIGINT', () => {
  for (const c of cleanups) c();
  process.exit(130);
});
main()
  .catch((err) => {
    console.error(err);
    process.exitCode = 1;
  })
  .finally(() => {
    for (const c of cleanups.splice(0)) {
      try {
        c();
      } catch {
        // best effort
      }
    }
  });
