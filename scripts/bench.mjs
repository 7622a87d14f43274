// npm run bench — the figures of docs/benchmarks.md, each as median and p95 over repeated runs, each ratio
// measured side by side in the same run (P1–P6: decision 0018, P7–P10: decision 0042). Steps:
//   1. the database: DATABASE_URL when given, else `panel_bench` on the PostgreSQL server of
//      TEST_DATABASE_URL (default the local one), created once and reused;
//   2. npm run seed:large on it (1,000,000 lines, 2,000 resellers, the content library and 200 bench lines;
//      idempotent: nothing to do the second time). P7–P10 alone seed only the library and the bench lines
//      (`--library-only`, seconds), so they never wait for the million lines (decision 0042);
//   3. the production build (with its manifest);
//   4. P1/P2 list latency, P3 renewals, P4 bundle sizes, P5 /users in Chromium, P6 `npm start`,
//      P7 get.php playlist, P8 get_vod_streams, P9 stream starts, P10 proxy throughput, P11 heartbeats and
//      online lists, P12 screens under concurrent starts (decision 0044), P13 playlists and listings under a
//      stampede after a sync, with stream starts meanwhile (decision 0100).
// Options: --only P1,P3 (any of P1 … P13; P1 and P2 run together), --quick (fewer repetitions).
// The raw results land in bench-results/latest.json (not versioned).
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus, totalmem, tmpdir } from 'node:os';
import { join } from 'node:path';
import { measureBundles, measureCustomerBundle } from './bench/bundle-size.mjs';

const root = new URL('..', import.meta.url).pathname;
const args = process.argv.slice(2);
const quick = args.includes('--quick');
const onlyIndex = args.indexOf('--only');
const ALL = ['P1', 'P2', 'P3', 'P4', 'P5', 'P6', 'P7', 'P8', 'P9', 'P10', 'P11', 'P12', 'P13'];
const only = onlyIndex >= 0 ? (args[onlyIndex + 1] ?? '').toUpperCase().split(',') : ALL;
const unknown = only.filter((id) => !ALL.includes(id));
if (unknown.length > 0) throw new Error(`--only: unknown ${unknown.join(', ')} (known: ${ALL.join(' ')})`);
const wants = (id) => only.includes(id);
const pgServer = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const server = join(root, 'apps/server');
const work = mkdtempSync(join(tmpdir(), 'panel-bench-'));

function sh(label, command, commandArgs, options = {}) {
  const started = Date.now();
  console.log(`\n--- ${label}`);
  const result = spawnSync(command, commandArgs, {
    stdio: ['ignore', 'inherit', 'inherit'],
    cwd: root,
    ...options,
    env: { ...process.env, ...options.env },
  });
  if (result.status !== 0) throw new Error(`${label} failed (${result.status})`);
  return (Date.now() - started) / 1000;
}

/** Runs one measurement script; it writes its JSON result to BENCH_RESULT_FILE. */
function measure(label, command, commandArgs, options = {}) {
  const file = join(work, `${label.replace(/\W+/g, '-')}.json`);
  sh(label, command, commandArgs, { ...options, env: { ...options.env, BENCH_RESULT_FILE: file } });
  return JSON.parse(readFileSync(file, 'utf8'));
}

function captured(command, commandArgs, options = {}) {
  const result = spawnSync(command, commandArgs, {
    cwd: root,
    encoding: 'utf8',
    ...options,
    env: { ...process.env, ...options.env },
  });
  if (result.status !== 0) throw new Error(`${command} ${commandArgs.join(' ')}: ${result.stderr}`);
  return result.stdout.trim();
}

const tsx = ['--import', 'tsx'];
const results = { date: new Date().toISOString(), machine: {}, steps: {} };
results.machine = {
  cpus: cpus().length,
  cpuModel: cpus()[0]?.model,
  memoryGiB: Math.round(totalmem() / 2 ** 30),
  node: process.version,
  postgres: captured('psql', [pgServer, '-Atc', 'show server_version'], { stdio: 'pipe' }),
};

// 1–2. The database and its data.
const databaseUrl =
  process.env.DATABASE_URL ??
  captured('node', [...tsx, 'scripts/bench/ensure-database.ts', 'panel_bench'], {
    cwd: server,
    env: { TEST_DATABASE_URL: pgServer },
  })
    .split('\n')
    .at(-1);
