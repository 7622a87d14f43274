/**
 * P13 of docs/benchmarks.md (decision 0100): playlists and listings under a stampede. 200 players ask for
 * get.php (the whole bench library, 100,000 entries, type=m3u_plus&output=ts) and then get_live_streams,
 * all at once, right after a sync changed one live category, while 200 other players start movies at a
 * steady rate — against the real server process on PostgreSQL. The sync is the code a sync runs: the
 * LibraryWriter upserts one channel of that category with a new name, then the changed categories' versions
 * are bumped (content-sync.service.ts).
 *
 * Two bouquet sets: bench lines 1–150 see every non-adult bouquet (set A), lines 151–200 one bouquet that
 * does not hold the changed category (set B, set for the run and put back after it): a sync of that
 * category leaves set B's answers as they were (its version does not move).
 *
 * Measured, side by side in one run:
 * - stream starts alone at a steady rate (Poisson arrivals): their p99 without a stampede;
 * - the stampede on a warm cache: the slowest playlist (last byte) is the reference;
 * - the stampede right after the sync: the slowest playlist (target ≤ 2× the warm one), the starts' p99
 *   meanwhile (target ≤ 1.5× alone), the server's RSS growth (target: well under 200 × the answer's
 *   size), the pools' waiting requests sampled from /metrics every 50 ms;
 * - for information, the stampede right after a hard bump (no previous answer may be served, decision
 *   0100): every request waits for one render per answer.
 *
 *   DATABASE_URL=postgres://…/panel_bench node --import tsx scripts/bench/stampede.ts [--players 200 --rate 100]
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { openDatabase } from '../../src/db/database';
import {
  answerVersion,
  bumpCategoryVersions,
  bumpLibraryVersion,
} from '../../src/delivery/content/library-version.repository';
import { LibraryWriter } from '../../src/panel/content-sources/library-writer';
import type { StreamValues } from '../../src/panel/content-sources/content-library.repository';
import { LIVE_SOURCE_NAME, VOD_SOURCE_NAME } from '../library-dataset';
import { emitResult } from './bench-env';
import {
  benchLines,
  MiB,
  postgresCpuMs,
  processCpuMs,
  procStatus,
  startBenchServer,
  timedGet,
  type BenchLine,
} from './player-bench-env';
import { round, summarise } from './stats';

const { values } = parseArgs({
  options: {
    players: { type: 'string' },
    rate: { type: 'string' },
    alone: { type: 'string' },
  },
});
const PLAYERS = Number(values.players ?? 200);
/** Stream starts a second, all starters together (a steady load, well under capacity). */
const RATE = Number(values.rate ?? 100);
const ALONE_SECONDS = Number(values.alone ?? 8);
const SET_B_FROM = Math.floor(PLAYERS * 0.75);
const METRICS_TOKEN = 'stampede-bench-metrics-token';
const url = process.env.DATABASE_URL;
if (!url) throw new Error('DATABASE_URL: the database seeded by seed:large -- --library-only');

const pool = new pg.Pool({ connectionString: url, max: 2 });
const lines = await benchLines(pool, PLAYERS);
const nonAdult = (
  await pool.query<{ id: number }>('select id from bouquets where not is_adult order by id')
).rows.map((row) => row.id);
// The changed category: a live category of the bench's live source that set B's bouquet does not hold.
const setB = [nonAdult[0]!];
const [changed] = (
  await pool.query<{ category: number; stream: number }>(
    `select c.id as category, (select min(s.id) from content_streams s where s.category_id = c.id and s.retired_at is null) as stream
     from content_categories c join content_sources src on src.id = c.source_id
     where src.name = $1 and c.kind = 'live' and c.retired_at is null
       and not exists (select 1 from bouquet_categories bc where bc.category_id = c.id and bc.bouquet_id = any($2::int[]))
     order by c.id limit 1`,
    [LIVE_SOURCE_NAME, setB],
  )
).rows;
if (!changed?.stream) throw new Error('no live category outside the first bouquet: npm run seed:large');
const movies = (
  await pool.query<{ id: number; ext: string; inSetB: boolean }>(
    `select s.id, s.container_extension as ext, exists (select 1 from bouquet_categories bc
       where bc.category_id = s.category_id and bc.bouquet_id = any($2::int[])) as "inSetB"
     from content_streams s join content_sources src on src.id = s.source_id
     where src.name = $1 and s.kind = 'movie' and s.retired_at is null and s.id % 12 = 0 order by s.id limit 5000`,
    [VOD_SOURCE_NAME, setB],
  )
).rows;
// Set B's lines start only movies their bouquet holds.
const moviesB = movies.filter((movie) => movie.inSetB);
if (moviesB.length < 100) throw new Error('too few movies in the first bouquet');
const [{ maxStart } = { maxStart: 0 }] = (
  await pool.query<{ maxStart: number }>('select coalesce(max(id), 0)::int as "maxStart" from stream_starts')
).rows;
const [{ maxConnection } = { maxConnection: 0 }] = (
  await pool.query<{ maxConnection: number }>(
    'select coalesce(max(id), 0)::bigint as "maxConnection" from live_connections',
  )
).rows;
const setBLines = lines.slice(SET_B_FROM);
await pool.query('update lines set bouquets = $1::int[] where id = any($2::int[])', [
  setB,
  setBLines.map((line) => line.id),
]);

