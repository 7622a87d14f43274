/**
 * Money under fire (torture "money", decision 0019): for 60 s (15 s in CI) dozens of concurrent clients move
 * credits up and down a reseller tree, create and renew lines, add screens and days, while the admin mints,
 * burns and moves subtrees — all through the real server process on PostgreSQL. Afterwards:
 * - every balance equals the sum of its ledger rows, none is negative, every account's ledger is one
 *   unbroken chain (each row starts where the previous one ended), transfers sum to zero;
 * - the credits in the system changed by exactly mints − burns − spends, and those equal, to the cent,
 *   what the clients were told (the `charged` of every paid answer, every admin move that succeeded);
 * - no request answered 5xx and the server logged no error.
 */
import { readFileSync } from 'node:fs';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  adminSession,
  call,
  cents,
  httpClient,
  moneyProblems,
  openSession,
  pick,
  randomInt,
  scaled,
  scratchDatabase,
  startServerProcess,
  type Http,
} from './support';

const SECONDS = Number(process.env.TORTURE_MONEY_SECONDS ?? scaled(60, 15));
const WORKERS = scaled(32, 16);

interface Reseller {
  id: number;
  token: string;
  parent: number;
  children: number[];
}

let database: Awaited<ReturnType<typeof scratchDatabase>>;
let server: Awaited<ReturnType<typeof startServerProcess>>;
let pool: pg.Pool;
let http: Http;

beforeAll(async () => {
  database = await scratchDatabase('money');
  server = await startServerProcess({ DATABASE_URL: database.url, ADMIN_PASSWORD: 'Adm1n@torture' });
  pool = new pg.Pool({ connectionString: database.url, max: 4 });
  http = httpClient(server.url, WORKERS + 4);
});

afterAll(async () => {
  http?.close();
  await server?.stop();
  await pool?.end();
  await database?.drop();
});