const dbEnv = { DATABASE_URL: databaseUrl, ADMIN_PASSWORD: process.env.ADMIN_PASSWORD ?? 'Adm1n@bench' };
if (wants('P1') || wants('P2') || wants('P3') || wants('P5') || wants('P11')) {
  results.steps.seedSeconds = sh(
    'seed:large (1,000,000 lines, 2,000 resellers; idempotent)',
    'npm',
    ['run', '--silent', 'seed:large', '--', '--lines', '1000000', '--resellers', '2000'],
    { env: dbEnv },
  );
} else if (['P7', 'P8', 'P9', 'P10', 'P12', 'P13'].some(wants)) {
  results.steps.seedSeconds = sh(
    'seed:large --library-only (the content library and 200 bench lines; idempotent)',
    'npm',
    ['run', '--silent', 'seed:large', '--', '--library-only'],
    { env: dbEnv },
  );
}

// 3. The production build, with the manifest P4 reads.
if (!existsSync(join(root, 'apps/web/dist/.vite/manifest.json'))) sh('build', 'npm', ['run', 'build']);
else sh('build check', 'node', ['scripts/build-if-needed.mjs']);

// 4. The measurements.
if (wants('P1') || wants('P2')) {
  results.list = measure(
    'P1-P2 list latency',
    'node',
    [...tsx, 'scripts/bench/list-latency.ts', '--runs', quick ? '100' : '400', '--warmup', '40'],
    { cwd: server, env: dbEnv },
  );
}
if (wants('P3')) {
  results.renewals = measure(
    'P3 renewals',
    'node',
    [
      ...tsx,
      'scripts/bench/renewals-throughput.ts',
      '--seconds',
      quick ? '4' : '8',
      '--rounds',
      quick ? '2' : '5',
    ],
    { cwd: server, env: dbEnv },
  );
}
if (wants('P4')) {
  console.log('\n--- P4 bundle sizes (manifest)');
  results.bundles = measureBundles(join(root, 'apps/web/dist'));
  results.customerBundle = measureCustomerBundle(join(root, 'apps/customer/dist'));
}
if (wants('P5')) {
  const session = JSON.parse(
    captured('node', [...tsx, 'scripts/bench/open-session.ts'], { cwd: server, env: dbEnv }),
  );
  results.paint = measure(
    'P5 /users paint',
    'node',
    [...tsx, 'e2e/bench/users-paint.ts', quick ? '5' : '15'],
    {
      env: { BENCH_DATABASE_URL: databaseUrl, BENCH_TOKEN: session.token, BENCH_USER_ID: String(session.id) },
    },
  );
}
if (wants('P6')) {
  results.startup = measure(
    'P6 npm start',
    'node',
    [...tsx, 'scripts/bench/startup.ts', '--runs', quick ? '3' : '7'],
    {
      cwd: server,
    },
  );
}

for (const id of ['P7', 'P8']) {
  if (!wants(id)) continue;
  results[id === 'P7' ? 'playlist' : 'vodList'] = measure(
    `${id} ${id === 'P7' ? 'get.php playlist' : 'get_vod_streams'}`,
    'node',
    [
      ...tsx,
      'scripts/bench/player-payloads.ts',
      '--case',
      id,
      '--runs',
      quick ? '5' : '15',
      '--cold',
      quick ? '2' : '3',
    ],
    { cwd: server, env: dbEnv },
  );
}
if (wants('P9')) {
  results.streamStarts = measure(
    'P9 stream starts',
    'node',
    [
      ...tsx,
      'scripts/bench/stream-starts.ts',
      '--seconds',
      quick ? '5' : '10',
      '--rounds',
      quick ? '2' : '4',
    ],
    { cwd: server, env: dbEnv },
  );
}
if (wants('P10')) {
  results.proxy = measure(
    'P10 proxy throughput',
    'node',
    [
      ...tsx,
      'scripts/bench/proxy-throughput.ts',
      '--seconds',
      quick ? '4' : '8',
      '--rounds',
      quick ? '2' : '4',
    ],
    { cwd: server, env: dbEnv },
  );
}