// The sync's own code, on a database handle like the server's (its panel pool).
const database = await openDatabase({ url, dataDir: '', poolSizes: { panel: 2, delivery: 1 } });
async function syncOneChannel(round: number): Promise<number[]> {
  const [row] = (
    await pool.query<StreamValues & { sourceId: number }>(
      `select kind, external_id as "externalId", category_id as "categoryId", series_id as "seriesId",
         season_number as "seasonNumber", episode_number as "episodeNumber", name, icon,
         epg_channel_id as "epgChannelId", container_extension as "containerExtension", tmdb_id as "tmdbId",
         info, source_urls as "sourceUrls", sort_order as "sortOrder", is_24h as "is24h", source_id as "sourceId"
       from content_streams where id = $1`,
      [changed!.stream],
    )
  ).rows;
  if (!row) throw new Error('the changed channel is gone');
  const writer = new LibraryWriter({ db: database.db, sourceId: row.sourceId });
  const { sourceId: _source, ...values } = row;
  await writer.stream({ ...values, name: `${values.name.replace(/ \(sync \d+\)$/, '')} (sync ${round})` });
  await writer.flush();
  await bumpCategoryVersions(database.db, writer.changedCategories);
  return [...writer.changedCategories];
}

const work = mkdtempSync(join(tmpdir(), 'panel-stampede-'));
const server = await startBenchServer(url, { memoryProbe: true, env: { METRICS_TOKEN, LOG_LEVEL: 'warn' } });
const credentials = (line: BenchLine) =>
  `username=${encodeURIComponent(line.username)}&password=${encodeURIComponent(line.password)}`;
const playlistPath = (line: BenchLine) => `/get.php?${credentials(line)}&type=m3u_plus&output=ts`;
const livePath = (line: BenchLine) => `/player_api.php?${credentials(line)}&action=get_live_streams`;

interface StartFigures {
  count: number;
  p50: number;
  p99: number;
  max: number;
  failures: number;
  statuses: Record<string, number>;
}

/**
 * Starts at a steady rate by every line, timed in a process of their own (stampede-starts.ts) so the
 * playlist downloads here never delay them: resolves once they run; `stop()` ends them, with their figures.
 */
async function startStarts(): Promise<{ stop(): Promise<StartFigures> }> {
  const job = join(work, 'starts-job.json');
  const paths = lines.map((line, index) =>
    (index >= SET_B_FROM ? moviesB : movies).map(
      (movie) =>
        `/movie/${encodeURIComponent(line.username)}/${encodeURIComponent(line.password)}/${movie.id}.${movie.ext}`,
    ),
  );
  writeFileSync(job, JSON.stringify({ serverUrl: server.url, rate: RATE, paths }));
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', join(import.meta.dirname, 'stampede-starts.ts'), job],
    {
      stdio: ['pipe', 'pipe', 'inherit'],
    },
  );
  let output = '';
  let markReady!: () => void;
  const ready = new Promise<void>((resolve) => (markReady = resolve));
  child.stdout.on('data', (chunk: Buffer) => {
    output += chunk.toString();
    if (output.startsWith('ready\n')) markReady();
  });
  const exited = new Promise((resolve) => child.on('exit', resolve));
  await Promise.race([ready, exited]);
  return {
    async stop() {
      child.stdin.end();
      await exited;
      return JSON.parse(output.slice('ready\n'.length)) as StartFigures;
    },
  };
}

