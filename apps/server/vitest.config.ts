import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: '@panel/server',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    // Each file opens its own database; PGlite start-up and argon2 make the first request slow.
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Two files at a time even on a 2-core machine (Vitest's default there is one): a file spends much of
    // its time waiting on PostgreSQL, a player or a timer. Measured on 22 files: PGlite 138 s → 111 s,
    // PostgreSQL 128 s → 83 s; three workers were slower again (docs/benchmarks.md, CI time).
    maxWorkers: 2,
  },
});
