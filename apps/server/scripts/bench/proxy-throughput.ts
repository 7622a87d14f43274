/**
 * P10 of docs/benchmarks.md (decision 0042): proxy throughput for 50 concurrent MPEG-TS viewers on
 * loopback. The live channels of the bench library come from a source in proxy mode: `GET /live/U/P/ID.ts`
 * makes the server fetch the channel's source URL and relay its bytes. Here the 50 channels the viewers
 * watch point at a local origin (ts-origin.ts, its own process) serving one MPEG-TS file made by ffmpeg;
 * 50 bench lines each watch one channel, fetching it again as soon as it ends, for a few seconds.
 *
 * The baseline is the same 50 viewers fetching the same URLs from the origin directly. Rounds alternate
 * (proxy, direct, …) after a warm-up; the figure is the aggregated MB/s (10^6 bytes) each way, the ratio
 * of the medians of the rounds. The channels' source URLs are pointed at the origin for the run.
 *
 *   DATABASE_URL=postgres://…/panel_bench node --import tsx scripts/bench/proxy-throughput.ts [--seconds 6 --rounds 3]
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, renameSync, statSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { parseArgs } from 'node:util';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { DEFAULT_BENCH_ORIGIN, LIVE_SOURCE_NAME, pointStreamsAt } from '../library-dataset';
import { emitResult } from './bench-env';
import { benchLines, MiB, processCpuMs, procStatus, startBenchServer, timedGet } from './player-bench-env';
import { round, summarise } from './stats';

const { values } = parseArgs({
  options: { viewers: { type: 'string' }, seconds: { type: 'string' }, rounds: { type: 'string' } },
});
const VIEWERS = Number(values.viewers ?? 50);
const SECONDS = Number(values.seconds ?? 6);
const ROUNDS = Number(values.rounds ?? 3);
const url = process.env.DATABASE_URL;
if (!url) throw new Error('DATABASE_URL: the database seeded by seed:large');

/** 20 s of 640×360 test pattern with tone at ~6 Mbit/s (~15 MB), MPEG-TS; made once per machine. */
function mediaFile(): string {
  const dir = join(tmpdir(), 'panel-bench-media');
  const file = join(dir, 'channel-v1.ts');
  if (existsSync(file)) return file;
  mkdirSync(dir, { recursive: true });
  const partial = join(dir, `channel-${process.pid}.ts`);
  const made = spawnSync(
    'ffmpeg',
    [
      ...['-hide_banner', '-loglevel', 'error', '-y'],
      ...['-f', 'lavfi', '-i', 'testsrc2=size=640x360:rate=25:duration=20'],
      ...['-f', 'lavfi', '-i', 'sine=frequency=440:duration=20'],
      ...['-c:v', 'libx264', '-preset', 'ultrafast', '-b:v', '6M', '-maxrate', '6M', '-bufsize', '12M'],
      ...['-pix_fmt', 'yuv420p', '-g', '50', '-c:a', 'aac', '-b:a', '128k', '-shortest'],
      ...['-f', 'mpegts', partial],
    ],
    { stdio: 'inherit' },
  );
  if (made.status !== 0) throw new Error('ffmpeg failed (scripts/ensure-ffmpeg.sh installs it)');
  renameSync(partial, file);
  return file;
}

const media = mediaFile();
const fileBytes = statSync(media).size;

// The origin, in its own process.
const originProcess = spawn(
  process.execPath,
  ['--import', 'tsx', join(import.meta.dirname, 'ts-origin.ts'), media],
  {
    stdio: ['ignore', 'pipe', 'inherit'],
  },
);
const origin = await new Promise<string>((resolve, reject) => {
  originProcess.once('exit', (code) => reject(new Error(`origin exited with ${code}`)));
  createInterface({ input: originProcess.stdout }).once('line', resolve);
});

const pool = new pg.Pool({ connectionString: url, max: 2 });
const db = drizzle(pool);
const lines = await benchLines(pool, VIEWERS);
const channelIds = await pointStreamsAt(
  { db: db as never },
  {
    sourceName: LIVE_SOURCE_NAME,
    kind: 'live',
    externalIds: Array.from({ length: VIEWERS }, (_, i) => i + 1),
    origin,
  },
);
if (channelIds.length < VIEWERS)
  throw new Error('the bench library has too few live channels: npm run seed:large');
const mode = (
  await pool.query<{ mode: string }>('select delivery_mode as mode from content_sources where name = $1', [
    LIVE_SOURCE_NAME,
  ])
).rows[0]?.mode;
if (mode !== 'proxy') throw new Error(`the bench live source is in ${mode} mode, not proxy`);

const server = await startBenchServer(url);
const viewers = lines.map((line, i) => ({
  proxy: `${server.url}/live/${encodeURIComponent(line.username)}/${encodeURIComponent(line.password)}/${channelIds[i]}.ts`,
  direct: `${origin}/live/bench/bench/${i + 1}.ts`,
}));

type Way = 'proxy' | 'direct';
interface Round {
  megabytesPerSecond: number;
  bytes: number;
  completed: number;
  errors: number;
  serverCpuMsPerMB: number;
  /** CPU the origin spent per MB it served (both ways serve every byte from it once). */
  originCpuMsPerMB: number;
  /** The server's RSS after the round (MiB): a relay that leaks grows it round after round. */
  serverRssMiB: number;
}

