/**
 * P7 and P8 of docs/benchmarks.md (decision 0042): the two largest answers of the player API for a line
 * that sees the whole bench library (library-dataset.ts: 10,000 live, 60,000 movies, 30,000 episodes).
 *
 * - P7 `GET /get.php?username&password&type=m3u_plus&output=ts`: the whole playlist.
 * - P8 `GET /player_api.php?username&password&action=get_vod_streams`: the 60,000 movies as JSON.
 *
 * Two baselines, the same bytes from a file: served by the same server process through its own static
 * plugin (@fastify/static, streaming from disk) out of a folder the bench gives it as WEB_DIST_DIR, and by
 * a plain node:http server in a process of its own (plain-file-server.mjs: fs.createReadStream, nothing
 * else; decision 0105). Requests alternate (API, file, plain file …) after a warm-up, one at a time over
 * one keep-alive connection each; each is timed to its last byte, the body counted, not kept. "Cold" is
 * an answer rendered from the database: the library version is bumped before it (decision 0043), so the
 * answer cache renders it again, `--cold` times (the first request of the run is the first of them).
 * Around every request the server process reports its memory: before (after a full GC) and the peak
 * during (heap sampled in the process every 2 ms; RSS from the kernel's high-water mark, VmHWM).
 *
 *   DATABASE_URL=postgres://…/panel_bench node --import tsx scripts/bench/player-payloads.ts --case P7 [--runs 10]
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import http from 'node:http';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { emitResult } from './bench-env';
import {
  benchLines,
  MiB,
  peakMemory,
  procStatus,
  resetMemory,
  startBenchServer,
  timedGet,
} from './player-bench-env';
import { round, summarise } from './stats';
import { drizzle } from 'drizzle-orm/node-postgres';
import type { Database } from '../../src/db/database';
import { bumpLibraryVersion } from '../../src/delivery/content/library-version.repository';

const { values } = parseArgs({
  options: {
    case: { type: 'string' },
    runs: { type: 'string' },
    warmup: { type: 'string' },
    cold: { type: 'string' },
  },
});
const CASE = values.case ?? 'P7';
if (CASE !== 'P7' && CASE !== 'P8') throw new Error('--case P7 or P8');
const RUNS = Number(values.runs ?? 10);
const WARMUP = Number(values.warmup ?? 2);
const COLD = Math.max(1, Number(values.cold ?? 3));
const url = process.env.DATABASE_URL;
if (!url) throw new Error('DATABASE_URL: the database seeded by seed:large');

const pool = new pg.Pool({ connectionString: url, max: 2 });
const [line] = await benchLines(pool, 1);
if (!line) throw new Error('no bench line');
const counts = (
  await pool.query<{ live: number; movies: number; episodes: number }>(
    `select count(*) filter (where kind = 'live')::int as live, count(*) filter (where kind = 'movie')::int as movies,
            count(*) filter (where kind = 'episode')::int as episodes
     from content_streams where retired_at is null`,
  )
).rows[0];

const credentials = `username=${encodeURIComponent(line.username)}&password=${encodeURIComponent(line.password)}`;
const apiPath =
  CASE === 'P7'
    ? `/get.php?${credentials}&type=m3u_plus&output=ts`
    : `/player_api.php?${credentials}&action=get_vod_streams`;
const fileName = CASE === 'P7' ? 'bench-playlist.m3u' : 'bench-vod-streams.json';

const server = await startBenchServer(url, { memoryProbe: true });
const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
const plainAgent = new http.Agent({ keepAlive: true, maxSockets: 1 });
let plain: ChildProcess | undefined;
interface Sample {
  ttfbMs: number;
  ttlbMs: number;
  rssGrowth: number;
  heapGrowth: number;
  externalGrowth: number;
}
const api: Sample[] = [];
const file: Sample[] = [];
const plainFile: { ttfbMs: number; ttlbMs: number }[] = [];
const cold: { ttfbMs: number; ttlbMs: number }[] = [];
let bytes: number;
let entries: number;
const rssAtStart = procStatus(server, 'VmRSS');
let peakRssOverall = 0;

async function measured(path: string, into: Sample[] | undefined, expectBytes?: number): Promise<void> {
  const before = await resetMemory(server);
  const answer = await timedGet(agent, `${server.url}${path}`);
  const peak = await peakMemory(server);
  if (answer.status !== 200) throw new Error(`${path}: ${answer.status}`);
  if (expectBytes !== undefined && answer.bytes !== expectBytes)
    throw new Error(`${path}: ${answer.bytes} bytes, expected ${expectBytes}`);
  peakRssOverall = Math.max(peakRssOverall, peak.kernelPeakRss, peak.rss);
  into?.push({
    ttfbMs: answer.ttfbMs,
    ttlbMs: answer.ttlbMs,
    rssGrowth: Math.max(peak.kernelPeakRss, peak.rss) - before.rss,
    heapGrowth: peak.heapUsed - before.heapUsed,
    externalGrowth: peak.external + peak.arrayBuffers - (before.external + before.arrayBuffers),
  });
}

/** The plain file server on `path`, in its own process; resolves with its URL when it listens. */
function startPlainFileServer(path: string): Promise<string> {
  const child = spawn(process.execPath, [join(import.meta.dirname, 'plain-file-server.mjs'), path], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  plain = child;
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.stdout.once('data', (data: Buffer) => resolve(`http://127.0.0.1:${data.toString().trim()}/`));
  });
}

