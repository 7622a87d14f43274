import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      'packages/*',
      'apps/*',
      // Repository-wide checks (lint rules, documentation references).
      { test: { name: 'repo', include: ['scripts/**/*.test.ts'] } },
    ],
  },
});
