#!/usr/bin/env node
// `npm run test:security`: issue 14's security suite (apps/api/test/security) on PGlite — the access matrix,
// crafted tokens, cross-owner probes, mass assignment, races, hostile uploads, headers, the security log,
// the OpenAPI fuzz and the input bounds. `npm run test:security -- --pg` runs it again on a PostgreSQL this
// script starts (scripts/pg.mjs), with the database restart test. The same files run inside `npm test`.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startPostgres } from './pg.mjs';

const apiDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', 'apps', 'api');
const vitest = (env) =>
  spawnSync('npx', ['vitest', 'run', 'test/security'], { cwd: apiDir, stdio: 'inherit', env: { ...process.env, ...env } }).status ?? 1;

let failed = vitest({ TEST_DATABASE_URL: '' }) !== 0;
if (process.argv.includes('--pg')) {
  const pg = await startPostgres();
  try {
    failed = vitest({ TEST_DATABASE_URL: pg.url }) !== 0 || failed;
  } finally {
    pg.stop();
  }
}
process.exitCode = failed ? 1 : 0;
