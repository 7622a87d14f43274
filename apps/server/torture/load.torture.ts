/**
 * Load (torture "load", decision 0019): 200 concurrent clients for 60 s (CI: 50 for 15 s) on a list + renew mix
 * against the real server process on PostgreSQL, driven by autocannon. Each client is a reseller of a
 * seeded panel (200,000 lines; CI 20,000) opening /users pages — default order, status and expiry
 * filters, text searches, later pages — and renewing its own lines (one request in five).
 *
 * After a short warm-up (JIT, pools, caches of a server that has been running), two runs, both required to
 * answer every request with 2xx:
 * - panel users: 200 clients, each waiting a random think time (exponential, mean LOAD_THINK_MS, default
 *   1000 ms: a click a second, faster than a person works) before its next request — p99 must be ≤ 200 ms.
 *   At CI size the p99 is printed against its target, not asserted (decision 0019): CI shares a small VM
 *   whose stalls of a second or two from outside the server would decide the run; a failed request still
 *   fails it.
 *   Driven by this file's own keep-alive client: autocannon paces a rate by firing every connection in the
 *   same tick, 200 requests at once each second, which measures a synchronised burst no panel ever sees;
 * - saturation (autocannon): the same clients with no pause at all (closed loop), reported for capacity
 *   planning (docs/benchmarks.md). Its latency is the queue in front of two cores (Little's law: 200
 *   requests in flight at N answers a second wait 200/N s on average), so it has no latency target.
 */
import autocannon from 'autocannon';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../src/db/database';
import { seedDatabase } from '../src/db/seed';
import { seedLargeDataset } from '../scripts/large-dataset';
import { mintDirect } from '../scripts/bench/bench-env';
import { CI, httpClient, openSession, pick, scaled, scratchDatabase, startServerProcess } from './support';
import { percentile } from '../scripts/bench/stats';

const CONNECTIONS = scaled(200, 50);
const SECONDS = Number(process.env.TORTURE_LOAD_SECONDS ?? scaled(60, 15));
const THINK_MS = Number(process.env.LOAD_THINK_MS ?? 1000);
const LINES = scaled(200_000, 20_000);
const P99_TARGET_MS = 200;
/** Share of renewals in the mix (the rest are list views). */
const RENEW_SHARE = Number(process.env.LOAD_RENEW_SHARE ?? 0.2);

let database: Awaited<ReturnType<typeof scratchDatabase>>;
let server: Awaited<ReturnType<typeof startServerProcess>>;
const clients: { token: string; lineIds: number[] }[] = [];

beforeAll(async () => {
  database = await scratchDatabase('load');
  const handle = await openDatabase({ url: database.url, dataDir: '' });
  try {
    await seedDatabase(handle.db, { username: 'admin', password: 'Adm1n@torture' });
    await seedLargeDataset(handle, { lines: LINES, resellers: 500, resellerPassword: 'Senha@forte9' });
  } finally {
    await handle.close();
  }
  const pool = new pg.Pool({ connectionString: database.url, max: 4 });
  try {
    const resellers = (
      await pool.query<{ id: number }>(
        `select reseller_id as id from lines where is_trial = 0 group by reseller_id having count(*) >= 5
         order by count(*) desc limit $1`,
        [CONNECTIONS],
      )
    ).rows;
    for (const reseller of resellers) {
      await mintDirect(pool, reseller.id, 1_000_000);
      const lineIds = (
        await pool.query<{ id: number }>(
          'select id from lines where reseller_id = $1 and is_trial = 0 limit 50',
          [reseller.id],
        )
      ).rows.map((row) => row.id);
      clients.push({ token: await openSession(pool, reseller.id), lineIds });
    }
  } finally {
    await pool.end();
  }
  server = await startServerProcess({
    DATABASE_URL: database.url,
    // LOAD_LOG_LEVEL=info keeps every request's responseTime in the server's log (bench-env's logFile).
    LOG_LEVEL: process.env.LOAD_LOG_LEVEL ?? 'warn',
  });
});

afterAll(async () => {
  await server?.stop();
  await database?.drop();
});

const LIST_QUERIES = [
  'page=1&per=10',
  'page=1&per=10&status=1&order_by=exp_date,asc',
  'page=1&per=10&status=3&order_by=exp_date,desc',
  'page=1&per=25&expirationInterval=7days&order_by=exp_date,asc',
  'page=2&per=10',
  'page=1&per=50',
  'page=1&per=10&search=silva',
  'page=1&per=10&search=pix',
  'page=1&per=10&type=trial',
  'page=1&per=10&system=2',
];

