#!/usr/bin/env node
// `npm test`: typecheck, lint, format check, unit + API tests on PGlite, the same API tests on a real PostgreSQL this
// script starts itself, then browser e2e against the production build. Prints `N passed, N failed`.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { waitForImagery } from './imagery.mjs';
import { ensureDebianPackage, freePort, hasCommand, startPostgres as startPg } from './pg.mjs';
import { findHaproxy } from './haproxy.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const reports = path.join(root, '.tmp', 'test-reports');
rmSync(reports, { recursive: true, force: true });
mkdirSync(reports, { recursive: true });
const only = new Set((process.env.TEST_ONLY ?? '').split(',').filter(Boolean));
const wants = (suite) => only.size === 0 || only.has(suite);

const totals = { passed: 0, failed: 0, skipped: 0 };
const suites = [];
const cleanups = [];

const started = Date.now();
const clock = () => {
  const s = Math.round((Date.now() - started) / 1000);
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
};

function log(msg) {
  console.log(`\n▶ [${clock()}] ${msg}`);
}

/** Runs a step in the foreground (its output straight through); asynchronous, so a step beside it keeps flowing. */
function run(cmd, args, opts = {}) {
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { stdio: 'inherit', cwd: root, ...opts, env: { ...process.env, ...opts.env } });
    child.on('error', () => resolve(1));
    child.on('close', (code) => resolve(code ?? 1));
  });
}

/**
 * Runs a light step beside a heavy one (two cores: a single-threaded typecheck or build fills the
 * core the other leaves idle). Its output is held and printed in one piece when it ends.
 */
function runBeside(name, cmd, args, opts = {}) {
  log(`${name} (beside the next step; its output follows when it ends)`);
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { cwd: root, ...opts, env: { ...process.env, ...opts.env }, stdio: ['ignore', 'pipe', 'pipe'] });
    const chunks = [];
    child.stdout.on('data', (c) => chunks.push(c));
    child.stderr.on('data', (c) => chunks.push(c));
    child.on('error', () => resolve(1));
    child.on('close', (code) => {
      log(`${name} ended (exit ${code})`);
      process.stdout.write(Buffer.concat(chunks));
      resolve(code ?? 1);
    });
  });
}

function record(name, passed, failed, skipped = 0) {
  totals.passed += passed;
  totals.failed += failed;
  totals.skipped += skipped;
  suites.push({ name, passed, failed, skipped });
}

/** A check that passes or fails as a whole (lint, format) counts as one test of its own suite. */
function pass(name, code) {
  record(name, code === 0 ? 1 : 0, code === 0 ? 0 : 1);
}

async function vitest(name, config, env = {}) {
  const out = path.join(reports, `${name.replace(/\W+/g, '-')}.json`);
  log(`${name}: vitest ${path.relative(root, config)}`);
  const code = await run(
    'npx',
    ['vitest', 'run', '--config', config, '--reporter=default', '--reporter=json', `--outputFile.json=${out}`],
    {
      cwd: path.dirname(config),
      env,
    },
  );
  if (!existsSync(out)) {
    record(name, 0, 1);
    console.error(`${name}: vitest produced no report (exit ${code})`);
    return;
  }
  const r = JSON.parse(readFileSync(out, 'utf8'));
  const failed = r.numFailedTests + (code !== 0 && r.numFailedTests === 0 ? 1 : 0);
  record(name, r.numPassedTests, failed, r.numPendingTests + r.numTodoTests);
}

// ---------- PostgreSQL (scripts/pg.mjs); the cluster is stopped on exit like every other resource ----------
async function startPostgres() {
  const pg = await startPg();
  cleanups.push(pg.stop);
  return pg;
}

async function startServer(env) {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'mirror-e2e-'));
  const child = spawn(process.execPath, ['apps/api/dist/server.js'], {
    cwd: root,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  // The server is still writing (studio renders in the background) until it has exited: wait for that (SIGKILL
  // after 10 s) before removing its folder, or the removal races its last files (ENOTEMPTY). Never throws: a
  // folder left in the temp directory does not fail a run whose tests passed.
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(timer);
    }
    try {
      rmSync(dataDir, { recursive: true, force: true, maxRetries: 5, retryDelay: 200 });
    } catch (err) {
      console.error(`could not remove ${dataDir}: ${err.message}`);
    }
  };
  cleanups.push(stop);
  const baseUrl = `http://127.0.0.1:${port}`;
  // A first start on a machine draws the demo imagery before listening (once; the cache keeps it).
  for (let i = 0; i < 3600; i += 1) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      const res = await fetch(`${baseUrl}/api/health`);
      if (res.ok) return { baseUrl, stop };
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error('server did not become healthy within 15 min');
}

