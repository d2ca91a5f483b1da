import { defineConfig } from 'vitest/config';

// Pure rendering and the on-disk cache: no database, so `npm test` runs this once, beside the API's PGlite pass.
export default defineConfig({
  test: {
    name: 'imagery',
    include: ['src/**/*.test.ts'],
    environment: 'node',
    pool: 'forks',
    testTimeout: 90_000,
    maxWorkers: 2,
  },
});