/** The pools' waiting requests and open connections from /metrics every 50 ms, until `stop` resolves. */
async function samplePools(stop: Promise<unknown>) {
  const peak: Record<string, { waiting: number; connections: number }> = {};
  let stopped = false;
  void stop.then(() => (stopped = true));
  while (!stopped) {
    const text = await fetch(`${server.url}/metrics`, {
      headers: { authorization: `Bearer ${METRICS_TOKEN}` },
    })
      .then((response) => response.text())
      .catch(() => '');
    for (const match of text.matchAll(
      /^panel_db_pool_(waiting_requests|connections)\{pool="(\w+)"\} (\d+)/gm,
    )) {
      const [, metric, name, value] = match;
      const entry = (peak[name!] ??= { waiting: 0, connections: 0 });
      if (metric === 'waiting_requests') entry.waiting = Math.max(entry.waiting, Number(value));
      else entry.connections = Math.max(entry.connections, Number(value));
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return peak;
}

/** Every player asks for get.php then get_live_streams, all at once; starts and pools measured meanwhile. */
async function stampede(label: string) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: PLAYERS * 2 });
  const running = await startStarts();
  // A second of starts alone first: the stampede meets them running.
  await new Promise((resolve) => setTimeout(resolve, 1000));
  const rssBefore = procStatus(server, 'VmRSS');
  const cpuBefore = processCpuMs(server.child.pid);
  const postgresBefore = postgresCpuMs();
  let peakRss = rssBefore;
  const rssTimer = setInterval(() => (peakRss = Math.max(peakRss, procStatus(server, 'VmRSS'))), 20);
  const started = performance.now();
  const players = Promise.all(
    lines.map(async (line) => {
      const playlist = await timedGet(agent, `${server.url}${playlistPath(line)}`);
      const live = await timedGet(agent, `${server.url}${livePath(line)}`);
      if (playlist.status !== 200 || live.status !== 200)
        throw new Error(`${label}: ${playlist.status} ${live.status}`);
      return { set: lines.indexOf(line) >= SET_B_FROM ? 'B' : 'A', playlist, live };
    }),
  );
  const [answers, pools] = await Promise.all([players, samplePools(players)]);
  const startFigures = await running.stop();
  const wallMs = performance.now() - started;
  const serverCpuMs = processCpuMs(server.child.pid) - cpuBefore;
  const postgresMs = postgresCpuMs() - postgresBefore;
  clearInterval(rssTimer);
  agent.destroy();
  const ofSet = (set: string) => answers.filter((answer) => answer.set === set);
  const slowest = (items: typeof answers, pick: (answer: (typeof answers)[number]) => number) =>
    round(Math.max(0, ...items.map(pick)), 0);
  const result = {
    wallMs: round(wallMs, 0),
    playlistBytes: answers[0]!.playlist.bytes,
    slowestPlaylistMs: slowest(answers, (answer) => answer.playlist.ttlbMs),
    medianPlaylistMs: round(summarise(answers.map((answer) => answer.playlist.ttlbMs)).median, 0),
    slowestFirstByteMs: slowest(answers, (answer) => answer.playlist.ttfbMs),
    slowestLiveStreamsMs: slowest(answers, (answer) => answer.live.ttlbMs),
    setB: {
      slowestPlaylistMs: slowest(ofSet('B'), (answer) => answer.playlist.ttlbMs),
      slowestFirstByteMs: slowest(ofSet('B'), (answer) => answer.playlist.ttfbMs),
      playlistBytes: ofSet('B')[0]?.playlist.bytes ?? 0,
    },
    starts: startFigures,
    pools,
    rssGrowthMiB: round((peakRss - rssBefore) / MiB, 1),
    // CPU time the server process and PostgreSQL spent during the stampede (the machine has 2 cores).
    serverCpuMs: round(serverCpuMs, 0),
    postgresCpuMs: round(postgresMs, 0),
  };
  console.error(
    `${label}: slowest playlist ${result.slowestPlaylistMs} ms (median ${result.medianPlaylistMs} ms, first byte ≤ ${result.slowestFirstByteMs} ms),` +
      ` get_live_streams ≤ ${result.slowestLiveStreamsMs} ms, set B ≤ ${result.setB.slowestPlaylistMs} ms;` +
      ` starts p50 ${startFigures.p50} ms p99 ${startFigures.p99} ms (${startFigures.count}, ${startFigures.failures} failed);` +
      ` RSS +${result.rssGrowthMiB} MiB; CPU server ${result.serverCpuMs} ms, PostgreSQL ${result.postgresCpuMs} ms in ${result.wallMs} ms; pools ${JSON.stringify(pools)}`,
  );
  return result;
}

