/**
 * P9 of docs/benchmarks.md (decision 0042): stream starts per second with 200 concurrent players against
 * the real server process on PostgreSQL. A start is `GET /movie/U/P/ID.EXT` of a movie whose source is in
 * redirect mode: the server authorises the line, checks the movie is in its bouquets, records a
 * stream_starts row and a view, opens (or, the same device again, takes back) the line's connection under a
 * lock on the line (decision 0044) and answers 302 with a signed URL. 200 bench lines (library-dataset.ts), one per
 * connection, each starting random movies of the library; autocannon drives the 200 keep-alive connections
 * in a closed loop (each sends its next request when the last is answered).
 *
 * The floor is the same work at its minimum, in the same server process: `/__bench/start/U/P/ID.EXT`,
 * answered by server-bench-hook.mjs before the panel's router — one SELECT of the line by username, a
 * password comparison, one INSERT into stream_starts, a 302 — on a pool configured like the server's.
 * Rounds alternate (API, floor, API, floor …) after a warm-up; the ratio is of the medians of the rounds.
 * Then one run at a steady rate of half that capacity (Poisson arrivals, `paced`) gives the latency a player
 * sees when the server is busy but not saturated; the closed-loop latency is reported too.
 * The rows the run adds to stream_starts and live_connections are deleted at the end.
 *
 *   DATABASE_URL=postgres://…/panel_bench node --import tsx scripts/bench/stream-starts.ts [--seconds 8 --rounds 3]
 */
import http from 'node:http';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import pg from 'pg';
import { VOD_SOURCE_NAME } from '../library-dataset';
import { emitResult } from './bench-env';
import { benchLines, processCpuMs, startBenchServer } from './player-bench-env';
import { round, summarise } from './stats';

const { values } = parseArgs({
  options: {
    connections: { type: 'string' },
    seconds: { type: 'string' },
    rounds: { type: 'string' },
    steady: { type: 'string' },
  },
});
const CONNECTIONS = Number(values.connections ?? 200);
const SECONDS = Number(values.seconds ?? 8);
const ROUNDS = Number(values.rounds ?? 3);
/** The steady-rate run goes at this share of the closed-loop capacity measured. */
const STEADY_SHARE = Number(values.steady ?? 0.5);
const url = process.env.DATABASE_URL;
if (!url) throw new Error('DATABASE_URL: the database seeded by seed:large');

const pool = new pg.Pool({ connectionString: url, max: 2 });
const lines = await benchLines(pool, CONNECTIONS);
// 5,000 movies of the redirect source, spread over the library.
const movies = (
  await pool.query<{ id: number; ext: string }>(
    `select s.id, s.container_extension as ext from content_streams s join content_sources src on src.id = s.source_id
     where src.name = $1 and s.kind = 'movie' and s.retired_at is null and s.id % 12 = 0 order by s.id limit 5000`,
    [VOD_SOURCE_NAME],
  )
).rows;
if (movies.length < 1000) throw new Error('the bench library has too few movies: npm run seed:large');
const [{ maxId } = { maxId: 0 }] = (
  await pool.query<{ maxId: number }>('select coalesce(max(id), 0)::int as "maxId" from stream_starts')
).rows;
const [{ maxConnectionId } = { maxConnectionId: 0 }] = (
  await pool.query<{ maxConnectionId: number }>(
    'select coalesce(max(id), 0)::bigint as "maxConnectionId" from live_connections',
  )
).rows;

const server = await startBenchServer(url, { bareStart: true });

type Kind = 'api' | 'bare';
function path(kind: Kind, line: (typeof lines)[number]): string {
  const movie = movies[Math.floor(Math.random() * movies.length)] as (typeof movies)[number];
  const credentials = `${encodeURIComponent(line.username)}/${encodeURIComponent(line.password)}`;
  return kind === 'api'
    ? `/movie/${credentials}/${movie.id}.${movie.ext}`
    : `/__bench/start/${credentials}/${movie.id}.${movie.ext}`;
}

interface Round {
  starts: number;
  perSecond: number;
  other: Record<string, number>;
  errors: number;
  timeouts: number;
  latencyMs: { p50: number; p90: number; p99: number; max: number };
  serverCpuMsPerStart: number;
  /** CPU of the PostgreSQL backends connected to the bench database (the server's, the floor's). */
  postgresCpuMsPerStart: number;
}

/** CPU (ms) so far of each backend connected to the bench database, by pid. */
async function backendCpuMs(): Promise<Map<number, number>> {
  const { rows } = await pool.query<{ pid: number }>(
    'select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()',
  );
  return new Map(
    rows.map((row) => [row.pid, processCpuMs(row.pid)] as const).filter(([, ms]) => !Number.isNaN(ms)),
  );
}

