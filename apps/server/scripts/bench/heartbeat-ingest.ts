/**
 * P11 (heartbeats) of docs/benchmarks.md (decision 0045): connection heartbeats ingested per second on
 * PostgreSQL, through the real server process (`POST /api/ingest/v1/connections`, batches of 500, a
 * streaming server's token), with N live connections seeded. The baseline is the same rows' work at its
 * floor, measured in the same run: a bare batched upsert (INSERT … ON CONFLICT … DO UPDATE over unnest)
 * into a plain table holding N rows, sent by this process straight to PostgreSQL. Both run with the same
 * number of concurrent senders, in alternating rounds after a warm-up; the ratio is the median of the rounds' ratios.
 *
 * Its own scratch database (`panel_bench_ingest`, fresh each run) on the server of TEST_DATABASE_URL.
 *
 *   node --import tsx scripts/bench/heartbeat-ingest.ts [--connections 300000 --senders 4 --seconds 8 --rounds 3]
 *     [--without-seen-index]   measure the schema change decision 0045 proposes, on the same data
 */
import { parseArgs } from 'node:util';
import pg from 'pg';
import { hashSessionToken, newSessionToken } from '../../src/lib/session-token';
import {
  DEFAULT_PG_SERVER,
  dropDatabase,
  emitResult,
  ensureDatabase,
  httpClient,
  startServerProcess,
} from './bench-env';
import { processCpuMs } from './player-bench-env';
import { round, summarise } from './stats';

const { values } = parseArgs({
  options: {
    connections: { type: 'string' },
    senders: { type: 'string' },
    batch: { type: 'string' },
    seconds: { type: 'string' },
    rounds: { type: 'string' },
    'without-seen-index': { type: 'boolean' },
  },
});
const CONNECTIONS = Number(values.connections ?? 300_000);
const SENDERS = Number(values.senders ?? 4);
const BATCH = Number(values.batch ?? 500);
const SECONDS = Number(values.seconds ?? 8);
const ROUNDS = Number(values.rounds ?? 3);
const WITHOUT_SEEN_INDEX = values['without-seen-index'] === true;
const PG_SERVER = process.env.TEST_DATABASE_URL ?? DEFAULT_PG_SERVER;
const DATABASE = 'panel_bench_ingest';

const url = await ensureDatabase(PG_SERVER, DATABASE, { fresh: true });
// The server migrates and seeds the admin; connections never expire nor get swept during the run.
const server = await startServerProcess({
  DATABASE_URL: url,
  ADMIN_PASSWORD: 'Adm1n@bench',
  CONNECTION_TTL_SECONDS: '86400',
  CONNECTION_SWEEP_MS: '3600000',
  EDGE_COMMAND_POLL_MS: '3600000',
});
const pool = new pg.Pool({ connectionString: url, max: SENDERS + 1 });

async function seed(): Promise<{ firstId: number; token: string }> {
  const lines = Math.ceil(CONNECTIONS / 2);
  await pool.query(
    `insert into lines (reseller_id, owner_path, username, password, exp_date, package_id, max_connections)
     select a.id, a.path, 'p11_' || g, 'senha@p11', now() + interval '30 days', (select min(id) from packages), 2
     from generate_series(1, $1::int) g, (select id, path from accounts order by id limit 1) a`,
    [lines],
  );
  // Two screens a line, every one live: what an edge keeps alive at peak.
  await pool.query(
    `insert into live_connections (line_id, owner_path, stream_id, delivery, ip, user_agent, watching)
     select l.id, l.owner_path, 1 + (g % 5000), 'redirect', '198.51.100.' || (g % 250), 'VLC/3.0.20', 'Canal ' || (g % 5000)
     from generate_series(0, $1::int - 1) g
     join lines l on l.username = 'p11_' || (1 + g / 2)`,
    [CONNECTIONS],
  );
  await pool.query(
    `create table bench_heartbeat_bare (id bigint primary key, divergence int not null default 0,
       bytes bigint not null default 0, server_id int, last_seen_at timestamptz not null default now())`,
  );
  await pool.query(`insert into bench_heartbeat_bare (id) select id from live_connections`);
  if (WITHOUT_SEEN_INDEX) {
    // The schema change decision 0045 proposes: with no index on last_seen_at and room left in each page,
    // a heartbeat changes no indexed column and PostgreSQL updates the row in place (HOT), touching no index.
    await pool.query('drop index live_connections_seen_active_idx');
    await pool.query('alter table live_connections set (fillfactor = 70)');
    await pool.query('vacuum full live_connections');
  }
  await pool.query('analyze');
  const token = newSessionToken();
  await pool.query(
    `insert into streaming_servers (name, token_hash, token_hint) values ('P11 edge', $1, $2)`,
    [hashSessionToken(token), token.slice(-4)],
  );
  const first = await pool.query<{ id: string }>('select min(id)::text as id from live_connections');
  return { firstId: Number(first.rows[0]?.id), token };
}

let seeded: Awaited<ReturnType<typeof seed>>;
try {
  seeded = await seed();
} catch (error) {
  await pool.end();
  await server.stop();
  throw error;
}
const { firstId, token } = seeded;

