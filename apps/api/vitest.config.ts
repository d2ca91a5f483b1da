import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: process.env.TEST_DATABASE_URL ? 'api (postgres)' : 'api (pglite)',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    // `*.pg.test.ts` needs a real PostgreSQL server (statement_timeout, cancellation): it runs in the
    // PostgreSQL pass only, so the PGlite pass neither runs nor skips it.
    exclude: process.env.TEST_DATABASE_URL ? ['**/node_modules/**'] : ['**/node_modules/**', '**/*.pg.test.ts'],
    environment: 'node',
    // Fails a test that sends a statement to a database client already running another (pg 9 refuses it).
    setupFiles: ['test/one-statement-per-client.ts'],
    pool: 'forks',
    testTimeout: 90_000,
    hookTimeout: 180_000,
    // Each file gets its own database; two at a time matches the 2-core CI machine.
    maxWorkers: 2,
    // A worker keeps its modules from one file to the next: each file builds its own app and database
    // (test/helpers.ts) and no module-level state decides a test, so re-importing Fastify, drizzle and the app
    // for every file (175 s of the PGlite pass's 515) buys nothing. PGlite pass 515 s → 293 s (decisions §129).
    isolate: false,
  },
});
