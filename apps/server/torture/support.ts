/**
 * Shared pieces of the torture tests (docs/benchmarks.md, `npm run test:torture`): sizes, scratch
 * PostgreSQL databases, the real server process, and the money invariants checked after every run.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import {
  DEFAULT_PG_SERVER,
  databaseUrl,
  dropDatabase,
  ensureDatabase,
  httpClient,
  openSession,
} from '../scripts/bench/bench-env';

export { httpClient, openSession, startServerProcess } from '../scripts/bench/bench-env';

export const PG_SERVER = process.env.TEST_DATABASE_URL ?? DEFAULT_PG_SERVER;

/** `TORTURE_SCALE=ci` (set by .ci/run) runs every torture test smaller and shorter. */
export const CI = process.env.TORTURE_SCALE === 'ci';

export function scaled<T>(full: T, ci: T): T {
  return CI ? ci : full;
}

/** A fresh database on the PostgreSQL server, dropped by `drop`. */
export async function scratchDatabase(prefix: string): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `panel_torture_${prefix}_${randomBytes(3).toString('hex')}`;
  await ensureDatabase(PG_SERVER, name, { fresh: true });
  return { url: databaseUrl(PG_SERVER, name), drop: () => dropDatabase(PG_SERVER, name) };
}

export type Http = ReturnType<typeof httpClient>;

export interface ApiAnswer {
  status: number;
  json: Record<string, unknown>;
}

export async function call(
  http: Http,
  token: string | undefined,
  method: string,
  path: string,
  body?: unknown,
): Promise<ApiAnswer> {
  const response = await http.request(method, path, {
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  let json: Record<string, unknown>;
  try {
    json = response.body ? (JSON.parse(response.body) as Record<string, unknown>) : {};
  } catch {
    json = { raw: response.body };
  }
  return { status: response.status, json };
}

export interface MoneyProblems {
  /** Non-admin accounts whose balance is not the sum of their ledger rows. */
  mismatches: { id: number; credits: string; ledger: string }[];
  negativeBalances: number;
  /** Ledger rows whose balance_before is not the previous row's balance_after (same account). */
  brokenChains: number;
  /** Σ of transfer rows (must be 0: a transfer moves, it never creates). */
  transferSum: string;
  totals: { balances: string; mint: string; burn: string; spend: string };
}

/** Every money invariant of docs/product/costs.md#credits-are-money and decision 0010, read in one snapshot. */
export async function moneyProblems(client: pg.Pool | pg.Client): Promise<MoneyProblems> {
  const one = async <T>(text: string): Promise<T> => (await client.query(text)).rows[0] as T;
  await client.query('begin isolation level repeatable read read only');
  try {
    const mismatches = (
      await client.query<{ id: number; credits: string; ledger: string }>(`
        select a.id, a.credits::text as credits, coalesce(l.total, 0)::text as ledger
        from accounts a left join (select account_id, sum(amount) as total from credit_ledger group by account_id) l
          on l.account_id = a.id
        where a.role <> 'admin' and a.credits <> coalesce(l.total, 0)`)
    ).rows;
    const { negative } = await one<{ negative: number }>(
      `select (select count(*) from accounts where credits < 0) + (select count(*) from credit_ledger where balance_after < 0)
         as negative`,
    );
    const { broken } = await one<{ broken: number }>(`
      select count(*)::int as broken from (
        select balance_before, lag(balance_after) over (partition by account_id order by id) as previous
        from credit_ledger) chain
      where previous is not null and previous <> balance_before`);
    const { transfers } = await one<{ transfers: string }>(
      `select coalesce(sum(amount), 0)::text as transfers from credit_ledger where kind = 'transfer'`,
    );
    const totals = await one<MoneyProblems['totals']>(`
      select (select coalesce(sum(credits), 0) from accounts where role <> 'admin')::text as balances,
             coalesce(sum(amount) filter (where kind = 'mint'), 0)::text as mint,
             coalesce(-sum(amount) filter (where kind = 'burn'), 0)::text as burn,
             coalesce(-sum(amount) filter (where kind = 'spend'), 0)::text as spend
      from credit_ledger`);
    return {
      mismatches,
      negativeBalances: Number(negative),
      brokenChains: Number(broken),
      transferSum: transfers,
      totals,
    };
  } finally {
    await client.query('rollback');
  }
}

/** Cents of a decimal string ("-12.34" → -1234), exactly. */
export function cents(value: string): number {
  const negative = value.startsWith('-');
  const [whole = '0', fraction = ''] = value.replace('-', '').split('.');
  const result = Number(whole) * 100 + Number((fraction + '00').slice(0, 2));
  return negative ? -result : result;
}

export async function adminSession(client: pg.Pool | pg.Client): Promise<{ id: number; token: string }> {
  const id = (
    await client.query<{ id: number }>(`select id from accounts where role = 'admin' order by id limit 1`)
  ).rows[0]?.id;
  if (id === undefined) throw new Error('no admin');
  return { id, token: await openSession(client, id) };
}

export function randomInt(max: number): number {
  return Math.floor(Math.random() * max);
}

export function pick<T>(items: readonly T[]): T {
  const item = items[randomInt(items.length)];
  if (item === undefined) throw new Error('pick from an empty list');
  return item;
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
