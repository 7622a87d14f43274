/**
 * P5 of docs/benchmarks.md: /users with 50 rows in headless Chromium against the local server (built
 * panel, the 1M-line database): milliseconds from navigation start to the 50th row of the table painted.
 * Each run is a new browser context (nothing cached: a first visit); a second figure reloads in the same
 * context (a return visit). The session is opened by the caller (BENCH_TOKEN for BENCH_USER_ID) and put in
 * localStorage exactly as the panel stores it (lib/auth-storage.ts); the list's page size is set to 50
 * through its stored state (lib/list-state).
 *
 * The target is a ratio (decision 0034): every run also visits the same 50 rows as a static HTML page
 * (static-users-page.ts), served by the same server from a copy of the build, in the same browser, in
 * turn with the panel; the figures are the panel's medians over the static page's.
 *
 *   BENCH_DATABASE_URL=… BENCH_TOKEN=… BENCH_USER_ID=1 [BENCH_WEB_DIST=dir] node --import tsx e2e/bench/users-paint.ts [runs]
 */
import { spawn } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { chromium, type BrowserContext } from '@playwright/test';
import { CHROMIUM_LAUNCH } from '../chromium';
import { staticUsersPage } from './static-users-page';

const root = resolve(import.meta.dirname, '../..');
const runs = Number(process.argv[2] ?? 15);
const { BENCH_DATABASE_URL: databaseUrl, BENCH_TOKEN: token, BENCH_USER_ID: userIdText } = process.env;
if (!databaseUrl || !token || !userIdText)
  throw new Error('BENCH_DATABASE_URL, BENCH_TOKEN and BENCH_USER_ID are required');
const userId = Number(userIdText);

