import { defineConfig } from 'vitest/config';

/**
 * The torture tests (`npm run test:torture`; docs/benchmarks.md): long, heavy, one file at a time, on the
 * PostgreSQL server of TEST_DATABASE_URL (default the local one). Not part of `npm test`.
 */
export default defineConfig({
  test: {
    name: '@panel/server-torture',
    root: import.meta.dirname,
    // The test app's database starts from the run's migrated template (decision 0084).
    globalSetup: ['../test/global-setup.ts'],
    include: ['**/*.torture.ts'],
    fileParallelism: false,
    testTimeout: 15 * 60_000,
    hookTimeout: 10 * 60_000,
    reporters: ['verbose'],
  },
});
