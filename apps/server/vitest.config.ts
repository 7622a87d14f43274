import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: '@panel/server',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    // One migrated database template per run, copied by each file's database (decision 0084).
    globalSetup: ['test/global-setup.ts'],
    // A worker runs file after file in one process, the modules loaded once (decision 0142): each file
    // still has its own app and database, and the server keeps its caches per database (WeakMaps), not per
    // process. Isolated, every file loaded Fastify, drizzle, PGlite and the whole app again: half the CPU.
    isolate: false,
    // Each file opens its own database; PGlite start-up and argon2 make the first request slow.
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