/**
 * Renders the answer again: the whole library's version raised hard, as a removal does, so the answer cache
 * neither serves the previous file while it renders nor keeps it (decisions 0043, 0100).
 */
async function coldGet(): Promise<Awaited<ReturnType<typeof timedGet>>> {
  await bumpLibraryVersion(drizzle(pool) as unknown as Database, { hard: true });
  return timedGet(agent, `${server.url}${apiPath}`, { keep: true });
}

try {
  // The answer once, rendered cold and kept: its size and shape, and the file the baselines serve.
  const first = await coldGet();
  cold.push(first);
  if (first.status !== 200 || !first.body) throw new Error(`${apiPath}: ${first.status}`);
  bytes = first.body.length;
  const text = first.body.toString('utf8');
  if (CASE === 'P7') {
    if (!text.startsWith('#EXTM3U')) throw new Error('not an M3U playlist');
    entries = text.split('#EXTINF:').length - 1;
  } else {
    entries = (JSON.parse(text) as unknown[]).length;
  }
  writeFileSync(join(server.staticDir, fileName), first.body);
  const plainUrl = await startPlainFileServer(join(server.staticDir, fileName));
  for (let i = 1; i < COLD; i++) {
    const again = await coldGet();
    if (again.bytes !== bytes)
      throw new Error(`cold render ${i + 1}: ${again.bytes} bytes, expected ${bytes}`);
    cold.push(again);
  }
  console.error(
    `${CASE}: ${entries.toLocaleString('en')} entries, ${(bytes / MiB).toFixed(1)} MiB, first answer ${first.ttlbMs.toFixed(0)} ms` +
      ` (library: ${counts?.live} live, ${counts?.movies} movies, ${counts?.episodes} episodes)`,
  );
  for (let i = 0; i < WARMUP; i++) {
    await measured(apiPath, undefined, bytes);
    await measured(`/${fileName}`, undefined, bytes);
    await timedGet(plainAgent, plainUrl);
  }
  for (let i = 0; i < RUNS; i++) {
    await measured(apiPath, api, bytes);
    await measured(`/${fileName}`, file, bytes);
    const p = await timedGet(plainAgent, plainUrl);
    if (p.bytes !== bytes) throw new Error(`plain file server: ${p.bytes} bytes, expected ${bytes}`);
    plainFile.push(p);
    const a = api.at(-1);
    const f = file.at(-1);
    console.error(
      `run ${i + 1}: API ${a?.ttlbMs.toFixed(0)} ms (RSS +${((a?.rssGrowth ?? 0) / MiB).toFixed(1)} MiB, heap +${((a?.heapGrowth ?? 0) / MiB).toFixed(1)} MiB),` +
        ` file ${f?.ttlbMs.toFixed(0)} ms (RSS +${((f?.rssGrowth ?? 0) / MiB).toFixed(1)} MiB, heap +${((f?.heapGrowth ?? 0) / MiB).toFixed(1)} MiB),` +
        ` plain file server ${p.ttlbMs.toFixed(0)} ms`,
    );
  }
} finally {
  agent.destroy();
  plainAgent.destroy();
  plain?.kill('SIGTERM');
  await server.stop();
  await pool.end();
}

const ms = (samples: { ttfbMs: number; ttlbMs: number }[], key: 'ttfbMs' | 'ttlbMs') => {
  const s = summarise(samples.map((sample) => sample[key]));
  return { median: round(s.median, 1), p95: round(s.p95, 1) };
};
const mib = (samples: Sample[], key: 'rssGrowth' | 'heapGrowth' | 'externalGrowth') => {
  const s = summarise(samples.map((sample) => sample[key] / MiB));
  return { median: round(s.median, 1), max: round(s.max, 1) };
};
const apiTtlb = ms(api, 'ttlbMs');
const fileTtlb = ms(file, 'ttlbMs');
const plainTtlb = ms(plainFile, 'ttlbMs');
const coldTtlb = ms(cold, 'ttlbMs');
await emitResult({
  case: CASE,
  request: apiPath.replace(line.password, '…'),
  runs: RUNS,
  entries,
  bytes,
  mebibytes: round(bytes / MiB, 1),
  api: { ttlbMs: apiTtlb, ttfbMs: ms(api, 'ttfbMs') },
  file: { ttlbMs: fileTtlb, ttfbMs: ms(file, 'ttfbMs') },
  plainFile: { ttlbMs: plainTtlb, ttfbMs: ms(plainFile, 'ttfbMs') },
  // Rendered from the database (a new library version before each), `--cold` times.
  cold: { runs: cold.length, ttlbMs: coldTtlb, ttfbMs: ms(cold, 'ttfbMs') },
  ratio: round(apiTtlb.median / fileTtlb.median),
  ratioToPlainFile: round(apiTtlb.median / plainTtlb.median),
  coldRatio: round(coldTtlb.median / fileTtlb.median),
  coldRatioToPlainFile: round(coldTtlb.median / plainTtlb.median),
  memoryMiB: {
    // Growth of the server process during one request, from its state just before (after a full GC).
    api: {
      rss: mib(api, 'rssGrowth'),
      heap: mib(api, 'heapGrowth'),
      externalAndBuffers: mib(api, 'externalGrowth'),
    },
    file: {
      rss: mib(file, 'rssGrowth'),
      heap: mib(file, 'heapGrowth'),
      externalAndBuffers: mib(file, 'externalGrowth'),
    },
    rssAtStart: round(rssAtStart / MiB, 1),
    peakRssDuringRun: round(peakRssOverall / MiB, 1),
  },
});
