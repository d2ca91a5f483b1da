// The production build served by a throwaway API process on PGlite, for the browser benchmarks
// (bench:web, bench:showroom). API_BUILD_DIR / WEB_BUILD_DIR (or WEB_DIST) serve a build of one's own.
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { waitForImagery } from '../scripts/imagery.mjs';
import { freePort } from '../scripts/pg.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** Waits until `url` answers 2xx (polling each second). */
export async function waitFor(url, timeoutMs) {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    try {
      const response = await fetch(url);
      if (response.ok) return;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 1000));
  }
  throw new Error(`${url} did not answer within ${timeoutMs / 1000} s`);
}

/**
 * Builds (unless `build` is false), starts the API on a free port with a fresh data folder, and resolves
 * to its URL once the demo data and imagery are there. Its stop and the folder's removal go on `cleanups`.
 */
export async function startServedBuild({ name, build = true, cleanups }) {
  if (build) {
    const result = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
    if (result.status !== 0) throw new Error('build failed');
  }
  const dataDir = mkdtempSync(path.join(tmpdir(), `mirror-bench-${name}-`));
  const port = await freePort();
  const server = path.join(
    process.env.API_BUILD_DIR ? path.resolve(process.env.API_BUILD_DIR) : path.join(root, 'apps/api/dist'),
    'server.js',
  );
  const webDist =
    process.env.WEB_DIST ?? (process.env.WEB_BUILD_DIR ? path.join(path.resolve(process.env.WEB_BUILD_DIR), 'dist') : undefined);
  const child = spawn(process.execPath, [server], {
    cwd: root,
    env: {
      ...process.env,
      ...(webDist ? { WEB_DIST: webDist } : {}),
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      RATE_LIMIT_MAX: '100000',
      FILES_RATE_LIMIT_MAX: '100000',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
  cleanups.push(() => child.kill('SIGTERM'));
  const url = `http://127.0.0.1:${port}`;
  // A first start seeds the demo data and renders the product imagery.
  await waitFor(`${url}/api/products/health`, 10 * 60_000);
  await waitForImagery(url, { timeoutMs: 15 * 60_000 });
  return url;
}
