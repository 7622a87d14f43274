/**
 * kill -9 during a burst of paid actions (torture "crash", decision 0019), on the embedded PGlite and on
 * PostgreSQL: the real server process is killed without warning while dozens of renewals, line creations
 * and credit moves are in flight, then started again on the same data. Each cycle checks that
 * - the database opens again and the server is healthy (PGlite recovers its data folder);
 * - every money invariant holds (balance = Σ ledger, nothing negative, unbroken ledger chains);
 * - nothing acknowledged was lost: every line whose creation was answered 201 exists, and the spends in
 *   the ledger cover at least every charge that was answered (more is fine: committed, answer lost).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../src/db/database';
import { executeRows } from '../src/db/execute-rows';
import {
  call,
  cents,
  httpClient,
  moneyProblems,
  pick,
  randomInt,
  scaled,
  scratchDatabase,
  sleep,
  startServerProcess,
  type Http,
} from './support';

const CYCLES = scaled(3, 2);
const WORKERS = scaled(24, 12);
const ADMIN = { username: 'admin', password: 'Adm1n@torture' };

/** The moneyProblems queries need `query(text)`: on PGlite, run them through a handle of the data folder. */
async function withPgliteClient<T>(dataDir: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const handle = await openDatabase({ dataDir });
  try {
    const client = {
      query: async (text: string, params?: unknown[]) => {
        if (params?.length) throw new Error('no parameters on this adapter');
        return { rows: await executeRows(handle.db, sql.raw(text)) };
      },
    } as unknown as pg.Client;
    return await work(client);
  } finally {
    await handle.close();
  }
}

interface Acknowledged {
  lines: number[];
  chargedCents: number;
}

async function signIn(http: Http, username: string, password: string): Promise<string> {
  const answer = await call(http, undefined, 'POST', '/api/auth/sign-in', {
    username,
    password,
    'g-recaptcha-response': 'torture',
  });
  if (answer.status !== 200)
    throw new Error(`sign-in ${username}: ${answer.status} ${JSON.stringify(answer.json)}`);
  return answer.json.token as string;
}

/** Resellers with credits and a few lines each, made through the API (PGlite allows no second writer). */
async function setUp(
  http: Http,
): Promise<{ admin: string; resellers: { id: number; token: string; lines: number[] }[] }> {
  const admin = await signIn(http, ADMIN.username, ADMIN.password);
  const resellers = [];
  for (let index = 0; index < 6; index++) {
    const username = `crash${Date.now().toString(36)}${index}`;
    const created = await call(http, admin, 'POST', '/api/resellers', {
      username,
      password: 'Senha@forte9',
      credits: 400,
    });
    if (created.status !== 201) throw new Error(`setup: ${created.status} ${JSON.stringify(created.json)}`);
    const token = await signIn(http, username, 'Senha@forte9');
    const lines: number[] = [];
    for (let l = 0; l < 3; l++) {
      const line = await call(http, token, 'POST', '/api/users', { system: pick([1, 2]), package_id: 17 });
      if (line.status === 201) lines.push((line.json.line as { id: number }).id);
    }
    resellers.push({ id: created.json.id as number, token, lines });
  }
  return { admin, resellers };
}

/** Paid actions from many clients until the server dies under them; answers what was acknowledged. */
async function burstUntilKilled(
  http: Http,
  world: Awaited<ReturnType<typeof setUp>>,
  kill: () => Promise<void>,
): Promise<Acknowledged & { requests: number; unexpected: string[] }> {
  const acknowledged: Acknowledged = { lines: [], chargedCents: 0 };
  const unexpected: string[] = [];
  let requests = 0;
  let dead = false;
  const killer = (async () => {
    await sleep(400 + randomInt(1200));
    dead = true;
    await kill();
  })();
  await Promise.all(
    Array.from({ length: WORKERS }, async () => {
      while (!dead) {
        const reseller = pick(world.resellers);
        const roll = randomInt(10);
        try {
          if (roll < 5 && reseller.lines.length > 0) {
            const answer = await call(
              http,
              reseller.token,
              'POST',
              `/api/users/${pick(reseller.lines)}/renew`,
              {
                months: 1,
              },
            );
            if (answer.status === 200) acknowledged.chargedCents += cents(answer.json.charged as string);
            else if (answer.status !== 409) unexpected.push(`renew ${answer.status}`);
          } else if (roll < 8) {
            const answer = await call(http, reseller.token, 'POST', '/api/users', {
              system: 1,
              package_id: 17,
            });
            if (answer.status === 201) {
              const id = (answer.json.line as { id: number }).id;
              acknowledged.lines.push(id);
              acknowledged.chargedCents += cents(answer.json.charged as string);
              reseller.lines.push(id);
            } else if (answer.status !== 409) unexpected.push(`create ${answer.status}`);
          } else {
            const value = (10 + randomInt(20)) * (Math.random() < 0.5 ? 1 : -1);
            const answer = await call(http, world.admin, 'POST', `/api/resellers/${reseller.id}/credits`, {
              value,
            });
            if (![200, 409].includes(answer.status)) unexpected.push(`credits ${answer.status}`);
          }
          requests++;
        } catch {
          // The connection died with the server: expected once it is killed.
          if (!dead) unexpected.push('connection failed before the kill');
        }
      }
    }),
  );
  await killer;
  return { ...acknowledged, requests, unexpected };
}

