/**
 * P1 / P2 of docs/benchmarks.md: GET /api/users through the real server process over HTTP, against the
 * very same SQL statements run directly through the same driver (node-postgres) on the same database.
 *
 * The statements are captured from the repository itself (a drizzle logger around `listLineRecords`), so
 * "raw" is exactly what the endpoint sends — the same named prepared statements on a pool configured like
 * the server's, the page and the count at the same time — minus HTTP, the session check, validation and
 * serialisation.
 * Runs are interleaved (API, raw, API, raw …) after a warm-up, so cache state and background noise fall on
 * both sides alike.
 *
 *   DATABASE_URL=postgres://…/panel_bench node --import tsx scripts/bench/list-latency.ts [--runs 300]
 */
import { parseArgs } from 'node:util';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { nowSeconds } from '@panel/shared/time/unix-seconds';
import { statementName } from '../../src/panel/lines/lines-list.repository';
import { listLines } from '../../src/panel/lines/lines-list.service';
import type { Database } from '../../src/db/database';
import * as schema from '../../src/db/schema/index';
import { lineListQuerySchema } from '@panel/shared/lines/line-api';
import { BIG_MASTER_USERNAME } from '../large-dataset';
import { accountId, emitResult, openSession, rawHttpConnection, startServerProcess } from './bench-env';
import { round, summarise } from './stats';

const { values } = parseArgs({
  options: { runs: { type: 'string' }, warmup: { type: 'string' }, only: { type: 'string' } },
});
const RUNS = Number(values.runs ?? 300);
const WARMUP = Number(values.warmup ?? 30);
const url = process.env.DATABASE_URL;
if (!url) throw new Error('DATABASE_URL: the database seeded by seed:large');

interface Case {
  id: string;
  label: string;
  as: 'admin' | 'master';
  query: Record<string, string>;
}

const CASES: Case[] = [
  {
    id: 'P1',
    label: 'admin, status active, by expiry',
    as: 'admin',
    query: { page: '1', per: '10', status: '1', order_by: 'exp_date,asc' },
  },
  {
    id: 'P1b',
    label: 'admin, status expired, by expiry desc',
    as: 'admin',
    query: { page: '1', per: '10', status: '3', order_by: 'exp_date,desc' },
  },
  {
    id: 'P2',
    label: 'master (100k subtree), status active, by expiry',
    as: 'master',
    query: { page: '1', per: '10', status: '1', order_by: 'exp_date,asc' },
  },
  {
    id: 'P2-search',
    label: 'master, search "pereira"',
    as: 'master',
    query: { page: '1', per: '10', search: 'pereira' },
  },
  {
    id: 'P2-search-admin',
    label: 'admin, search "maria"',
    as: 'admin',
    query: { page: '1', per: '10', search: 'maria' },
  },
];

// A pool configured like the server's (src/db/database.ts); the page and the count take one connection each.
const options = '-c plan_cache_mode=force_custom_plan';
const pool = new pg.Pool({ connectionString: url, max: 4, options });
const adminId = (
  await pool.query<{ id: number }>(`select id from accounts where role = 'admin' order by id limit 1`)
).rows[0]?.id;
if (adminId === undefined) throw new Error('no admin');
const masterId = await accountId(pool, BIG_MASTER_USERNAME);
const callers = {
  admin: (
    await pool.query<{ path: string; username: string }>(
      'select path, username from accounts where id = $1',
      [adminId],
    )
  ).rows[0],
  master: (
    await pool.query<{ path: string; username: string }>(
      'select path, username from accounts where id = $1',
      [masterId],
    )
  ).rows[0],
};
const tokens = { admin: await openSession(pool, adminId), master: await openSession(pool, masterId) };
// A customer looked up by (part of) its username, as a reseller does at the counter.
const rareName = (
  await pool.query<{ username: string }>(
    `select username from lines where owner_path like $1 and username ~ '^[a-z]{5}[0-9]+$' order by id limit 1 offset 500`,
    [`${callers.master?.path}%`],
  )
).rows[0]?.username;
if (rareName) {
  CASES.push({
    id: 'P2-search-user',
    label: `master, search a username "${rareName.slice(0, 8)}"`,
    as: 'master',
    query: { page: '1', per: '10', search: rareName.slice(0, 8) },
  });
}
const [{ lines: lineCount } = { lines: 0 }] = (
  await pool.query<{ lines: number }>('select count(*)::int as lines from lines')
).rows;
const [{ sub } = { sub: 0 }] = (
  await pool.query<{ sub: number }>('select count(*)::int as sub from lines where owner_path like $1', [
    `${callers.master?.path}%`,
  ])
).rows;

