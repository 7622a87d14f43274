import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { routePagesPlugin } from './build/route-pages';
import { signedInChunksPlugin } from './build/signed-in-chunks';
import { zodWithoutJsonSchema } from './build/zod-without-json-schema';

export default defineConfig({
  // routes/<path>.html: each menu route's page announces its chunks (decision 0034); the signed-in shell and
  // /users in two chunks each, from a first build's chunks (decision 0112).
  plugins: [
    react(),
    routePagesPlugin(),
    zodWithoutJsonSchema(),
    signedInChunksPlugin(new URL(import.meta.url).pathname),
  ],
  resolve: {
    alias: { '@': new URL('./src', import.meta.url).pathname },
  },
  server: {
    port: 5173,
    proxy: { '/api': { target: 'http://localhost:3000', changeOrigin: true } },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // dist/.vite/manifest.json: which chunks each screen needs; `npm run bench` (P4) sums them per route.
    manifest: true,
    // The login screen must stay small: every authenticated screen is a React.lazy chunk.
    chunkSizeWarningLimit: 600,
  },
});