// P11 heartbeats (decision 0045): edge heartbeats through POST /api/ingest/v1/connections, batches
// of 500, 300,000 live connections in a scratch database of its own, against a bare batched upsert in the same
// run; its table row is written here too, so the heartbeat half of P11 is this one block.
const p11HeartbeatRows = [];
if (wants('P11')) {
  const h = measure(
    'P11 heartbeat ingest',
    'node',
    [
      ...tsx,
      'scripts/bench/heartbeat-ingest.ts',
      '--seconds',
      quick ? '4' : '8',
      '--rounds',
      quick ? '2' : '4',
    ],
    { cwd: server, env: { TEST_DATABASE_URL: pgServer } },
  );
  results.heartbeats = h;
  p11HeartbeatRows.push([
    'P11',
    `connection heartbeats/s through the ingest API, batches of ${h.batch}, ${h.senders} senders, ${h.connections.toLocaleString('en')} live connections (vs a bare batched upsert into a plain table)`,
    `${h.heartbeatsPerSecond.median} /s (batch p95 ${h.batchLatencyMs.p95} ms)`,
    `${h.barePerSecond.median} /s`,
    `${h.ratio.median}×`,
    `≥ 0.5× and ≥ 10,000/s: ${h.ratio.median >= 0.5 && h.heartbeatsPerSecond.median >= 10_000 ? 'met' : 'MISSED'}`,
  ]);
}

// P11, the online lists (decision 0046): the two online screens and the dashboard counters with 300,000 live
// connections (and 30,000 P2P sessions) over the million lines; every read p95 ≤ 25 ms.
const onlineRows = [];
if (wants('P11')) {
  results.onlineLists = measure(
    'P11 online lists',
    'node',
    [...tsx, 'scripts/bench/online-lists.ts', '--runs', quick ? '60' : '200'],
    { cwd: server, env: dbEnv },
  );
  for (const item of results.onlineLists.cases) {
    onlineRows.push([
      'P11',
      `${item.request} — in scope ${item.scopeConnections.toLocaleString('en')} live connections, ${item.scopeSessions.toLocaleString('en')} P2P sessions`,
      `${item.ms.median} / ${item.ms.p95} ms`,
      '',
      '',
      `p95 ≤ 25 ms: ${item.ms.p95 <= 25 ? 'met' : 'MISSED'}`,
    ]);
  }
}

// P12 (decision 0044): screens under 200 concurrent starts from different devices; its table
// row is written here too, so the whole of P12 is this one block.
const p12Rows = [];
if (wants('P12')) {
  const p = measure(
    'P12 screens race',
    'node',
    [...tsx, 'scripts/bench/screens-race.ts', '--rounds', quick ? '4' : '10'],
    { cwd: server, env: dbEnv },
  );
  results.screensRace = p;
  p12Rows.push([
    'P12',
    `${p.starts} simultaneous starts (redirect 302), ${p.devicesPerLine} devices on each of ${p.lines} one-screen lines, ${p.rounds} rounds`,
    `${p.startsPerSecond.median} starts/s (round ${p.roundMs.median} ms); ${p.accepted} × 302, ${p.refused} × 403, ${p.other} other`,
    '',
    '',
    `exactly 1 active connection per line (${p.survivorsPerLine.min}–${p.survivorsPerLine.max}): ${p.exactlyOneEveryRound ? 'met' : 'MISSED'}`,
  ]);
}

// P13 (decision 0100): 200 players ask for get.php and get_live_streams at once right after a sync of one
// category, while 200 others start movies; its table rows are written here too.
const p13Rows = [];
if (wants('P13')) {
  const p = measure(
    'P13 stampede',
    'node',
    [...tsx, 'scripts/bench/stampede.ts', '--alone', quick ? '5' : '8'],
    { cwd: server, env: dbEnv },
  );
  results.stampede = p;
  const t = p.targets;
  const met = (ok) => (ok ? 'met' : 'MISSED');
  p13Rows.push(
    [
      'P13',
      `${p.players} players: get.php (${Math.round(p.afterSync.playlistBytes / 2 ** 20)} MB) then get_live_streams at once after a sync of one category (vs the same stampede on a warm cache)`,
      `slowest ${p.afterSync.slowestPlaylistMs} ms`,
      `slowest ${p.warm.slowestPlaylistMs} ms`,
      `${t.slowestPlaylistRatio}×`,
      `≤ 2×: ${met(t.slowestPlaylistMet)}`,
    ],
    [
      'P13',
      `stream starts at ${p.startRate}/s during that stampede (vs alone); delivery pool waiting ≤ ${p.afterSync.pools.delivery?.waiting ?? 0}, panel ≤ ${p.afterSync.pools.panel?.waiting ?? 0}`,
      `p99 ${p.afterSync.starts.p99} ms`,
      `p99 ${p.startsAlone.p99} ms`,
      `${t.startsP99Ratio}×`,
      `≤ 1.5×: ${met(t.startsP99Met)}`,
    ],
    [
      'P13',
      `server RSS growth during that stampede (vs ${p.players} × the answer); set B's answers kept: ${p.setBVersionUnchanged}`,
      `+${t.rssGrowthMiB} MiB`,
      `${t.rssBoundMiB} MiB`,
      '',
      `well under (< 1/10): ${met(t.rssMet)}`,
    ],
  );
}

