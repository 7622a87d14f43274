/**
 * P7 and P8 of docs/benchmarks.md (decision 0042): the two largest answers of the player API for a line
 * that sees the whole bench library (library-dataset.ts: 10,000 live, 60,000 movies, 30,000 episodes).
 *
 * - P7 `GET /get.php?username&password&type=m3u_plus&output=ts`: the whole playlist.
 * - P8 `GET /player_api.php?username&password&action=get_vod_streams`: the 60,000 movies as JSON.
 *
 * The baseline is the same bytes served from a file by the same server process: the answer is saved once,
 * then served by the server's own static plugin (@fastify/static, streaming from disk) out of a folder the
 * bench gives it as WEB_DIST_DIR. Requests alternate (API, file, API, file …) after a warm-up, one at a
 * time over one keep-alive connection; each is timed to its last byte, the body counted, not kept.
 * Around every request the server process reports its memory: before (after a full GC) and the peak
 * during (heap sampled in the process every 2 ms; RSS from the kernel's high-water mark, VmHWM).
 *
 *   DATABASE_URL=postgres://…/panel_bench node --import tsx scripts/bench/player-payloads.ts --case P7 [--runs 10]
 */
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

const { values } = parseArgs({
  options: { case: { type: 'string' }, runs: { type: 'string' }, warmup: { type: 'string' } },
});
const CASE = values.case ?? 'P7';
if (CASE !== 'P7' && CASE !== 'P8') throw new Error('--case P7 or P8');
const RUNS = Number(values.runs ?? 10);
const WARMUP = Number(values.warmup ?? 2);
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
await pool.end();

const credentials = `username=${encodeURIComponent(line.username)}&password=${encodeURIComponent(line.password)}`;
const apiPath =
  CASE === 'P7'
    ? `/get.php?${credentials}&type=m3u_plus&output=ts`
    : `/player_api.php?${credentials}&action=get_vod_streams`;
const fileName = CASE === 'P7' ? 'bench-playlist.m3u' : 'bench-vod-streams.json';

const server = await startBenchServer(url, { memoryProbe: true });
const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
interface Sample {
  ttfbMs: number;
  ttlbMs: number;
  rssGrowth: number;
  heapGrowth: number;
  externalGrowth: number;
}
const api: Sample[] = [];
const file: Sample[] = [];
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

try {
  // The answer once, kept: its size and shape, and the file the baseline serves.
  const first = await timedGet(agent, `${server.url}${apiPath}`, { keep: true });
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
  console.error(
    `${CASE}: ${entries.toLocaleString('en')} entries, ${(bytes / MiB).toFixed(1)} MiB, first answer ${first.ttlbMs.toFixed(0)} ms` +
      ` (library: ${counts?.live} live, ${counts?.movies} movies, ${counts?.episodes} episodes)`,
  );
  for (let i = 0; i < WARMUP; i++) {
    await measured(apiPath, undefined, bytes);
    await measured(`/${fileName}`, undefined, bytes);
  }
  for (let i = 0; i < RUNS; i++) {
    await measured(apiPath, api, bytes);
    await measured(`/${fileName}`, file, bytes);
    const a = api.at(-1);
    const f = file.at(-1);
    console.error(
      `run ${i + 1}: API ${a?.ttlbMs.toFixed(0)} ms (RSS +${((a?.rssGrowth ?? 0) / MiB).toFixed(1)} MiB, heap +${((a?.heapGrowth ?? 0) / MiB).toFixed(1)} MiB),` +
        ` file ${f?.ttlbMs.toFixed(0)} ms (RSS +${((f?.rssGrowth ?? 0) / MiB).toFixed(1)} MiB, heap +${((f?.heapGrowth ?? 0) / MiB).toFixed(1)} MiB)`,
    );
  }
} finally {
  agent.destroy();
  await server.stop();
}

const ms = (samples: Sample[], key: 'ttfbMs' | 'ttlbMs') => {
  const s = summarise(samples.map((sample) => sample[key]));
  return { median: round(s.median, 1), p95: round(s.p95, 1) };
};
const mib = (samples: Sample[], key: 'rssGrowth' | 'heapGrowth' | 'externalGrowth') => {
  const s = summarise(samples.map((sample) => sample[key] / MiB));
  return { median: round(s.median, 1), max: round(s.max, 1) };
};
const apiTtlb = ms(api, 'ttlbMs');
const fileTtlb = ms(file, 'ttlbMs');
await emitResult({
  case: CASE,
  request: apiPath.replace(line.password, '…'),
  runs: RUNS,
  entries,
  bytes,
  mebibytes: round(bytes / MiB, 1),
  api: { ttlbMs: apiTtlb, ttfbMs: ms(api, 'ttfbMs') },
  file: { ttlbMs: fileTtlb, ttfbMs: ms(file, 'ttfbMs') },
  ratio: round(apiTtlb.median / fileTtlb.median),
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