/** Every viewer fetches its URL again and again until the time is up; bytes are counted as they arrive. */
async function run(way: Way, seconds: number): Promise<Round> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: VIEWERS });
  const stopAt = performance.now() + seconds * 1000;
  let bytes = 0;
  let completed = 0;
  let errors = 0;
  const cpu0 = processCpuMs(server.child.pid);
  const originCpu0 = processCpuMs(originProcess.pid);
  const started = performance.now();
  await Promise.all(
    viewers.map(
      (viewer) =>
        new Promise<void>((done) => {
          const next = () => {
            if (performance.now() >= stopAt) {
              done();
              return;
            }
            // Whatever ends a request (its end, an error, the deadline's destroy) starts the next once.
            let finished = false;
            const finish = (outcome: 'whole' | 'failed' | 'cut') => {
              if (finished) return;
              finished = true;
              clearTimeout(timer);
              if (outcome === 'whole') completed++;
              if (outcome === 'failed' && performance.now() < stopAt) errors++;
              next();
            };
            const request = http.get(viewer[way], { agent }, (response) => {
              if (response.statusCode !== 200) {
                response.resume();
                finish('failed');
                return;
              }
              response.on('data', (chunk: Buffer) => {
                bytes += chunk.length;
              });
              response.on('end', () => finish('whole'));
              response.on('error', () => finish('cut'));
              response.on('close', () => finish('cut'));
            });
            request.on('error', () => finish('failed'));
            request.on('close', () => finish('cut'));
            const timer = setTimeout(() => request.destroy(), Math.max(0, stopAt - performance.now()));
          };
          next();
        }),
    ),
  );
  const elapsed = (performance.now() - started) / 1000;
  agent.destroy();
  return {
    megabytesPerSecond: bytes / 1e6 / elapsed,
    bytes,
    completed,
    errors,
    serverCpuMsPerMB: way === 'proxy' ? (processCpuMs(server.child.pid) - cpu0) / (bytes / 1e6) : 0,
    originCpuMsPerMB: (processCpuMs(originProcess.pid) - originCpu0) / (bytes / 1e6),
    serverRssMiB: procStatus(server, 'VmRSS') / MiB,
  };
}

const rounds: { proxy: Round; direct: Round; ratio: number }[] = [];
try {
  // One whole fetch through the proxy first: the same bytes as the file, MPEG-TS sync byte first.
  const check = new http.Agent({ keepAlive: false });
  const whole = await timedGet(check, viewers[0]?.proxy ?? '', { keep: true });
  if (whole.status !== 200 || whole.bytes !== fileBytes || whole.body?.[0] !== 0x47) {
    throw new Error(
      `proxy answered ${whole.status} with ${whole.bytes} bytes (file ${fileBytes}); ${whole.body?.subarray(0, 200).toString()}`,
    );
  }
  await run('proxy', 2);
  await run('direct', 2);
  for (let i = 0; i < ROUNDS; i++) {
    const proxy = await run('proxy', SECONDS);
    const direct = await run('direct', SECONDS);
    rounds.push({ proxy, direct, ratio: proxy.megabytesPerSecond / direct.megabytesPerSecond });
    console.error(
      `round ${i + 1}: proxy ${proxy.megabytesPerSecond.toFixed(0)} MB/s (${proxy.completed} whole files, ${proxy.errors} errors,` +
        ` server CPU ${proxy.serverCpuMsPerMB.toFixed(2)} ms/MB, origin ${proxy.originCpuMsPerMB.toFixed(2)} ms/MB, RSS ${proxy.serverRssMiB.toFixed(0)} MiB), direct ${direct.megabytesPerSecond.toFixed(0)} MB/s` +
        ` (${direct.completed} whole files, ${direct.errors} errors, origin ${direct.originCpuMsPerMB.toFixed(2)} ms/MB), ratio ${(proxy.megabytesPerSecond / direct.megabytesPerSecond).toFixed(2)}`,
    );
  }
} finally {
  await server.stop();
  originProcess.kill('SIGTERM');
  await pointStreamsAt(
    { db: db as never },
    {
      sourceName: LIVE_SOURCE_NAME,
      kind: 'live',
      externalIds: Array.from({ length: VIEWERS }, (_, i) => i + 1),
      origin: process.env.BENCH_ORIGIN_URL ?? DEFAULT_BENCH_ORIGIN,
    },
  );
  await pool.end();
}

const median = (pick: (r: (typeof rounds)[number]) => number, digits = 0) =>
  round(summarise(rounds.map(pick)).median, digits);
await emitResult({
  viewers: VIEWERS,
  seconds: SECONDS,
  rounds: ROUNDS,
  fileMB: round(fileBytes / 1e6, 1),
  proxyMBps: {
    median: median((r) => r.proxy.megabytesPerSecond),
    min: round(summarise(rounds.map((r) => r.proxy.megabytesPerSecond)).min, 0),
  },
  directMBps: { median: median((r) => r.direct.megabytesPerSecond) },
  ratio: { median: median((r) => r.ratio, 2), min: round(summarise(rounds.map((r) => r.ratio)).min, 2) },
  serverCpuMsPerMB: median((r) => r.proxy.serverCpuMsPerMB, 2),
  originCpuMsPerMB: median((r) => r.direct.originCpuMsPerMB, 2),
  serverCpuMsPerMBByRound: rounds.map((r) => round(r.proxy.serverCpuMsPerMB)),
  serverRssMiBByRound: rounds.map((r) => round(r.proxy.serverRssMiB, 0)),
  errors: rounds.reduce((sum, r) => sum + r.proxy.errors + r.direct.errors, 0),
});