/** The CPU the bench database's backends used since `before` (a backend that left meanwhile is not counted). */
async function backendCpuSince(before: Map<number, number>): Promise<number> {
  let total = 0;
  for (const [pid, ms] of await backendCpuMs()) total += ms - (before.get(pid) ?? 0);
  return total;
}

async function run(kind: Kind, seconds: number): Promise<Round> {
  let next = 0;
  const cpu0 = processCpuMs(server.child.pid);
  const pgCpu0 = await backendCpuMs();
  return new Promise((resolve, reject) => {
    const instance = autocannon(
      {
        url: server.url,
        connections: CONNECTIONS,
        duration: seconds,
        timeout: 10,
        // One line per connection, as one player per line; each request a random movie.
        initialContext: {},
        requests: [
          {
            setupRequest: (request, context: { line?: (typeof lines)[number] }) => {
              context.line ??= lines[next++ % lines.length];
              return { ...request, method: 'GET', path: path(kind, context.line as (typeof lines)[number]) };
            },
          },
        ],
      },
      async (error, result) => {
        if (error) {
          reject(error instanceof Error ? error : new Error(String(error)));
          return;
        }
        const codes: Record<string, number> = {};
        for (const [code, stat] of Object.entries(result.statusCodeStats ?? {}))
          codes[code] = stat?.count ?? 0;
        const starts = codes['302'] ?? 0;
        const { ['302']: _redirects, ...other } = codes;
        const serverCpuMs = processCpuMs(server.child.pid) - cpu0;
        const postgresCpuMs = await backendCpuSince(pgCpu0).catch(() => Number.NaN);
        resolve({
          starts,
          perSecond: starts / result.duration,
          other,
          errors: result.errors,
          timeouts: result.timeouts,
          latencyMs: {
            p50: result.latency.p50,
            p90: result.latency.p90,
            p99: result.latency.p99,
            max: result.latency.max,
          },
          serverCpuMsPerStart: serverCpuMs / Math.max(1, starts),
          postgresCpuMsPerStart: postgresCpuMs / Math.max(1, starts),
        });
      },
    );
    instance.on('error', reject);
  });
}

/**
 * Latency at a steady rate below capacity: the 200 players each start a movie after a random pause
 * (exponential, so starts arrive as a Poisson stream of `rate` a second in all), over node:http keep-alive
 * sockets, one per player. Closed-loop latency is the queue in front of the server (Little's law), so the
 * p99 target is read here.
 */
async function paced(kind: Kind, rate: number, seconds: number) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: CONNECTIONS });
  const meanPauseMs = (CONNECTIONS / rate) * 1000;
  const stopAt = performance.now() + seconds * 1000;
  const latencies: number[] = [];
  let failures = 0;
  const get = (target: string) =>
    new Promise<number>((resolve, reject) => {
      const request = http.get(`${server.url}${target}`, { agent }, (response) => {
        response.resume();
        response.on('end', () => resolve(response.statusCode ?? 0));
      });
      request.on('error', reject);
    });
  await Promise.all(
    lines.slice(0, CONNECTIONS).map(async (line) => {
      for (;;) {
        await new Promise((done) => setTimeout(done, -Math.log(1 - Math.random()) * meanPauseMs));
        if (performance.now() >= stopAt) return;
        const started = performance.now();
        const status = await get(path(kind, line)).catch(() => 0);
        if (status === 302) latencies.push(performance.now() - started);
        else failures++;
      }
    }),
  );
  agent.destroy();
  const s = summarise(latencies);
  return {
    rate: round(latencies.length / seconds, 0),
    p50: round(s.median, 1),
    p99: round(s.p99, 1),
    max: round(s.max, 1),
    failures,
  };
}

const rounds: { api: Round; bare: Round; ratio: number }[] = [];
let steady:
  | { targetRate: number; api: Awaited<ReturnType<typeof paced>>; bare: Awaited<ReturnType<typeof paced>> }
  | undefined;
