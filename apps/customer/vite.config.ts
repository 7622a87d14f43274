import { defineConfig } from 'vite';

// The customer page (decisions 0175, 0180): Preact through the bundler's own JSX transform (no plugin), served
// under /cliente/ on the panel's host and on resellers' domains, so every asset path starts there.
export default defineConfig({
  base: '/cliente/',
  oxc: { jsx: { runtime: 'automatic', importSource: 'preact' } },
  server: {
    port: 5174,
    proxy: { '/cliente/api': { target: 'http://localhost:3000', changeOrigin: true } },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // dist/.vite/manifest.json: `node scripts/bench/bundle-size.mjs` (P4) sums what the page needs to paint.
    manifest: true,
    // One entry, no lazy chunks: the page is small enough to paint from one file (decision 0180).
    modulePreload: { polyfill: false },
  },
});
