import { toCents } from '@panel/shared/money/credits';
import { count, eq, inArray, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer } from '../../../test/api';
import { createAccount, createSession, createSignedInAccount } from '../../../test/factories';
import { findLedgerMismatches } from '../../../test/ledger-invariant';
import { startTestApp, type TestApp } from '../../../test/test-app';
import { accounts, creditLedger, logs } from '../../db/schema';

/**
 * Real concurrency needs real connections: PGlite runs one statement at a time, so this file only runs
 * against PostgreSQL (TEST_DATABASE_URL, see `npm run test:pg`).
 */
const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

let testApp: TestApp;
beforeAll(async () => {
  if (onPostgres) testApp = await startTestApp();
});
afterAll(async () => {
  if (onPostgres) await testApp.close();
});

describe('credit moves under concurrency', () => {
  it.runIf(onPostgres)(
    '200 simultaneous moves of 10 from a master whose balance covers 100: exactly 100 succeed',
    async () => {
      const { app } = testApp;
      const db = app.database.db;
      const { account: master, token } = await createSignedInAccount(app, { credits: '1000' });
      const subs = await Promise.all(
        Array.from({ length: 4 }, () => createAccount(app, { parent: master, credits: '0' })),
      );

      const responses = await Promise.all(
        Array.from({ length: 200 }, (_, i) =>
          app.inject({
            method: 'POST',
            url: `/api/resellers/${subs[i % subs.length]!.id}/credits`,
            headers: bearer(token),
            payload: { value: 10 },
          }),
        ),
      );

      const statuses = responses.map((response) => response.statusCode);
      expect(statuses.filter((status) => status === 200)).toHaveLength(100);
      expect(statuses.filter((status) => status === 409)).toHaveLength(100);
      for (const refused of responses.filter((response) => response.statusCode === 409)) {
        expect(refused.json()).toMatchObject({
          code: 'insufficient_credits',
          message: 'Créditos insuficientes.',
        });
      }
      const [after] = await db.select().from(accounts).where(eq(accounts.id, master.id));
      expect(after?.credits).toBe('0.00');
      const received = await Promise.all(
        subs.map(
          async (sub) => (await db.select().from(accounts).where(eq(accounts.id, sub.id)))[0]?.credits,
        ),
      );
      expect(received.reduce((sum, credits) => sum + Number.parseInt(credits ?? '0', 10), 0)).toBe(1000);
      const [masterRows] = await db
        .select({ value: count() })
        .from(creditLedger)
        .where(eq(creditLedger.accountId, master.id));
      expect(masterRows?.value).toBe(101);
      const [logRows] = await db.select({ value: count() }).from(logs).where(eq(logs.actorId, master.id));
      expect(logRows?.value).toBe(100);
      expect(await findLedgerMismatches(db)).toEqual([]);
    },
    60_000,
  );

  it.runIf(onPostgres)(
    'moves in both directions at once never deadlock, never fail with a 500, and conserve every credit',
    async () => {
      const { app } = testApp;
      const db = app.database.db;
      const { account: master, token } = await createSignedInAccount(app, { credits: '500' });
      const subs = await Promise.all(
        Array.from({ length: 4 }, () => createAccount(app, { parent: master, credits: '100' })),
      );
      const responses = await Promise.all(
        Array.from({ length: 200 }, (_, i) =>
          app.inject({
            method: 'POST',
            url: `/api/resellers/${subs[i % subs.length]!.id}/credits`,
            headers: bearer(token),
            payload: { value: i % 3 === 0 ? -10 : 10 },
          }),
        ),
      );
      expect(responses.filter((response) => ![200, 409].includes(response.statusCode))).toEqual([]);
      const balances = await db
        .select({ credits: accounts.credits })
        .from(accounts)
        .where(inArray(accounts.id, [master.id, ...subs.map((sub) => sub.id)]));
      expect(balances.reduce((sum, row) => sum + toCents(row.credits), 0)).toBe(90_000);
      expect(await findLedgerMismatches(db)).toEqual([]);
    },
    60_000,
  );

  it.runIf(onPostgres)(
    'creations under a master while it is transferred all end up with paths that match their parents',
    async () => {
      const { app } = testApp;
      const db = app.database.db;
      const { account: master, token } = await createSignedInAccount(app, { credits: '1000' });
      const other = await createAccount(app, { credits: '0' });
      const adminToken = await createSession(app, 1);
      const creations = Array.from({ length: 20 }, (_, i) =>
        app.inject({
          method: 'POST',
          url: '/api/resellers',
          headers: bearer(token),
          payload: { username: `corrida${master.id}x${i}`, password: 'senha@19', credits: 10 },
        }),
      );
      const transfers = [other.id, 1, other.id].map((masterId) =>
        app.inject({
          method: 'POST',
          url: '/api/resellers/transfer',
          headers: bearer(adminToken),
          payload: { resellerId: master.id, masterId },
        }),
      );
      const responses = await Promise.all([...creations, ...transfers]);
      expect(responses.map((response) => response.statusCode).filter((status) => status >= 300)).toEqual([]);
      const parent = alias(accounts, 'parent');
      const broken = await db
        .select({ id: accounts.id, path: accounts.path, parentPath: parent.path })
        .from(accounts)
        .innerJoin(parent, eq(parent.id, accounts.parentId))
        .where(sql`${accounts.path} <> ${parent.path} || ${accounts.id}::text || '/'`);
      expect(broken).toEqual([]);
    },
    60_000,
  );
});
