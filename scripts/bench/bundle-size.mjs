// P4 of docs/benchmarks.md: the gzipped JavaScript a browser must download to paint a route of the
// production build. Read from Vite's manifest (apps/web/dist/.vite/manifest.json): the entry chunk plus the
// lazy chunks of the route's screens, with every chunk they import statically (what the browser fetches
// before it can render them), each file counted once and gzipped as a server or CDN would send it.
import { readFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

/** The lazy modules each measured route renders (app/route-table.tsx), besides the entry. */
export const ROUTE_MODULES = {
  '/login': [/features\/auth\/components\/login-page\.tsx$/],
  '/users': [/app\/layout\/app-layout\.tsx$/, /app\/routes\/users-routes\.tsx$/],
  '/dashboard': [/app\/layout\/app-layout\.tsx$/, /app\/routes\/dashboard-route\.tsx$/],
};

/**
 * Lazy chunks fetched after a route painted (decision 0058), measured as what they add to it: the files
 * they reach that the route has not already downloaded.
 */
export const LAZY_MODULES = {
  'dashboard charts': {
    after: '/dashboard',
    module: /features\/dashboard\/components\/top-viewed-chart\.tsx$/,
  },
  'content-updates drawer': {
    after: '/dashboard',
    module: /features\/releases\/components\/releases-drawer\.tsx$/,
  },
};

export function measureBundles(distDir) {
  const manifestPath = join(distDir, '.vite/manifest.json');
  if (!existsSync(manifestPath))
    throw new Error(`${manifestPath} missing: build with build.manifest (npm run build)`);
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));
  const entryKey = Object.keys(manifest).find((key) => manifest[key].isEntry);
  const gzipOf = new Map();
  const gzipped = (file) => {
    if (!gzipOf.has(file)) {
      const bytes = readFileSync(join(distDir, file));
      gzipOf.set(file, { raw: bytes.length, gzip: gzipSync(bytes, { level: 9 }).length });
    }
    return gzipOf.get(file);
  };
  const reachable = (roots) => {
    const seen = new Set();
    const visit = (key) => {
      if (seen.has(key) || !manifest[key]) return;
      seen.add(key);
      for (const imported of manifest[key].imports ?? []) visit(imported);
    };
    roots.forEach(visit);
    return new Set([...seen].map((key) => manifest[key].file).filter((file) => file.endsWith('.js')));
  };
  const summary = (files, missing) => {
    const total = files.reduce(
      (sum, file) => ({ raw: sum.raw + gzipped(file).raw, gzip: sum.gzip + gzipped(file).gzip }),
      { raw: 0, gzip: 0 },
    );
    const biggest = files
      .map((file) => ({ file, kb: Math.round(gzipped(file).gzip / 102.4) / 10 }))
      .sort((a, b) => b.kb - a.kb)
      .slice(0, 5);
    return {
      gzipKB: Math.round(total.gzip / 102.4) / 10,
      rawKB: Math.round(total.raw / 102.4) / 10,
      chunks: files.length,
      biggest,
      missing,
    };
  };
  const results = {};
  const routeFiles = {};
  for (const [route, patterns] of Object.entries(ROUTE_MODULES)) {
    const roots = [entryKey];
    const missing = [];
    for (const pattern of patterns) {
      const key = Object.keys(manifest).find((candidate) => pattern.test(candidate));
      if (key) roots.push(key);
      else missing.push(String(pattern));
    }
    routeFiles[route] = reachable(roots);
    results[route] = summary([...routeFiles[route]], missing);
  }
  results.lazy = {};
  for (const [name, { after, module }] of Object.entries(LAZY_MODULES)) {
    const key = Object.keys(manifest).find((candidate) => module.test(candidate));
    const files = key ? [...reachable([key])].filter((file) => !routeFiles[after].has(file)) : [];
    results.lazy[name] = { after, ...summary(files, key ? [] : [String(module)]) };
  }
  return results;
}

/**
 * The customer page (apps/customer, decisions 0175 and 0180): the gzipped JavaScript it needs to paint, its
 * entry and every chunk the entry imports statically (it has no lazy route). Target: under 50 kB.
 */
export function measureCustomerBundle(distDir) {
  const manifestPath = join(distDir, '.vite/manifest.json');
  if (!existsSync(manifestPath))
    throw new Error(`${manifestPath} missing: build the customer page (npm run build -w apps/customer)`);
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));
  const entryKey = Object.keys(manifest).find((key) => manifest[key].isEntry);
  const files = new Set();
  const visit = (key) => {
    const chunk = manifest[key];
    if (!chunk || files.has(chunk.file)) return;
    files.add(chunk.file);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  visit(entryKey);
  let raw = 0;
  let gzip = 0;
  for (const file of files) {
    if (!file.endsWith('.js')) continue;
    const bytes = readFileSync(join(distDir, file));
    raw += bytes.length;
    gzip += gzipSync(bytes, { level: 9 }).length;
  }
  return {
    gzipKB: Math.round(gzip / 102.4) / 10,
    rawKB: Math.round(raw / 102.4) / 10,
    chunks: [...files].filter((file) => file.endsWith('.js')).length,
  };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const dist = process.argv[2] ?? new URL('../../apps/web/dist', import.meta.url).pathname;
  const customerDist = process.argv[3] ?? new URL('../../apps/customer/dist', import.meta.url).pathname;
  console.log(
    JSON.stringify({ ...measureBundles(dist), customer: measureCustomerBundle(customerDist) }, null, 2),
  );
}
