import { defineConfig } from 'vitest/config';

// Checks of the repository as a whole (documents and references, lint rules), run by `npm test` as project "repo".
export default defineConfig({ test: { name: 'repo', include: ['*.test.ts'] } });
