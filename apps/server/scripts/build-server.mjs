// The server as one ES module (dist/server.mjs) for `npm start` (decision 0018, P6): node reads one file
// instead of resolving and loading some 400 modules (and tsx transpiling ours) on every start. Tests and
// `npm run dev` run the sources through tsx; the Playwright journeys run this bundle, as users do.
import { readFileSync } from 'node:fs';
import { build } from 'esbuild';

const root = new URL('..', import.meta.url).pathname;
const manifest = JSON.parse(readFileSync(`${root}package.json`, 'utf8'));
// Left in node_modules: packages that load files next to themselves (PGlite's WebAssembly and data,
// argon2's native binary, the docs UI's static assets) and the build tools.
const KEPT_EXTERNAL = ['@electric-sql/pglite', '@node-rs/argon2', '@fastify/swagger-ui', 'esbuild', 'tsx'];
const external = Object.keys(manifest.dependencies)
  .filter((name) => KEPT_EXTERNAL.includes(name))
  .flatMap((name) => [name, `${name}/*`]);

await build({
  entryPoints: [`${root}src/server.ts`],
  outfile: `${root}dist/server.mjs`,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  external,
  sourcemap: true,
  // Bundled CommonJS packages call require(); an ES module has none of its own.
  banner: {
    js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);",
  },
  logLevel: 'warning',
});