/**
 * The statements the list service sends for this query, captured through a drizzle logger: the page and
 * the capped count (the one that starts with `select count(`), which the service runs at the same time.
 */
async function captureStatements(item: Case) {
  const page: Statement[] = [];
  const counts: Statement[] = [];
  const db = drizzle(pool, {
    schema,
    logger: {
      logQuery: (text, params) => (/^select count\(/.test(text) ? counts : page).push({ text, params }),
    },
  });
  const caller = item.as === 'admin' ? callers.admin : callers.master;
  const id = item.as === 'admin' ? adminId : masterId;
  await listLines(
    db as unknown as Database,
    {
      id: id as number,
      username: caller?.username ?? '',
      role: item.as === 'admin' ? 'admin' : 'reseller',
      path: caller?.path ?? '',
      tokenHash: '',
    },
    lineListQuerySchema.parse(item.query),
  );
  return { page, counts };
}

interface Statement {
  text: string;
  params: unknown[];
}

/** What the endpoint does, bare: the page and, at the same time, the count, each on a connection of the pool. */
async function runRaw(statements: { page: Statement[]; counts: Statement[] }): Promise<void> {
  const run = async (prefix: string, list: Statement[]) => {
    for (const statement of list)
      await pool.query({
        name: statementName(prefix, statement.text),
        text: statement.text,
        values: statement.params,
      });
  };
  await Promise.all([run('lines_page', statements.page), run('lines_count', statements.counts)]);
}

const server = await startServerProcess({
  DATABASE_URL: url,
  LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'info',
});
const client = await rawHttpConnection(server.url);
const results = [];
try {
  for (const item of CASES.filter((c) => !values.only || values.only.split(',').includes(c.id))) {
    const statements = await captureStatements(item);
    const target = `/api/users?${new URLSearchParams(item.query)}`;
    const headers = { authorization: `Bearer ${tokens[item.as]}` };
    let lastMeta: unknown;
    const api = async () => {
      const start = performance.now();
      const response = await client.get(target, headers);
      const ms = performance.now() - start;
      const body = JSON.parse(response.body) as { meta: unknown };
      if (response.status !== 200) throw new Error(`${item.id}: ${response.status} ${JSON.stringify(body)}`);
      lastMeta = body.meta;
      if (!(body.meta as { total_exact: boolean }).total_exact) apiCountsInexact++;
      return ms;
    };
    let apiCountsInexact = 0;
    const raw = async () => {
      const start = performance.now();
      await runRaw(statements);
      return performance.now() - start;
    };
    for (let i = 0; i < WARMUP; i++) {
      await api();
      await raw();
    }
    const apiTimes: number[] = [];
    const rawTimes: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      apiTimes.push(await api());
      rawTimes.push(await raw());
    }
    const a = summarise(apiTimes);
    const r = summarise(rawTimes);
    const result = {
      id: item.id,
      label: item.label,
      request: `GET /api/users?${new URLSearchParams(item.query)}`,
      api: { median: round(a.median), p95: round(a.p95), p99: round(a.p99) },
      raw: { median: round(r.median), p95: round(r.p95), p99: round(r.p99) },
      ratio: round(a.median / r.median),
      ratioP95: round(a.p95 / r.p95),
      meta: lastMeta,
      // Answers that said "mais de N" (past the cap, or a text search): the same for every run of a case.
      apiTotalsInexact: apiCountsInexact,
      runs: RUNS,
    };
    results.push(result);
    console.error(
      `${item.id.padEnd(16)} api ${result.api.median} / ${result.api.p95} ms  raw ${result.raw.median} / ${result.raw.p95} ms  ratio ${result.ratio}  ${JSON.stringify(lastMeta)}`,
    );
  }
} finally {
  client.close();
  await server.stop();
  await pool.end();
}
await emitResult({
  lines: lineCount,
  masterSubtreeLines: sub,
  now: nowSeconds(),
  cases: results,
});
