import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: process.env.TEST_DATABASE_URL ? 'api (postgres)' : 'api (pglite)',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    environment: 'node',
    pool: 'forks',
    testTimeout: 90_000,
    hookTimeout: 180_000,
    // Each file gets its own database; two at a time matches the 2-core CI machine.
    maxWorkers: 2,
  },
});