/** One batch: BATCH distinct live connections, in id order, each with a divergence and a byte count. */
function batch() {
  const ids = new Set<number>();
  while (ids.size < BATCH) ids.add(firstId + Math.floor(Math.random() * CONNECTIONS));
  return [...ids]
    .sort((a, b) => a - b)
    .map((id) => ({
      id,
      divergence: Math.floor(Math.random() * 60),
      bytes: Math.floor(Math.random() * 1e9),
    }));
}

type Kind = 'api' | 'bare';
const client = httpClient(server.url, SENDERS);
let batchSequence = 0;

async function sendApi(): Promise<void> {
  const body = JSON.stringify({
    batch_id: `p11-${process.pid}-${++batchSequence}`,
    heartbeats: batch().map((beat) => ({
      connection_id: beat.id,
      divergence: beat.divergence,
      bytes: beat.bytes,
    })),
  });
  const answer = await client.request('POST', '/api/ingest/v1/connections', {
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body,
  });
  if (answer.status !== 200)
    throw new Error(`ingest answered ${answer.status}: ${answer.body.slice(0, 300)}`);
  const result = JSON.parse(answer.body) as { refreshed: number };
  if (result.refreshed !== BATCH)
    throw new Error(`refreshed ${result.refreshed} of ${BATCH}: ${answer.body.slice(0, 300)}`);
}

async function sendBare(): Promise<void> {
  const beats = batch();
  await pool.query(
    `insert into bench_heartbeat_bare as b (id, divergence, bytes, server_id, last_seen_at)
     select i.id, i.divergence, i.bytes, 1, now()
     from unnest($1::bigint[], $2::int[], $3::bigint[]) as i(id, divergence, bytes)
     on conflict (id) do update set divergence = excluded.divergence, bytes = excluded.bytes,
       server_id = excluded.server_id, last_seen_at = excluded.last_seen_at`,
    [beats.map((beat) => beat.id), beats.map((beat) => beat.divergence), beats.map((beat) => beat.bytes)],
  );
}

interface Round {
  heartbeatsPerSecond: number;
  batchLatencyMs: { median: number; p95: number };
  /** CPU of the server process per batch, ms (0 for the bare upsert, which does not go through it). */
  serverCpuMsPerBatch: number;
}

/** SENDERS loops, each sending its next batch when the last is answered, for `seconds`. */
async function run(kind: Kind, seconds: number): Promise<Round> {
  const send = kind === 'api' ? sendApi : sendBare;
  const latencies: number[] = [];
  const serverCpu = processCpuMs(server.child.pid);
  const started = performance.now();
  const stopAt = started + seconds * 1000;
  await Promise.all(
    Array.from({ length: SENDERS }, async () => {
      while (performance.now() < stopAt) {
        const begun = performance.now();
        await send();
        latencies.push(performance.now() - begun);
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  const s = summarise(latencies);
  return {
    heartbeatsPerSecond: round((latencies.length * BATCH) / elapsed, 0),
    batchLatencyMs: { median: round(s.median, 1), p95: round(s.p95, 1) },
    serverCpuMsPerBatch:
      kind === 'api' ? round((processCpuMs(server.child.pid) - serverCpu) / latencies.length, 2) : 0,
  };
}

const rounds: { api: Round; bare: Round; ratio: number }[] = [];
try {
  await run('api', 3);
  await run('bare', 2);
  for (let i = 0; i < ROUNDS; i++) {
    const api = await run('api', SECONDS);
    const bare = await run('bare', SECONDS);
    const ratio = api.heartbeatsPerSecond / bare.heartbeatsPerSecond;
    rounds.push({ api, bare, ratio });
    console.error(
      `round ${i + 1}: API ${api.heartbeatsPerSecond} heartbeats/s (batch p50 ${api.batchLatencyMs.median} ms, p95 ${api.batchLatencyMs.p95} ms, server CPU ${api.serverCpuMsPerBatch} ms),` +
        ` bare upsert ${bare.heartbeatsPerSecond}/s (batch p50 ${bare.batchLatencyMs.median} ms), ratio ${ratio.toFixed(2)}`,
    );
  }
} finally {
  client.close();
  await pool.end();
  await server.stop();
  await dropDatabase(PG_SERVER, DATABASE);
}

const api = summarise(rounds.map((r) => r.api.heartbeatsPerSecond));
const bare = summarise(rounds.map((r) => r.bare.heartbeatsPerSecond));
await emitResult({
  schema: WITHOUT_SEEN_INDEX ? 'without live_connections_seen_active_idx, fillfactor 70' : 'migration 0011',
  connections: CONNECTIONS,
  senders: SENDERS,
  batch: BATCH,
  heartbeatsPerSecond: { median: api.median, min: api.min, max: api.max },
  barePerSecond: { median: bare.median, min: bare.min, max: bare.max },
  batchLatencyMs: {
    median: round(summarise(rounds.map((r) => r.api.batchLatencyMs.median)).median, 1),
    p95: round(summarise(rounds.map((r) => r.api.batchLatencyMs.p95)).median, 1),
  },
  ratio: { median: round(summarise(rounds.map((r) => r.ratio)).median, 2) },
  rounds,
});
