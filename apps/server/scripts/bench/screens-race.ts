/**
 * P12 of docs/benchmarks.md (decision 0044): screens hold under concurrent starts. The bench lines
 * (library-dataset.ts) get one screen each; every round, 200 players start a movie at once against the real
 * server process on PostgreSQL, 4 devices (distinct user agents) per line on 50 lines, each over its own
 * socket. Exactly one start per line may get its 302; the others are refused (403) and exactly one active
 * connection per line survives. Rounds end the survivors before the next. The lines' screens and
 * connections are put back at the end.
 *
 *   DATABASE_URL=postgres://…/panel_bench node --import tsx scripts/bench/screens-race.ts [--rounds 10]
 */
import http from 'node:http';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { VOD_SOURCE_NAME } from '../library-dataset';
import { emitResult } from './bench-env';
import { benchLines, startBenchServer } from './player-bench-env';
import { round, summarise } from './stats';

const { values } = parseArgs({
  options: { starts: { type: 'string' }, devices: { type: 'string' }, rounds: { type: 'string' } },
});
const STARTS = Number(values.starts ?? 200);
const DEVICES = Number(values.devices ?? 4);
const ROUNDS = Number(values.rounds ?? 10);
const LINES = Math.ceil(STARTS / DEVICES);
const url = process.env.DATABASE_URL;
if (!url) throw new Error('DATABASE_URL: the database seeded by seed:large');

const pool = new pg.Pool({ connectionString: url, max: 2 });
const lines = await benchLines(pool, LINES);
const lineIds = lines.map((line) => line.id);
const [movie] = (
  await pool.query<{ id: number; ext: string }>(
    `select s.id, s.container_extension as ext from content_streams s join content_sources src on src.id = s.source_id
     where src.name = $1 and s.kind = 'movie' and s.retired_at is null order by s.id limit 1`,
    [VOD_SOURCE_NAME],
  )
).rows;
if (!movie) throw new Error('the bench library has no movie: npm run seed:large');
const screensBefore = (
  await pool.query<{ id: number; max_connections: number }>(
    'select id, max_connections from lines where id = any($1::int[])',
    [lineIds],
  )
).rows;
const [{ maxId } = { maxId: 0 }] = (
  await pool.query<{ maxId: number }>('select coalesce(max(id), 0)::int as "maxId" from live_connections')
).rows;

const endActive = () =>
  pool.query(
    `update live_connections set ended_at = now(), end_reason = 'closed'
     where line_id = any($1::int[]) and ended_at is null`,
    [lineIds],
  );

await pool.query('update lines set max_connections = 1 where id = any($1::int[])', [lineIds]);
await pool.query(`delete from settings where key = 'screens_end_oldest'`);
await endActive();
const server = await startBenchServer(url);

function start(line: (typeof lines)[number], device: number, agent: http.Agent): Promise<number> {
  const path = `/movie/${encodeURIComponent(line.username)}/${encodeURIComponent(line.password)}/${movie!.id}.${movie!.ext}`;
  return new Promise((resolve, reject) => {
    const request = http.get(
      `${server.url}${path}`,
      { agent, headers: { 'user-agent': `BenchDevice/${device}` } },
      (response) => {
        response.resume();
        response.on('end', () => resolve(response.statusCode ?? 0));
      },
    );
    request.on('error', reject);
  });
}

interface Round {
  seconds: number;
  accepted: number;
  refused: number;
  other: number;
  survivorsMin: number;
  survivorsMax: number;
  linesWithOne: number;
}

const rounds: Round[] = [];
try {
  for (let r = 0; r < ROUNDS + 1; r++) {
    await endActive();
    // A fresh socket per start (no keep-alive): 200 connections really open at once.
    const agent = new http.Agent({ keepAlive: false, maxSockets: STARTS });
    const started = performance.now();
    const statuses = await Promise.all(
      Array.from({ length: STARTS }, (_, i) => start(lines[i % LINES]!, Math.floor(i / LINES), agent)),
    );
    const seconds = (performance.now() - started) / 1000;
    agent.destroy();
    const survivors = new Map<number, number>(lineIds.map((id) => [id, 0]));
    for (const row of (
      await pool.query<{ line_id: number; n: number }>(
        `select line_id, count(*)::int as n from live_connections
         where line_id = any($1::int[]) and ended_at is null group by line_id`,
        [lineIds],
      )
    ).rows) {
      survivors.set(row.line_id, row.n);
    }
    const counts = [...survivors.values()];
    const result: Round = {
      seconds,
      accepted: statuses.filter((status) => status === 302).length,
      refused: statuses.filter((status) => status === 403).length,
      other: statuses.filter((status) => status !== 302 && status !== 403).length,
      survivorsMin: Math.min(...counts),
      survivorsMax: Math.max(...counts),
      linesWithOne: counts.filter((n) => n === 1).length,
    };
    // The first round warms the server up (JIT, pools) and is not counted.
    if (r > 0) rounds.push(result);
    console.error(
      `${r === 0 ? 'warm-up' : `round ${r}`}: ${STARTS} starts in ${(seconds * 1000).toFixed(0)} ms` +
        ` (${(STARTS / seconds).toFixed(0)}/s), ${result.accepted} × 302, ${result.refused} × 403, ${result.other} other;` +
        ` active connections per line ${result.survivorsMin}–${result.survivorsMax} (${result.linesWithOne}/${LINES} lines with exactly one)`,
    );
  }
} finally {
  await server.stop();
  await pool.query('delete from live_connections where id > $1 and line_id = any($2::int[])', [
    maxId,
    lineIds,
  ]);
  for (const row of screensBefore) {
    await pool.query('update lines set max_connections = $2 where id = $1', [row.id, row.max_connections]);
  }
  await pool.end();
}

const perSecond = rounds.map((r) => STARTS / r.seconds);
await emitResult({
  starts: STARTS,
  lines: LINES,
  devicesPerLine: DEVICES,
  rounds: ROUNDS,
  startsPerSecond: { median: round(summarise(perSecond).median, 0), min: round(summarise(perSecond).min, 0) },
  roundMs: { median: round(summarise(rounds.map((r) => r.seconds * 1000)).median, 0) },
  accepted: rounds.reduce((sum, r) => sum + r.accepted, 0),
  refused: rounds.reduce((sum, r) => sum + r.refused, 0),
  other: rounds.reduce((sum, r) => sum + r.other, 0),
  survivorsPerLine: {
    min: Math.min(...rounds.map((r) => r.survivorsMin)),
    max: Math.max(...rounds.map((r) => r.survivorsMax)),
  },
  exactlyOneEveryRound: rounds.every((r) => r.linesWithOne === LINES && r.accepted === LINES),
});