/** One request of the mix, as method + path + headers + body. */
function nextRequest(): { method: string; path: string; headers: Record<string, string>; body?: string } {
  const client = pick(clients);
  const headers = { authorization: `Bearer ${client.token}` };
  if (Math.random() < RENEW_SHARE) {
    return {
      method: 'POST',
      path: `/api/users/${pick(client.lineIds)}/renew`,
      headers: { ...headers, 'content-type': 'application/json' },
      body: '{"months":1}',
    };
  }
  return { method: 'GET', path: `/api/users?${pick(LIST_QUERIES)}`, headers };
}

/** `users` clients, each pausing a random think time (exponential, mean `thinkMs`) between its requests. */
async function panelUsers(users: number, seconds: number, thinkMs: number) {
  const http = httpClient(server.url, users);
  const latencies: number[] = [];
  const failures: string[] = [];
  const stopAt = performance.now() + seconds * 1000;
  const think = () => new Promise((resolve) => setTimeout(resolve, -Math.log(1 - Math.random()) * thinkMs));
  await Promise.all(
    Array.from({ length: users }, async () => {
      await think();
      while (performance.now() < stopAt) {
        const request = nextRequest();
        const started = performance.now();
        try {
          const response = await http.request(request.method, request.path, {
            headers: request.headers,
            body: request.body,
          });
          latencies.push(performance.now() - started);
          if (response.status >= 300) failures.push(`${request.method} ${request.path} ${response.status}`);
        } catch (error) {
          failures.push(`${request.method} ${request.path} ${(error as Error).message}`);
        }
        await think();
      }
    }),
  );
  http.close();
  const round = (value: number) => Math.round(value * 10) / 10;
  return {
    requests: latencies.length,
    perSecond: round(latencies.length / seconds),
    latencyMs: {
      p50: round(percentile(latencies, 50)),
      p90: round(percentile(latencies, 90)),
      p99: round(percentile(latencies, 99)),
      max: round(latencies.reduce((high, value) => Math.max(high, value), 0)),
    },
    failures,
  };
}

function run(options: { connections?: number; seconds?: number }): Promise<autocannon.Result> {
  return new Promise((resolve, reject) => {
    const instance = autocannon(
      {
        url: server.url,
        connections: options.connections ?? CONNECTIONS,
        duration: options.seconds ?? SECONDS,
        // Each client sends its next request as soon as the last one is answered.
        timeout: 10,
        requests: [
          {
            setupRequest: (request) => {
              const next = nextRequest();
              return { ...request, ...next, method: next.method as 'GET' | 'POST' };
            },
          },
        ],
      },
      (error, result) =>
        error ? reject(error instanceof Error ? error : new Error(String(error))) : resolve(result),
    );
    instance.on('error', reject);
  });
}

function summary(result: autocannon.Result) {
  return {
    requests: result.requests.total,
    perSecond: result.requests.average,
    latencyMs: {
      p50: result.latency.p50,
      p90: result.latency.p90,
      p99: result.latency.p99,
      max: result.latency.max,
    },
    errors: result.errors,
    timeouts: result.timeouts,
    non2xx: result.non2xx,
  };
}

describe('load torture', () => {
  it(`${CONNECTIONS} panel users for ${SECONDS} s: no error, p99 ≤ ${P99_TARGET_MS} ms${CI ? ' (reported)' : ''}`, async () => {
    await run({ connections: 20, seconds: 5 });
    // The warm-up's closed loop leaves requests in flight; the measured run starts on an idle server.
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    const result = await panelUsers(CONNECTIONS, SECONDS, THINK_MS);
    const verdict = result.latencyMs.p99 <= P99_TARGET_MS ? 'met' : 'MISSED';
    console.log(
      `load (${CONNECTIONS} clients, think time ${THINK_MS} ms on average), p99 target ${P99_TARGET_MS} ms ${verdict}:`,
      JSON.stringify({ ...result, failures: result.failures.length }),
    );
    expect(result.failures.slice(0, 10)).toEqual([]);
    if (!CI) expect(result.latencyMs.p99).toBeLessThanOrEqual(P99_TARGET_MS);
  });

  it(`${CONNECTIONS} clients without pause (saturation, reported): still no error`, async () => {
    const result = await run({});
    console.log(`saturation (${CONNECTIONS} clients, closed loop):`, JSON.stringify(summary(result)));
    expect(result.errors).toBe(0);
    expect(result.timeouts).toBe(0);
    expect(result.non2xx).toBe(0);
  });
});