async function freePort(): Promise<number> {
  return new Promise((done) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => done(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

const port = await freePort();
const base = `http://127.0.0.1:${port}`;
// A copy of the build, so the static page is served next to the panel without writing into apps/web/dist.
// BENCH_WEB_DIST measures another build (e.g. the previous commit's) with the same server and browser.
const webDist = mkdtempSync(join(tmpdir(), 'panel-p5-web-'));
cpSync(process.env.BENCH_WEB_DIST ?? join(root, 'apps/web/dist'), webDist, { recursive: true });
const STATIC_PATH = '/bench-users-static.html';
const server = spawn(process.execPath, ['apps/server/dist/server.mjs'], {
  cwd: root,
  env: {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATABASE_URL: databaseUrl,
    LOG_LEVEL: 'warn',
    WEB_DIST_DIR: webDist,
  },
  stdio: 'ignore',
});
for (let attempt = 0; ; attempt++) {
  try {
    if ((await fetch(`${base}/api/health`)).ok) break;
  } catch {
    // starting
  }
  if (attempt > 600) throw new Error('server did not start');
  await new Promise((done) => setTimeout(done, 100));
}

const browser = await chromium.launch(CHROMIUM_LAUNCH);

async function prepared(): Promise<BrowserContext> {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'pt-BR' });
  // A string, not a function: tsx compiles this file with helpers (__name) the page would not have.
  await context.addInitScript(`
    localStorage.setItem('auth', ${JSON.stringify(JSON.stringify({ token, user: { id: userId, username: 'admin' } }))});
    localStorage.setItem(${JSON.stringify(`list-state:users:${userId}`)}, JSON.stringify({ filters: {}, per: 50, sort: null }));
    // The global notice would cover the table: it counts as already seen.
    localStorage.setItem('messageModalShown', 'true');
    // From navigation start until the 50th row is in the document, then the next frame: painted. Watched
    // with a MutationObserver (runs once per DOM change batch) rather than a check every frame, which
    // showed as 140 ms of the page's own CPU time in a profile.
    const observer = new MutationObserver(() => {
      const table = document.querySelector('[data-testid="users-table"]');
      if (!table || !table.tBodies[0] || !table.tBodies[0].rows[49]) return;
      observer.disconnect();
      requestAnimationFrame(() => { window.__painted = performance.now(); });
    });
    observer.observe(document, { childList: true, subtree: true });
  `);
  return context;
}

/** One visit (or reload): ms from navigation start to painted, and what the page fetched on the way. */
async function measure(context: BrowserContext, reload: boolean, path = '/users') {
  const page = context.pages()[0] ?? (await context.newPage());
  if (reload) await page.reload();
  else await page.goto(`${base}${path}`);
  await page.waitForFunction(
    () => (window as unknown as { __painted?: number }).__painted !== undefined,
    null,
    {
      timeout: 60_000,
    },
  );
  return page.evaluate(() => ({
    ms: (window as unknown as { __painted: number }).__painted,
    // The waterfall (BENCH_WATERFALL=1): when each file and API answer started and ended.
    resources: performance.getEntriesByType('resource').map((entry) => {
      const timing = entry as PerformanceResourceTiming;
      return {
        name: timing.name.replace(location.origin, ''),
        start: Math.round(timing.startTime),
        end: Math.round(timing.responseEnd),
        // Bytes on the wire (compressed): 0 for a file served from the cache.
        bytes: timing.transferSize,
      };
    }),
  }));
}

const first: number[] = [];
const again: number[] = [];
const staticFirst: number[] = [];
const staticAgain: number[] = [];
let jsBytes: number | undefined;
/**
 * BENCH_PROFILE=1: one more first visit and its return visit under the V8 CPU profiler (not counted in the
 * figures), each printed as where the page's main thread spent its time: per script, and the busiest
 * functions; BENCH_PROFILE_DIR=<dir> also writes them whole (.cpuprofile).
 */
async function printCpuProfiles() {
  const context = await prepared();
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
  for (const [label, reload] of [
    ['first visit', false],
    ['return visit', true],
  ] as const) {
    await cdp.send('Profiler.start');
    const visit = await measure(context, reload);
    const { profile } = await cdp.send('Profiler.stop');
    // BENCH_PROFILE_DIR: the whole profile too, for Chromium's DevTools (Performance → Load profile).
    if (process.env.BENCH_PROFILE_DIR)
      writeFileSync(
        join(process.env.BENCH_PROFILE_DIR, `p5-${label.replace(' ', '-')}.cpuprofile`),
        JSON.stringify(profile),
      );
    const interval = (profile.endTime - profile.startTime) / 1000 / (profile.samples?.length || 1);
    const hits = new Map<number, number>();
    for (const sample of profile.samples ?? []) hits.set(sample, (hits.get(sample) ?? 0) + 1);
    const byScript = new Map<string, number>();
    const byFunction = new Map<string, number>();
    for (const node of profile.nodes) {
      const ms = (hits.get(node.id) ?? 0) * interval;
      if (ms === 0) continue;
      const { url, functionName } = node.callFrame;
      const script = url.replace(base, '') || `(${functionName || 'native'})`;
      byScript.set(script, (byScript.get(script) ?? 0) + ms);
      const name = `${functionName || '(anonymous)'} ${script}`;
      byFunction.set(name, (byFunction.get(name) ?? 0) + ms);
    }
    const top = (map: Map<string, number>, count: number) =>
      [...map].sort((a, b) => b[1] - a[1]).slice(0, count);
    console.log(`CPU profile of a ${label} painted at ${Math.round(visit.ms)} ms (self time):`);
    for (const [script, ms] of top(byScript, 15)) console.log(`  ${ms.toFixed(0).padStart(5)} ms  ${script}`);
    console.log('busiest functions:');
    for (const [name, ms] of top(byFunction, 15)) console.log(`  ${ms.toFixed(0).padStart(5)} ms  ${name}`);
  }
  await context.close();
}

try {
  if (process.env.BENCH_PROFILE) await printCpuProfiles();
  // One unmeasured visit: the server's own caches and JIT, as on a panel that is already running. It
  // also gives the JavaScript downloaded by a first visit (read from resource timing, not by pulling
  // bodies through the browser's debugging protocol while the page loads, which would slow it down).
  const warm = await prepared();
  const warmVisit = await measure(warm, false);
  jsBytes = warmVisit.resources
    .filter((resource) => resource.name.endsWith('.js'))
    .reduce((sum, resource) => sum + resource.bytes, 0);
  await warm.close();
  // The baseline page holds the very rows the panel asked for (the same request, read from its waterfall).
  const listRequest = warmVisit.resources.find((resource) => resource.name.startsWith('/api/users?'));
  if (!listRequest) throw new Error('the panel did not ask for /api/users');
  const list = (await (
    await fetch(`${base}${listRequest.name}`, { headers: { Authorization: `Bearer ${token}` } })
  ).json()) as { data: Parameters<typeof staticUsersPage>[0] };
  if (list.data.length < 50) throw new Error(`the list has ${list.data.length} rows, 50 are measured`);
  writeFileSync(join(webDist, STATIC_PATH), staticUsersPage(list.data));
  const warmStatic = await prepared();
  await measure(warmStatic, false, STATIC_PATH);
  await warmStatic.close();
  for (let run = 0; run < runs; run++) {
    // Static page and panel in turn, each in a new context: the same browser, server and moment.
    const plain = await prepared();
    staticFirst.push((await measure(plain, false, STATIC_PATH)).ms);
    staticAgain.push((await measure(plain, true)).ms);
    await plain.close();
    const context = await prepared();
    const cold = await measure(context, false);
    first.push(cold.ms);
    if (process.env.BENCH_WATERFALL && run === 0) {
      console.log(`first visit, painted at ${Math.round(cold.ms)} ms:`);
      for (const resource of cold.resources)
        console.log(
          `  ${String(resource.start).padStart(5)} → ${String(resource.end).padStart(5)}  ${resource.name}`,
        );
    }
    const warmReload = await measure(context, true);
    again.push(warmReload.ms);
    if (process.env.BENCH_WATERFALL && run === 0) {
      // A return visit takes its files from the cache: only what went over the network is listed.
      console.log(`return visit, painted at ${Math.round(warmReload.ms)} ms (files from the network):`);
      for (const resource of warmReload.resources.filter((item) => item.bytes > 0))
        console.log(
          `  ${String(resource.start).padStart(5)} → ${String(resource.end).padStart(5)}  ${resource.name}`,
        );
    }
    await context.close();
  }
} finally {
  await browser.close();
  server.kill('SIGTERM');
  rmSync(webDist, { recursive: true, force: true });
}

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length, Math.max(1, Math.ceil((p / 100) * sorted.length))) - 1] ?? Number.NaN;
};
const round = (value: number) => Math.round(value);
const figures = (values: number[]) => ({
  median: round(percentile(values, 50)),
  p95: round(percentile(values, 95)),
});
const ratio = (measured: number[], baseline: number[]) =>
  Math.round((percentile(measured, 50) / percentile(baseline, 50)) * 100) / 100;
const result = {
  runs,
  firstVisitMs: figures(first),
  returnVisitMs: figures(again),
  // The same rows as static HTML (decision 0034): the targets are ratios of medians to these.
  staticFirstVisitMs: figures(staticFirst),
  staticReturnVisitMs: figures(staticAgain),
  firstVisitRatio: ratio(first, staticFirst),
  returnVisitRatio: ratio(again, staticAgain),
  // Compressed, as sent (transferSize includes the headers).
  jsDownloadedKB: Math.round((jsBytes ?? 0) / 102.4) / 10,
};
if (process.env.BENCH_RESULT_FILE)
  writeFileSync(process.env.BENCH_RESULT_FILE, JSON.stringify(result, null, 2));
console.log(JSON.stringify(result, null, 2));