const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup().catch(() => undefined);
});

describe.each([
  ['PGlite', 'pglite'],
  ['PostgreSQL', 'postgres'],
] as const)('kill -9 on %s', (_label, engine) => {
  it(`recovers with every invariant after ${CYCLES} kills during paid bursts`, async () => {
    let env: Record<string, string>;
    let dataDir = '';
    let pgUrl = '';
    if (engine === 'pglite') {
      dataDir = mkdtempSync(join(tmpdir(), 'panel-crash-'));
      cleanups.push(async () => rmSync(dataDir, { recursive: true, force: true }));
      env = { DATA_DIR: dataDir, DATABASE_URL: '' };
    } else {
      const database = await scratchDatabase('crash');
      cleanups.push(() => database.drop());
      pgUrl = database.url;
      env = { DATABASE_URL: pgUrl };
    }
    env = {
      ...env,
      ADMIN_PASSWORD: ADMIN.password,
      SIGN_IN_ATTEMPTS_PER_MINUTE: '10000',
      SIGN_IN_ATTEMPTS_PER_ADDRESS_PER_MINUTE: '10000',
    };

    let server = await startServerProcess(env);
    let http = httpClient(server.url, WORKERS + 2);
    const world = await setUp(http);
    const allAcknowledged: Acknowledged = { lines: [], chargedCents: 0 };
    const restarts: number[] = [];
    for (let cycle = 0; cycle < CYCLES; cycle++) {
      const current = server;
      const burst = await burstUntilKilled(http, world, () => current.kill9());
      http.close();
      expect(burst.unexpected).toEqual([]);
      allAcknowledged.lines.push(...burst.lines);
      allAcknowledged.chargedCents += burst.chargedCents;
      // Same data, a new process: the database must open and the server become healthy.
      server = await startServerProcess(env);
      restarts.push(Math.round(server.startedInMs));
      http = httpClient(server.url, WORKERS + 2);
      console.log(
        `${engine} cycle ${cycle + 1}: ${burst.requests} requests answered before kill -9, restart ${restarts.at(-1)} ms`,
      );
    }
    // The sessions survived too: a reseller's token still works after the last restart.
    const profile = await call(http, world.resellers[0]!.token, 'GET', '/api/profile');
    expect(profile.status).toBe(200);
    http.close();
    await server.stop();

    const check = async (client: pg.Client | pg.Pool) => {
      const problems = await moneyProblems(client);
      const lines = (await client.query('select id from lines')).rows.map((row: { id: number }) =>
        Number(row.id),
      );
      return { problems, lines: new Set(lines) };
    };
    let result: Awaited<ReturnType<typeof check>>;
    if (engine === 'pglite') {
      result = await withPgliteClient(dataDir, check);
    } else {
      const client = new pg.Client({ connectionString: pgUrl });
      await client.connect();
      try {
        result = await check(client);
      } finally {
        await client.end();
      }
    }
    expect(result.problems.mismatches).toEqual([]);
    expect(result.problems.negativeBalances).toBe(0);
    expect(result.problems.brokenChains).toBe(0);
    expect(cents(result.problems.transferSum)).toBe(0);
    expect(allAcknowledged.lines.filter((id) => !result.lines.has(id))).toEqual([]);
    expect(cents(result.problems.totals.spend)).toBeGreaterThanOrEqual(allAcknowledged.chargedCents);
  });
});