try {
  // Both answer a start with a 302 before anything is measured.
  for (const kind of ['api', 'bare'] as const) {
    const response = await fetch(`${server.url}${path(kind, lines[0] as (typeof lines)[number])}`, {
      redirect: 'manual',
    });
    if (response.status !== 302) {
      throw new Error(
        `${kind} start answered ${response.status}, not 302: ${(await response.text()).slice(0, 300)}`,
      );
    }
  }
  // That check was another device (fetch's user agent) on the first line: its screen is given back, so
  // autocannon's player on that line is not refused by the line's screens (decision 0044).
  await pool.query(
    `update live_connections set ended_at = now(), end_reason = 'closed'
     where id > $1 and ended_at is null and line_id = any($2::int[])`,
    [maxConnectionId, lines.map((line) => line.id)],
  );
  // Warm-up: JIT, pools, caches (the API's path is longer, so it gets longer).
  await run('api', 5);
  await run('bare', 3);
  for (let i = 0; i < ROUNDS; i++) {
    const api = await run('api', SECONDS);
    const bare = await run('bare', SECONDS);
    rounds.push({ api, bare, ratio: api.perSecond / bare.perSecond });
    console.error(
      `round ${i + 1}: API ${api.perSecond.toFixed(0)} starts/s (p50 ${api.latencyMs.p50} ms, p99 ${api.latencyMs.p99} ms,` +
        ` server CPU each ${api.serverCpuMsPerStart.toFixed(2)} ms, PostgreSQL ${api.postgresCpuMsPerStart.toFixed(2)} ms,` +
        ` other answers ${JSON.stringify(api.other)}, errors ${api.errors}),` +
        ` floor ${bare.perSecond.toFixed(0)}/s (p99 ${bare.latencyMs.p99} ms, server ${bare.serverCpuMsPerStart.toFixed(2)} ms, PostgreSQL ${bare.postgresCpuMsPerStart.toFixed(2)} ms), ratio ${(api.perSecond / bare.perSecond).toFixed(2)}`,
    );
  }
  const targetRate = Math.max(
    10,
    Math.round(summarise(rounds.map((r) => r.api.perSecond)).median * STEADY_SHARE),
  );
  const api = await paced('api', targetRate, SECONDS);
  const bare = await paced('bare', targetRate, SECONDS);
  steady = { targetRate, api, bare };
  console.error(
    `steady ${targetRate} starts/s (${STEADY_SHARE * 100} % of the API's capacity): API p50 ${api.p50} ms, p99 ${api.p99} ms` +
      ` (${api.rate}/s, ${api.failures} failed); floor p50 ${bare.p50} ms, p99 ${bare.p99} ms`,
  );
} finally {
  await server.stop();
  await pool.query('delete from stream_starts where id > $1 and line_id = any($2::int[])', [
    maxId,
    lines.map((line) => line.id),
  ]);
  // Each start also opened (or took back) its line's connection (decision 0044).
  await pool.query('delete from live_connections where id > $1 and line_id = any($2::int[])', [
    maxConnectionId,
    lines.map((line) => line.id),
  ]);
  await pool.end();
}

const median = (pick: (r: (typeof rounds)[number]) => number, digits = 0) =>
  round(summarise(rounds.map(pick)).median, digits);
await emitResult({
  connections: CONNECTIONS,
  lines: lines.length,
  seconds: SECONDS,
  rounds: ROUNDS,
  startsPerSecond: {
    median: median((r) => r.api.perSecond),
    min: round(summarise(rounds.map((r) => r.api.perSecond)).min, 0),
  },
  floorPerSecond: { median: median((r) => r.bare.perSecond) },
  ratio: { median: median((r) => r.ratio, 2), min: round(summarise(rounds.map((r) => r.ratio)).min, 2) },
  // Closed loop (the queue of 200 connections), per round autocannon's percentiles: median round, worst round.
  latencyMs: {
    p50: median((r) => r.api.latencyMs.p50, 1),
    p99: median((r) => r.api.latencyMs.p99, 1),
    p99Worst: Math.max(...rounds.map((r) => r.api.latencyMs.p99)),
  },
  // Latency at a steady rate (Poisson arrivals) of STEADY_SHARE × the capacity: where p99 ≤ 50 ms is read.
  steady,
  floorLatencyMs: {
    p50: median((r) => r.bare.latencyMs.p50, 1),
    p99: median((r) => r.bare.latencyMs.p99, 1),
  },
  cpuMsPerStart: {
    apiServer: median((r) => r.api.serverCpuMsPerStart, 2),
    floorServer: median((r) => r.bare.serverCpuMsPerStart, 2),
    apiPostgres: median((r) => r.api.postgresCpuMsPerStart, 2),
    floorPostgres: median((r) => r.bare.postgresCpuMsPerStart, 2),
  },
  otherAnswers: rounds.reduce<Record<string, number>>((all, r) => {
    for (const [code, n] of Object.entries(r.api.other)) all[`api ${code}`] = (all[`api ${code}`] ?? 0) + n;
    for (const [code, n] of Object.entries(r.bare.other))
      all[`floor ${code}`] = (all[`floor ${code}`] ?? 0) + n;
    return all;
  }, {}),
  errors: rounds.reduce((sum, r) => sum + r.api.errors + r.bare.errors + r.api.timeouts + r.bare.timeouts, 0),
});