async function playwright(name, config, env) {
  const out = path.join(reports, `${name.replace(/\W+/g, '-')}.json`);
  log(`${name}: playwright ${path.relative(root, config)}`);
  const code = await run('npx', ['playwright', 'test', '-c', config, '--reporter=list,json'], {
    env: { ...env, PLAYWRIGHT_JSON_OUTPUT_NAME: out },
  });
  if (!existsSync(out)) {
    record(name, 0, 1);
    return;
  }
  const { stats } = JSON.parse(readFileSync(out, 'utf8'));
  const failed = stats.unexpected + (code !== 0 && stats.unexpected === 0 ? 1 : 0);
  record(name, stats.expected + stats.flaky, failed, stats.skipped);
}

async function main() {
  const webUnit = path.join(root, 'apps/web/vitest.config.ts');
  if (wants('web') && existsSync(webUnit)) await vitest('web unit', webUnit);
  // The API suites start a redis-server to test limits shared across instances.
  if (wants('api') || wants('pg')) ensureDebianPackage('redis-server', () => hasCommand('redis-server'));
  // The PostgreSQL pass runs three API instances behind HAProxy with the deployment's config (deploy/haproxy.cfg).
  if (wants('pg')) ensureDebianPackage('haproxy', () => !!findHaproxy());
  // The typecheck, then lint and the format check (one core, a few minutes each), run beside the PGlite
  // pass, whose tests allow for a busy machine (the component tests' one-second waits do not). One after
  // the other: the other core is the PGlite pass's.
  const beside = (async () => {
    if (wants('typecheck') && (await runBeside('typecheck', 'npm', ['run', '--silent', 'typecheck'])) !== 0) record('typecheck', 0, 1);
    if (wants('lint')) pass('lint', await runBeside('lint', 'npm', ['run', '--silent', 'lint']));
    if (wants('format')) pass('format', await runBeside('format', 'npm', ['run', '--silent', 'format:check']));
  })();
  if (wants('api')) {
    // The studio renderer (packages/imagery) has no database: its tests run once, in the PGlite pass's turn.
    await vitest('imagery', path.join(root, 'packages/imagery/vitest.config.ts'));
    await vitest('api on PGlite', path.join(root, 'apps/api/vitest.config.ts'), { TEST_DATABASE_URL: '' });
  }
  await beside;

  // The browser tests' production build and server (which draws the demo imagery on a machine's first
  // start) get ready beside the PostgreSQL pass, which waits on the database much of the time.
  let e2eServer = Promise.resolve(null);
  if (wants('e2e')) {
    ensureDebianPackage('chromium', () => existsSync('/usr/bin/chromium'));
    e2eServer = runBeside('build', 'npm', ['run', '--silent', 'build']).then(async (code) => {
      if (code !== 0) throw new Error('build failed');
      // Every e2e visitor comes from 127.0.0.1: the per-IP limits on anonymous email, uploads and file
      // downloads (tested in the API suites) would otherwise count the whole suite as one visitor.
      const server = await startServer({
        EMAIL_RATE_LIMIT_MAX: '10000',
        UPLOAD_ANON_RATE_LIMIT_MAX: '10000',
        FILES_RATE_LIMIT_MAX: '100000',
      });
      // Every piece has its images before the first test: no page is caught mid-rendering.
      await waitForImagery(server.baseUrl);
      return server;
    });
    // Reported where the browser tests start, not as an unhandled rejection meanwhile.
    e2eServer.catch(() => undefined);
  }

  if (wants('pg')) {
    try {
      const pg = await startPostgres();
      await vitest('api on PostgreSQL', path.join(root, 'apps/api/vitest.config.ts'), { TEST_DATABASE_URL: pg.url });
      pg.stop();
    } catch (err) {
      console.error(`PostgreSQL suite could not run: ${err.message}`);
      record('api on PostgreSQL', 0, 1);
    }
  }

  if (wants('e2e')) {
    try {
      const server = await e2eServer;
      log('e2e server ready');
      await playwright('e2e', path.join(root, 'apps/web/playwright.config.ts'), { E2E_BASE_URL: server.baseUrl });
      await server.stop();
    } catch (err) {
      console.error(`e2e could not run: ${err.message}`);
      record('e2e', 0, 1);
    }
  }

  log('done');
  console.log('\nSuites:');
  for (const s of suites)
    console.log(`  ${s.name.padEnd(22)} ${s.passed} passed, ${s.failed} failed${s.skipped ? `, ${s.skipped} skipped` : ''}`);
  console.log(`\n${totals.passed} passed, ${totals.failed} failed`);
  process.exitCode = totals.failed > 0 || totals.passed === 0 ? 1 : 0;
}

process.on('SIGINT', () => {
  void Promise.allSettled(cleanups.map(async (c) => c())).then(() => process.exit(130));
});
main()
  .catch((err) => {
    console.error(err);
    process.exitCode = 1;
  })
  .finally(async () => {
    // Best effort: each cleanup (a cluster, a server) on its own; none may stop the others.
    await Promise.allSettled(cleanups.splice(0).map(async (c) => c()));
  });