mkdirSync(join(root, 'bench-results'), { recursive: true });
writeFileSync(join(root, 'bench-results/latest.json'), JSON.stringify(results, null, 2));

// The table.
const rows = [];
const mark = (ok) => (ok ? 'met' : 'MISSED');
const caseRow = (item, id) => {
  if (!item) return;
  rows.push([
    id,
    `${item.label} (${item.request})`,
    `${item.api.median} / ${item.api.p95} ms`,
    `${item.raw.median} / ${item.raw.p95} ms`,
    `${item.ratio}×`,
    `≤ 1.5× and p95 ≤ 25 ms: ${mark(item.ratio <= 1.5 && item.api.p95 <= 25)}`,
  ]);
};
for (const item of results.list?.cases ?? []) caseRow(item, item.id);
if (results.renewals) {
  const r = results.renewals;
  rows.push([
    'P3',
    `renewals/s, ${r.clients} clients (API vs bare UPDATE + ledger INSERT)`,
    `${r.renewalsPerSecond.median} / s (latency p95 ${r.renewalLatencyMs.p95} ms)`,
    `${r.barePerSecond.median} / s`,
    `${r.ratio.median}×`,
    `≥ 0.5×: ${mark(r.ratio.median >= 0.5)}`,
  ]);
}
if (results.bundles) {
  for (const [route, limit] of [
    ['/login', 150],
    ['/users', 250],
    ['/dashboard', null],
  ]) {
    const b = results.bundles[route];
    rows.push([
      'P4',
      `gzipped JS to paint ${route}`,
      `${b.gzipKB} KB (${b.chunks} files)`,
      '',
      '',
      limit === null ? 'reported (0058)' : `≤ ${limit} KB: ${mark(b.gzipKB <= limit)}`,
    ]);
  }
  for (const [name, lazy] of Object.entries(results.bundles.lazy ?? {})) {
    rows.push([
      'P4',
      `then ${name} (after ${lazy.after})`,
      `${lazy.gzipKB} KB (${lazy.chunks} files)`,
      '',
      '',
      'reported (0058)',
    ]);
  }
}
if (results.customerBundle) {
  const c = results.customerBundle;
  rows.push([
    'P4',
    'gzipped JS to paint the customer page (/cliente)',
    `${c.gzipKB} KB (${c.chunks} files)`,
    '',
    '',
    `< 50 KB (0175): ${mark(c.gzipKB < 50)}`,
  ]);
}
if (results.paint) {
  // Ratios to the same 50 rows as static HTML, served and painted side by side in the same run (0034).
  const p = results.paint;
  rows.push([
    'P5',
    '/users, 50 rows, navigation → 50th row painted, first visit (vs the rows as static HTML)',
    `${p.firstVisitMs.median} / ${p.firstVisitMs.p95} ms`,
    `${p.staticFirstVisitMs.median} / ${p.staticFirstVisitMs.p95} ms`,
    `${p.firstVisitRatio}×`,
    `≤ 3×: ${mark(p.firstVisitRatio <= 3)}`,
  ]);
  rows.push([
    'P5',
    '/users, return visit (cached assets; the static page reloaded)',
    `${p.returnVisitMs.median} / ${p.returnVisitMs.p95} ms`,
    `${p.staticReturnVisitMs.median} / ${p.staticReturnVisitMs.p95} ms`,
    `${p.returnVisitRatio}×`,
    `≤ 2×: ${mark(p.returnVisitRatio <= 2)}`,
  ]);
}
if (results.startup) {
  const s = results.startup;
  rows.push([
    'P6',
    '`npm start` → healthy, first start (empty data folder)',
    `${s.firstStartMs.median} / ${s.firstStartMs.p95} ms`,
    '',
    '',
    `≤ 3 s: ${mark(s.firstStartMs.median <= 3000)}`,
  ]);
  rows.push([
    'P6',
    '`npm start` → healthy, restart',
    `${s.restartMs.median} / ${s.restartMs.p95} ms`,
    '',
    '',
    `≤ 3 s: ${mark(s.restartMs.median <= 3000)}`,
  ]);
}
for (const [id, item] of [
  ['P7', results.playlist],
  ['P8', results.vodList],
]) {
  if (!item) continue;
  const m = item.memoryMiB;
  const files = `${item.file.ttlbMs.median} / ${item.file.ttlbMs.p95} ms (@fastify/static, same server); ${item.plainFile.ttlbMs.median} / ${item.plainFile.ttlbMs.p95} ms (plain node:http + fs.createReadStream, own process)`;
  rows.push([
    id,
    `${item.request} — ${item.entries.toLocaleString('en')} entries, ${item.mebibytes} MiB, to the last byte, warm (from the answer cache; vs the same bytes from a file)`,
    `${item.api.ttlbMs.median} / ${item.api.ttlbMs.p95} ms`,
    files,
    `${item.ratio}× static, ${item.ratioToPlainFile}× plain`,
    id === 'P7'
      ? `≤ 2× and ≤ 1 s: ${mark(item.ratio <= 2 && item.api.ttlbMs.median <= 1000)}`
      : `≤ 2×: ${mark(item.ratio <= 2)}`,
  ]);
  rows.push([
    id,
    `cold: rendered from the database after a library change (${item.cold.runs} runs, a new library version before each)`,
    `${item.cold.ttlbMs.median} / ${item.cold.ttlbMs.p95} ms, first byte ${item.cold.ttfbMs.median} ms`,
    files,
    `${item.coldRatio}× static, ${item.coldRatioToPlainFile}× plain`,
    id === 'P7' ? `≤ 1 s: ${mark(item.cold.ttlbMs.median <= 1000)}` : '',
  ]);
  rows.push([
    id,
    'server memory growth during one answer (peak − before; file in brackets)',
    `RSS +${m.api.rss.median} MiB (max ${m.api.rss.max}), heap +${m.api.heap.median} MiB`,
    `RSS +${m.file.rss.median} MiB, heap +${m.file.heap.median} MiB`,
    '',
    // Flat: the answer is not held whole in memory (decision 0042): building it whole costs at least its
    // size (4× measured); the heap peak includes garbage V8 collects lazily, so the RSS is what is judged.
    `flat (RSS growth < the answer's ${item.mebibytes} MiB): ${mark(m.api.rss.max < item.mebibytes)}`,
  ]);
}
if (results.streamStarts) {
  const p = results.streamStarts;
  rows.push([
    'P9',
    `stream starts/s (movie, redirect 302), ${p.connections} players on ${p.lines} lines, closed loop (vs bare SELECT line + INSERT start, same process)`,
    `${p.startsPerSecond.median} /s (closed-loop p99 ${p.latencyMs.p99} ms)`,
    `${p.floorPerSecond.median} /s (p99 ${p.floorLatencyMs.p99} ms)`,
    `${p.ratio.median}× (rounds ≥ ${p.ratio.min}×); server CPU ${p.cpuMsPerStart.apiServer} against ${p.cpuMsPerStart.floorServer} ms a start, PostgreSQL ${p.cpuMsPerStart.apiPostgres} against ${p.cpuMsPerStart.floorPostgres} ms`,
    `≥ 0.5×: ${mark(p.ratio.median >= 0.5)}`,
  ]);
  if (p.steady) {
    rows.push([
      'P9',
      `start latency at a steady ${p.steady.targetRate} starts/s (half the capacity, Poisson arrivals, 200 players)`,
      `p50 ${p.steady.api.p50} / p99 ${p.steady.api.p99} ms`,
      `p50 ${p.steady.bare.p50} / p99 ${p.steady.bare.p99} ms`,
      '',
      `p99 ≤ 50 ms: ${mark(p.steady.api.p99 <= 50)}`,
    ]);
  }
}
if (results.proxy) {
  const p = results.proxy;
  rows.push([
    'P10',
    `proxy throughput, ${p.viewers} MPEG-TS viewers on loopback (vs the origin directly)`,
    `${p.proxyMBps.median} MB/s`,
    `${p.directMBps.median} MB/s`,
    `${p.ratio.median}×`,
    `≥ 0.5×: ${mark(p.ratio.median >= 0.5)}`,
  ]);
}
rows.push(...p11HeartbeatRows);
rows.push(...onlineRows);
rows.push(...p12Rows);
rows.push(...p13Rows);
const header = ['', 'what', 'measured (median / p95)', 'baseline (median / p95)', 'ratio', 'target'];
const table = [header, header.map(() => '---'), ...rows].map((row) => `| ${row.join(' | ')} |`).join('\n');
console.log(
  `\n${results.date} — ${results.machine.cpus} × ${results.machine.cpuModel}, ${results.machine.memoryGiB} GiB, Node ${results.machine.node}, PostgreSQL ${results.machine.postgres}\n`,
);
console.log(table);
console.log('\nRaw results: bench-results/latest.json');
