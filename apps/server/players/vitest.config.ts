import { defineConfig } from 'vitest/config';

/**
 * The real-players matrix (`npm run test:players`, decision 0065): VLC, mpv, gst-discoverer, streamlink and
 * ffprobe against a line sold by the panel. Debian's players are installed by scripts/ensure-players.sh.
 * Not part of `npm test`: the regular suite needs none of them.
 */
export default defineConfig({
  test: {
    name: '@panel/server-players',
    root: import.meta.dirname,
    // The test app's database starts from the run's migrated template (decision 0084).
    globalSetup: ['../test/global-setup.ts'],
    include: ['**/*.players.ts'],
    testTimeout: 150_000,
    hookTimeout: 120_000,
    reporters: ['verbose'],
  },
});
