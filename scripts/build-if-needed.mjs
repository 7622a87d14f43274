// Builds the web app, the customer page (decision 0180) and the server bundle (apps/server/dist/server.mjs) when missing or older than their
// sources, and the embedded database's first-start template (decision 0018) when it is missing or made by
// another PGlite, so
// `npm install && npm start` always serves a current panel, quickly, without a separate step.
import { execSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';

const root = new URL('..', import.meta.url).pathname;
const distIndex = join(root, 'apps/web/dist/index.html');
const customerIndex = join(root, 'apps/customer/dist/index.html');

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

/** Builds what is stale; `npm start` (scripts/start.mjs) calls it, `prepare` and the test scripts run this file. */
export function buildIfNeeded() {
  // `prepare` also runs before dependencies are linked on a partial install; skip quietly then.
  if (!existsSync(join(root, 'node_modules/vite'))) return;
  buildWeb();
  buildCustomer();
  buildServer();
  buildPgliteTemplate();
}

function buildWeb() {
  const sources = Math.max(
    newestMtime(join(root, 'apps/web/src')),
    // Copied as they are into the build (logo, favicon).
    newestMtime(join(root, 'apps/web/public')),
    newestMtime(join(root, 'packages/shared/src')),
    statSync(join(root, 'apps/web/index.html')).mtimeMs,
    // The build's own configuration: chunking and the route pages (decision 0034).
    statSync(join(root, 'apps/web/vite.config.ts')).mtimeMs,
    newestMtime(join(root, 'apps/web/build')),
  );
  const built = existsSync(distIndex) ? statSync(distIndex).mtimeMs : 0;
  if (built < sources) {
    console.log('Building the web panel…');
    execSync('npm run build -w apps/web', { cwd: root, stdio: 'inherit' });
  }
}

function buildCustomer() {
  const customer = join(root, 'apps/customer');
  const sources = Math.max(
    newestMtime(join(customer, 'src')),
    newestMtime(join(root, 'packages/shared/src')),
    statSync(join(customer, 'index.html')).mtimeMs,
    statSync(join(customer, 'vite.config.ts')).mtimeMs,
  );
  const built = existsSync(customerIndex) ? statSync(customerIndex).mtimeMs : 0;
  if (built < sources) {
    console.log('Building the customer page…');
    execSync('npm run build -w apps/customer', { cwd: root, stdio: 'inherit' });
  }
}

function buildServer() {
  const serverSources = Math.max(
    newestMtime(join(root, 'apps/server/src')),
    newestMtime(join(root, 'packages/shared/src')),
    statSync(join(root, 'apps/server/package.json')).mtimeMs,
  );
  const serverBundle = join(root, 'apps/server/dist/server.mjs');
  if ((existsSync(serverBundle) ? statSync(serverBundle).mtimeMs : 0) < serverSources) {
    console.log('Building the server…');
    execSync('node scripts/build-server.mjs', { cwd: join(root, 'apps/server'), stdio: 'inherit' });
  }
}

// The embedded database's first-start template (apps/server/src/db/pglite-template.ts) is current when it
// was made by the installed PGlite from these migration files; the same rule as pgliteTemplateFor there,
// checked here without loading PGlite so that `npm start` stays quick.
function pgliteVersion() {
  try {
    let folder = dirname(
      createRequire(join(root, 'apps/server/package.json')).resolve('@electric-sql/pglite'),
    );
    for (let depth = 0; depth < 5; depth++, folder = dirname(folder)) {
      const manifest = join(folder, 'package.json');
      if (!existsSync(manifest)) continue;
      const { name, version } = JSON.parse(readFileSync(manifest, 'utf8'));
      if (name === '@electric-sql/pglite') return version;
    }
  } catch {
    // not installed yet
  }
  return undefined;
}

function migrationsHash() {
  const folder = join(root, 'apps/server/src/db/migrations');
  const hash = createHash('sha256');
  for (const name of readdirSync(folder)
    .filter((file) => file.endsWith('.sql'))
    .sort()) {
    hash.update(name).update(readFileSync(join(folder, name)));
  }
  return hash.digest('hex').slice(0, 16);
}

function buildPgliteTemplate() {
  const template = join(root, 'apps/server/.cache/pglite-template');
  let stamp = {};
  try {
    stamp = JSON.parse(readFileSync(`${template}.json`, 'utf8'));
  } catch {
    // no template yet
  }
  const pglite = pgliteVersion();
  const current =
    stamp.pglite === pglite &&
    stamp.migrations === migrationsHash() &&
    existsSync(join(template, 'PG_VERSION'));
  if (pglite && existsSync(join(root, 'node_modules/tsx')) && !current) {
    console.log('Preparing the embedded database template…');
    execSync('node --import tsx scripts/build-pglite-template.ts', {
      cwd: join(root, 'apps/server'),
      stdio: 'inherit',
    });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) buildIfNeeded();
