import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: ['packages/*', 'apps/*', 'scripts'],
    // Two files at a time even on a 2-core machine (Vitest's default there is one): a server test file
    // spends much of its time waiting on PostgreSQL, a player or a timer. Measured on 22 server files:
    // PGlite 138 s → 111 s, PostgreSQL 128 s → 83 s; three workers were slower again (docs/benchmarks.md,
    // "CI time"). Set here, not per project: Vitest refuses projects with different worker counts.
    maxWorkers: 2,
  },
});