let output: Record<string, unknown> | undefined;
try {
  // Both sets' answers rendered once (the cache warm), the starts answering 302.
  for (const line of [lines[0]!, lines[SET_B_FROM]!]) {
    for (const path of [playlistPath(line), livePath(line)]) {
      const answer = await timedGet(new http.Agent(), `${server.url}${path}`);
      if (answer.status !== 200) throw new Error(`${path}: ${answer.status}`);
    }
  }
  const aloneRunning = await startStarts();
  await new Promise((resolve) => setTimeout(resolve, ALONE_SECONDS * 1000));
  const alone = await aloneRunning.stop();
  console.error(
    `starts alone: p50 ${alone.p50} ms, p99 ${alone.p99} ms (${alone.count}, failed ${JSON.stringify(alone.statuses)})`,
  );
  if (process.env.STAMPEDE_ALONE_ONLY) throw new Error('STAMPEDE_ALONE_ONLY: stopped after the starts alone');
  const warm = await stampede('warm stampede');

  const versionsBefore = [await answerVersion(database.db, nonAdult), await answerVersion(database.db, setB)];
  const changedCategories = await syncOneChannel(Date.now() % 100000);
  const versionsAfter = [await answerVersion(database.db, nonAdult), await answerVersion(database.db, setB)];
  const afterSync = await stampede('after a sync of one category');
  // Let the revalidating renders finish, then the case without a previous answer to serve.
  await new Promise((resolve) => setTimeout(resolve, 5000));
  await bumpLibraryVersion(database.db, { hard: true });
  const afterHardBump = await stampede('after a hard bump (no previous answer served)');

  const playlistTarget = round(afterSync.slowestPlaylistMs / warm.slowestPlaylistMs, 2);
  const startsTarget = round(afterSync.starts.p99 / alone.p99, 2);
  const memoryBound = (PLAYERS * afterSync.playlistBytes) / MiB;
  output = {
    players: PLAYERS,
    startRate: RATE,
    changedCategories,
    setBVersionUnchanged: versionsBefore[1]!.current === versionsAfter[1]!.current,
    setAVersion: { before: versionsBefore[0]!.current, after: versionsAfter[0]!.current },
    startsAlone: alone,
    warm,
    afterSync,
    afterHardBump,
    targets: {
      slowestPlaylistRatio: playlistTarget,
      slowestPlaylistMet: playlistTarget <= 2,
      startsP99Ratio: startsTarget,
      startsP99Met: startsTarget <= 1.5,
      rssGrowthMiB: afterSync.rssGrowthMiB,
      rssBoundMiB: round(memoryBound, 0),
      rssMet: afterSync.rssGrowthMiB < memoryBound / 10,
    },
  };
  console.error(
    `targets: slowest playlist after the sync ${afterSync.slowestPlaylistMs} ms vs warm ${warm.slowestPlaylistMs} ms = ${playlistTarget}× (≤ 2×: ${playlistTarget <= 2 ? 'met' : 'MISSED'});` +
      ` starts p99 ${afterSync.starts.p99} ms vs alone ${alone.p99} ms = ${startsTarget}× (≤ 1.5×: ${startsTarget <= 1.5 ? 'met' : 'MISSED'});` +
      ` RSS +${afterSync.rssGrowthMiB} MiB vs 200 answers ${round(memoryBound, 0)} MiB (well under: ${afterSync.rssGrowthMiB < memoryBound / 10 ? 'met' : 'MISSED'});` +
      ` set B's version after the sync unchanged: ${versionsBefore[1]!.current === versionsAfter[1]!.current}`,
  );
} finally {
  await server.stop();
  // Back to what seed:large gives every bench line: every non-adult bouquet.
  await pool.query('update lines set bouquets = $1::int[] where id = any($2::int[])', [
    nonAdult,
    setBLines.map((line) => line.id),
  ]);
  await pool.query('delete from stream_starts where id > $1 and line_id = any($2::int[])', [
    maxStart,
    lines.map((line) => line.id),
  ]);
  await pool.query('delete from live_connections where id > $1 and line_id = any($2::int[])', [
    maxConnection,
    lines.map((line) => line.id),
  ]);
  await database.close();
  await pool.end();
  rmSync(work, { recursive: true, force: true });
}
if (output) await emitResult(output);
