import { defineConfig } from 'vitest/config';

// Checks of the repository as a whole (documents and references), run by `npm test` as project "repo".
export default defineConfig({ test: { name: 'repo', include: ['*.test.ts'] } });
