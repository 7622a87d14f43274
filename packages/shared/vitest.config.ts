import { defineConfig } from 'vitest/config';

export default defineConfig({ test: { name: '@panel/shared', include: ['src/**/*.test.ts'] } });