describe('money torture', () => {
  it(`keeps every credit accounted for after ${SECONDS} s of concurrent money moves`, async () => {
    const admin = await adminSession(pool);
    const resellers = new Map<number, Reseller>();
    const linesOf = new Map<number, { id: number; system: number }[]>();
    const statuses = new Map<string, number>();
    const unexpected: string[] = [];
    const tally = { mint: 0, burn: 0, spend: 0 };

    const note = (what: string, status: number, json: Record<string, unknown>) => {
      const key = `${what} ${status}`;
      statuses.set(key, (statuses.get(key) ?? 0) + 1);
      if (status >= 500 || ![200, 201, 204, 403, 404, 409, 422].includes(status)) {
        if (unexpected.length < 20) unexpected.push(`${key} ${JSON.stringify(json)}`);
      }
    };

    /** Creates a reseller under `parent` (0: the admin) through the API, with its opening credits. */
    async function createReseller(parent: number, credits: number): Promise<void> {
      const token = parent === 0 ? admin.token : (resellers.get(parent)?.token ?? admin.token);
      const username = `tort${Date.now().toString(36)}${randomInt(36 ** 3).toString(36)}`;
      const created = await call(http, token, 'POST', '/api/resellers', {
        username,
        password: 'Senha@forte9',
        credits,
      });
      if (created.status !== 201) throw new Error(`setup: ${created.status} ${JSON.stringify(created.json)}`);
      if (parent === 0) tally.mint += credits * 100;
      const id = created.json.id as number;
      resellers.set(id, { id, token: await openSession(pool, id), parent, children: [] });
      resellers.get(parent)?.children.push(id);
    }

    // The tree: 5 masters (minted), 3 subs each, 2 below each sub (credits moved down by transfers).
    for (let m = 0; m < 5; m++) await createReseller(0, 5000);
    for (const master of [...resellers.values()].filter((r) => r.parent === 0))
      for (let s = 0; s < 3; s++) await createReseller(master.id, 500);
    for (const sub of [...resellers.values()].filter(
      (r) => r.parent !== 0 && resellers.get(r.parent)?.parent === 0,
    ))
      for (let s = 0; s < 2; s++) await createReseller(sub.id, 100);

    const startLedger = (
      await pool.query<{ id: string }>('select coalesce(max(id), 0)::text as id from credit_ledger')
    ).rows[0]?.id;
    const before = await moneyProblems(pool);
    const all = () => [...resellers.values()];
    /** The reseller and everything below it (as far as this test knows; subtree moves make it stale: 404). */
    const subtree = (id: number): number[] => [id, ...(resellers.get(id)?.children ?? []).flatMap(subtree)];
    const lineIn = (actor: Reseller) => {
      const owners = subtree(actor.id).filter((id) => (linesOf.get(id)?.length ?? 0) > 0);
      if (owners.length === 0) return undefined;
      return pick(linesOf.get(pick(owners)) ?? []);
    };
    const charged = (json: Record<string, unknown>) => {
      if (typeof json.charged === 'string') tally.spend += cents(json.charged);
    };

    const operations: [number, () => Promise<void>][] = [
      [
        15,
        async () => {
          const actor = pick(all());
          const system = pick([1, 1, 2]);
          const answer = await call(http, actor.token, 'POST', '/api/users', {
            system,
            package_id: pick([17, 42, 53]),
            full_name: 'Cliente Tortura',
          });
          note('create', answer.status, answer.json);
          if (answer.status === 201) {
            charged(answer.json);
            const line = answer.json.line as { id: number };
            linesOf.set(actor.id, [...(linesOf.get(actor.id) ?? []), { id: line.id, system }]);
          }
        },
      ],
      [
        30,
        async () => {
          const actor = pick(all());
          const line = lineIn(actor);
          if (!line) return;
          const answer = await call(http, actor.token, 'POST', `/api/users/${line.id}/renew`, { months: 1 });
          note('renew', answer.status, answer.json);
          if (answer.status === 200) charged(answer.json);
        },
      ],
      [
        6,
        async () => {
          const actor = pick(all());
          const line = lineIn(actor);
          if (!line) return;
          const answer = await call(http, actor.token, 'POST', `/api/users/${line.id}/renew-package`, {
            package_id: pick([17, 42, 53, 55]),
          });
          note('renew-package', answer.status, answer.json);
          if (answer.status === 200) charged(answer.json);
        },
      ],
      [
        5,
        async () => {
          const actor = pick(all());
          const line = lineIn(actor);
          if (!line) return;
          const answer = await call(http, actor.token, 'POST', `/api/users/${line.id}/screens`, {
            screens: pick([1, 1, -1]),
          });
          note('screens', answer.status, answer.json);
          if (answer.status === 200) charged(answer.json);
        },
      ],
      [
        4,
        async () => {
          const actor = pick(all());
          const line = lineIn(actor);
          if (!line) return;
          const answer = await call(http, actor.token, 'POST', `/api/users/${line.id}/add-days`, {
            days: 1 + randomInt(3),
          });
          note('add-days', answer.status, answer.json);
          if (answer.status === 200) charged(answer.json);
        },
      ],
      [
        4,
        async () => {
          const actor = pick(all());
          const answer = await call(http, actor.token, 'POST', '/api/users/trial_users', { system: 1 });
          note('trial', answer.status, answer.json);
          if (answer.status === 201) charged(answer.json);
        },
      ],
      [
        15,
        async () => {
          const actor = pick(all().filter((r) => r.children.length > 0));
          const child = pick(actor.children);
          const give = Math.random() < 0.6;
          const value = (10 + randomInt(40)) * (give ? 1 : -1);
          const answer = await call(http, actor.token, 'POST', `/api/resellers/${child}/credits`, { value });
          note(give ? 'give' : 'take', answer.status, answer.json);
        },
      ],
      [
        8,
        async () => {
          const master = pick(all().filter((r) => r.parent === 0));
          const value = (10 + randomInt(90)) * (Math.random() < 0.6 ? 1 : -1);
          const answer = await call(http, admin.token, 'POST', `/api/resellers/${master.id}/credits`, {
            value,
          });
          note(value > 0 ? 'mint' : 'burn', answer.status, answer.json);
          if (answer.status === 200) {
            if (value > 0) tally.mint += value * 100;
            else tally.burn += -value * 100;
          }
        },
      ],
      [
        2,
        async () => {
          // A subtree move while everything else runs: a sub goes to another master.
          const sub = pick(all().filter((r) => r.parent !== 0 && resellers.get(r.parent)?.parent === 0));
          const target = pick(all().filter((r) => r.parent === 0 && r.id !== sub.parent));
          const answer = await call(http, admin.token, 'POST', '/api/resellers/transfer', {
            resellerId: sub.id,
            masterId: target.id,
          });
          note('transfer', answer.status, answer.json);
          if (answer.status === 200) {
            const old = resellers.get(sub.parent);
            if (old) old.children = old.children.filter((id) => id !== sub.id);
            target.children.push(sub.id);
            sub.parent = target.id;
          }
        },
      ],
    ];
    const totalWeight = operations.reduce((sum, [weight]) => sum + weight, 0);
    const randomOperation = () => {
      let roll = randomInt(totalWeight);
      for (const [weight, operation] of operations) {
        if (roll < weight) return operation;
        roll -= weight;
      }
      return operations[0]![1];
    };

    const stopAt = Date.now() + SECONDS * 1000;
    let requests = 0;
    await Promise.all(
      Array.from({ length: WORKERS }, async () => {
        while (Date.now() < stopAt) {
          await randomOperation()();
          requests++;
        }
      }),
    );

    const after = await moneyProblems(pool);
    const run = (
      await pool.query<{ mint: string; burn: string; spend: string; transfers: string }>(
        `select coalesce(sum(amount) filter (where kind = 'mint'), 0)::text as mint,
                coalesce(-sum(amount) filter (where kind = 'burn'), 0)::text as burn,
                coalesce(-sum(amount) filter (where kind = 'spend'), 0)::text as spend,
                count(*) filter (where kind = 'transfer')::text as transfers
         from credit_ledger where id > $1`,
        [startLedger],
      )
    ).rows[0]!;
    const serverErrors = readFileSync(server.logFile, 'utf8')
      .split('\n')
      .filter((line) => /"level":(50|60)/.test(line));
    console.log(
      JSON.stringify(
        {
          seconds: SECONDS,
          workers: WORKERS,
          requests,
          resellers: resellers.size,
          statuses: Object.fromEntries([...statuses].sort()),
          run,
          tally,
          balances: { before: before.totals.balances, after: after.totals.balances },
        },
        null,
        1,
      ),
    );

    expect(unexpected).toEqual([]);
    expect(serverErrors).toEqual([]);
    expect(after.mismatches).toEqual([]);
    expect(after.negativeBalances).toBe(0);
    expect(after.brokenChains).toBe(0);
    expect(cents(after.transferSum)).toBe(0);
    // The credits in the system moved by exactly what the admin minted and burned and the lines consumed…
    expect(cents(after.totals.balances) - cents(before.totals.balances)).toBe(
      cents(run.mint) - cents(run.burn) - cents(run.spend),
    );
    // …and that is, to the cent, what the clients were told.
    expect(cents(run.spend)).toBe(tally.spend);
    expect(cents(run.mint)).toBe(tally.mint - cents(before.totals.mint));
    expect(cents(run.burn)).toBe(tally.burn);
    expect(requests).toBeGreaterThan(SECONDS * 10);
  });
});
