import { defineProject, mergeConfig } from 'vitest/config';
import viteConfig from './vite.config.ts';

export default mergeConfig(
  viteConfig,
  defineProject({
    // Test helpers and fixtures live in test/, outside the production folders: `@test/…`.
    resolve: { alias: { '@test': new URL('./test', import.meta.url).pathname } },
    test: {
      name: '@panel/web',
      environment: 'jsdom',
      setupFiles: ['./test/setup.ts'],
      include: ['src/**/*.test.{ts,tsx}', 'build/**/*.test.ts'],
      restoreMocks: true,
      // Mantine in jsdom renders slowly on a loaded 2-core CI machine; a whole create flow can pass 5 s.
      testTimeout: 30_000,
    },
  }),
);
