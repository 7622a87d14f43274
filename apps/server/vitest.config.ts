import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: '@panel/server',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    // One migrated database template per run, copied by each file's database (decision 0084).
    globalSetup: ['test/global-setup.ts'],
    // Each file opens its own database; PGlite start-up and argon2 make the first request slow.
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
