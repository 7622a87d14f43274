// After `vite build`: a gzip and a brotli copy next to every text asset of apps/web/dist (or of the folder
// given, relative to the repository: apps/customer/dist), so the server (@fastify/static `preCompressed`)
// answers compressed bytes without compressing on each request.
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const folder = process.argv[2] ?? 'apps/web/dist';
const dist = new URL(`../${folder}/`, import.meta.url).pathname;
const TEXT = /\.(js|mjs|css|html|svg|json|txt|map)$/;
// Below this, headers cost more than compression saves.
const MIN_BYTES = 1024;

let files = 0;
function walk(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) walk(path);
    else if (TEXT.test(entry.name) && statSync(path).size >= MIN_BYTES) {
      const content = readFileSync(path);
      writeFileSync(`${path}.gz`, gzipSync(content, { level: 9 }));
      writeFileSync(
        `${path}.br`,
        brotliCompressSync(content, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
      );
      files++;
    }
  }
}
walk(dist);
console.log(`compressed ${files} files in ${folder} (gzip, brotli)`);
