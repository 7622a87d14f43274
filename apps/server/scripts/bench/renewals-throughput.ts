/**
 * P3 of docs/benchmarks.md: paid renewals per second with 50 concurrent clients against the real server
 * process on PostgreSQL, versus the floor of the same money movement done bare through the same driver
 * (node-postgres) on the same database at the same concurrency: BEGIN; conditional UPDATE of the balance;
 * ledger INSERT; COMMIT. Rounds alternate (renewals, bare, renewals, bare …) so each ratio is measured
 * side by side; the answer is the median of the rounds.
 *
 * The 50 clients are 50 resellers of the seeded tree, each renewing (`POST /api/users/:id/renew`, one
 * month, paid) random lines of its own; their credits are topped up through the ledger first.
 *
 *   DATABASE_URL=postgres://…/panel_bench node --import tsx scripts/bench/renewals-throughput.ts
 */
import { readdirSync, readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { emitResult, httpClient, mintDirect, openSession, startServerProcess } from './bench-env';
import { round, summarise } from './stats';

const { values } = parseArgs({
  options: {
    clients: { type: 'string' },
    seconds: { type: 'string' },
    rounds: { type: 'string' },
  },
});
const CLIENTS = Number(values.clients ?? 50);
const SECONDS = Number(values.seconds ?? 8);
const ROUNDS = Number(values.rounds ?? 3);
const url = process.env.DATABASE_URL;
if (!url) throw new Error('DATABASE_URL: the database seeded by seed:large');

const admin = new pg.Pool({ connectionString: url, max: 2 });

// 50 active resellers that own lines, each with its own lines to renew.
const resellers = (
  await admin.query<{ id: number; credits: string }>(
    `select a.id, a.credits::text as credits from accounts a
     where a.role = 'reseller' and a.status = 1 and not a.is_deleted_bucket
       and (select count(*) from lines l where l.reseller_id = a.id and l.is_trial = 0) >= 20
     order by a.id limit $1`,
    [CLIENTS],
  )
).rows;
if (resellers.length < CLIENTS) throw new Error(`only ${resellers.length} resellers own 20+ lines`);
const clients: { id: number; token: string; lineIds: number[] }[] = [];
for (const reseller of resellers) {
  if (Number(reseller.credits) < 50_000) await mintDirect(admin, reseller.id, 100_000);
  const lineIds = (
    await admin.query<{ id: number }>(
      'select id from lines where reseller_id = $1 and is_trial = 0 order by id limit 200',
      [reseller.id],
    )
  ).rows.map((row) => row.id);
  clients.push({ id: reseller.id, token: await openSession(admin, reseller.id), lineIds });
}

const server = await startServerProcess({
  DATABASE_URL: url,
  LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'info',
});
const bare = new pg.Pool({ connectionString: url, max: CLIENTS });

/** CPU time (user + system, ms) the server process has used so far, from /proc (Linux). */
function serverCpuMs(): number {
  try {
    const fields = readFileSync(`/proc/${server.child.pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
  } catch {
    return Number.NaN;
  }
}

/** CPU time (ms) of every PostgreSQL process so far (backends come and go; the bench's stay connected). */
function postgresCpuMs(): number {
  let total = 0;
  for (const pid of readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      if (!stat.includes('(postgres)')) continue;
      const fields = stat.split(') ')[1]?.split(' ') ?? [];
      total += ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
    } catch {
      // gone meanwhile
    }
  }
  return total;
}

interface Round {
  ops: number;
  cpuMsPerOp?: number;
  pgCpuMsPerOp?: number;
  errors: number;
  perSecond: number;
  latencies: number[];
}

async function runFor(
  seconds: number,
  worker: (client: (typeof clients)[number]) => Promise<void>,
): Promise<Round> {
  const stopAt = performance.now() + seconds * 1000;
  const latencies: number[] = [];
  let errors = 0;
  const started = performance.now();
  await Promise.all(
    clients.map(async (client) => {
      while (performance.now() < stopAt) {
        const start = performance.now();
        try {
          await worker(client);
          latencies.push(performance.now() - start);
        } catch (error) {
          errors++;
          if (errors < 5) console.error((error as Error).message);
        }
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  return { ops: latencies.length, errors, perSecond: latencies.length / elapsed, latencies };
}

const pick = <T>(items: readonly T[]): T => items[Math.floor(Math.random() * items.length)] as T;

const api = httpClient(server.url, CLIENTS);

async function renewal(client: (typeof clients)[number]): Promise<void> {
  const response = await api.request('POST', `/api/users/${pick(client.lineIds)}/renew`, {
    headers: { authorization: `Bearer ${client.token}`, 'content-type': 'application/json' },
    body: '{"months":1}',
  });
  if (response.status !== 200) throw new Error(`renew: ${response.status} ${response.body}`);
}

async function bareMove(client: (typeof clients)[number]): Promise<void> {
  const connection = await bare.connect();
  try {
    await connection.query('begin');
    const step = await connection.query<{ before: string; after: string }>(
      `update accounts set credits = credits - 1.00 where id = $1 and credits >= 1.00
       returning (credits + 1.00)::text as before, credits::text as after`,
      [client.id],
    );
    const row = step.rows[0];
    if (!row) throw new Error('not covered');
    await connection.query(
      `insert into credit_ledger (account_id, actor_id, kind, action, type, line_id, amount, balance_before, balance_after)
       values ($1, $1, 'spend', 'renewed', 'users', $2, -1.00, $3::numeric, $4::numeric)`,
      [client.id, pick(client.lineIds), row.before, row.after],
    );
    await connection.query('commit');
  } catch (error) {
    await connection.query('rollback').catch(() => undefined);
    throw error;
  } finally {
    connection.release();
  }
}

const rounds: { renewals: Round; bare: Round; ratio: number }[] = [];
try {
  // Warm-up: JIT, connection pools, caches.
  await runFor(2, renewal);
  await runFor(2, bareMove);
  for (let i = 0; i < ROUNDS; i++) {
    const cpuBefore = serverCpuMs();
    const pgBefore = postgresCpuMs();
    const renewals = await runFor(SECONDS, renewal);
    renewals.cpuMsPerOp = (serverCpuMs() - cpuBefore) / renewals.ops;
    renewals.pgCpuMsPerOp = (postgresCpuMs() - pgBefore) / renewals.ops;
    const pgBareBefore = postgresCpuMs();
    const floor = await runFor(SECONDS, bareMove);
    floor.pgCpuMsPerOp = (postgresCpuMs() - pgBareBefore) / floor.ops;
    rounds.push({ renewals, bare: floor, ratio: renewals.perSecond / floor.perSecond });
    console.error(
      `round ${i + 1}: renewals ${renewals.perSecond.toFixed(0)}/s (${renewals.errors} errors, CPU each: server ${renewals.cpuMsPerOp?.toFixed(2)} ms, PostgreSQL ${renewals.pgCpuMsPerOp?.toFixed(2)} ms), bare ${floor.perSecond.toFixed(0)}/s (PostgreSQL ${floor.pgCpuMsPerOp?.toFixed(2)} ms each), ratio ${(renewals.perSecond / floor.perSecond).toFixed(2)}`,
    );
  }
} finally {
  api.close();
  await server.stop();
  await bare.end();
  await admin.end();
}

const renewalRates = summarise(rounds.map((r) => r.renewals.perSecond));
const bareRates = summarise(rounds.map((r) => r.bare.perSecond));
const ratios = summarise(rounds.map((r) => r.ratio));
const renewalLatency = summarise(rounds.flatMap((r) => r.renewals.latencies));
const bareLatency = summarise(rounds.flatMap((r) => r.bare.latencies));
await emitResult({
  clients: CLIENTS,
  seconds: SECONDS,
  rounds: ROUNDS,
  renewalsPerSecond: { median: round(renewalRates.median, 0), p95: round(renewalRates.p95, 0) },
  barePerSecond: { median: round(bareRates.median, 0), p95: round(bareRates.p95, 0) },
  ratio: { median: round(ratios.median), min: round(ratios.min), max: round(ratios.max) },
  renewalLatencyMs: {
    median: round(renewalLatency.median),
    p95: round(renewalLatency.p95),
    p99: round(renewalLatency.p99),
  },
  bareLatencyMs: {
    median: round(bareLatency.median),
    p95: round(bareLatency.p95),
    p99: round(bareLatency.p99),
  },
  cpuMsPerOperation: {
    renewalServer: round(summarise(rounds.map((r) => r.renewals.cpuMsPerOp ?? Number.NaN)).median),
    renewalPostgres: round(summarise(rounds.map((r) => r.renewals.pgCpuMsPerOp ?? Number.NaN)).median),
    barePostgres: round(summarise(rounds.map((r) => r.bare.pgCpuMsPerOp ?? Number.NaN)).median),
  },
  errors: rounds.reduce((sum, r) => sum + r.renewals.errors + r.bare.errors, 0),
});
