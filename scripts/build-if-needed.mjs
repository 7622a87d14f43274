// Builds the web app when its production bundle is missing or older than its sources,
// so `npm install && npm start` always serves a current panel without a separate step.
import { execSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const distIndex = join(root, 'apps/web/dist/index.html');

function newestMtime(dir) {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist') continue;
    const path = join(dir, entry.name);
    const time = entry.isDirectory() ? newestMtime(path) : statSync(path).mtimeMs;
    if (time > newest) newest = time;
  }
  return newest;
}

// `prepare` also runs before dependencies are linked on a partial install; skip quietly then.
if (!existsSync(join(root, 'node_modules/vite'))) process.exit(0);

const sources = Math.max(
  newestMtime(join(root, 'apps/web/src')),
  newestMtime(join(root, 'packages/shared/src')),
  statSync(join(root, 'apps/web/index.html')).mtimeMs,
);
const built = existsSync(distIndex) ? statSync(distIndex).mtimeMs : 0;
if (built < sources) {
  console.log('Building the web panel…');
  execSync('npm run build -w apps/web', { cwd: root, stdio: 'inherit' });
}
