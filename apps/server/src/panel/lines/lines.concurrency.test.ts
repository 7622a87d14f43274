import { addPanelMonths } from '@panel/shared/lines/panel-calendar';
import { sql } from 'drizzle-orm';
import { executeRows } from '../../db/execute-rows';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLine, createSession, createSignedInAccount } from '../../../test/factories';
import { findLedgerMismatches } from '../../../test/ledger-invariant';
import { apiOf, type CallerApi } from '../../../test/api';
import { balanceOf, lineRow } from '../../../test/reads';
import { startTestApp, type TestApp } from '../../../test/test-app';
import { lockAccountTree } from '../accounts/account-tree-lock';
import { expSeconds } from './line-view';

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
const as = apiOf(() => testApp.app);

async function waitUntil(condition: () => Promise<boolean>): Promise<void> {
  for (let attempt = 0; !(await condition()); attempt++) {
    if (attempt > 200) throw new Error('condition not reached in 10 s');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('lines under concurrency', () => {
  it.runIf(onPostgres)(
    '30 simultaneous renewals with credits for 10: exactly 10 succeed, each adds one month',
    async () => {
      const { app } = testApp;
      const db = app.database.db;
      const { account, token } = await createSignedInAccount(app, { credits: '10' });
      const line = await createLine(app, account);
      const responses = await Promise.all(
        Array.from({ length: 30 }, () => as(token).post(`/api/users/${line.id}/renew`, { months: 1 })),
      );
      const statuses = responses.map((response) => response.statusCode);
      expect(statuses.filter((status) => status === 200)).toHaveLength(10);
      expect(statuses.filter((status) => status === 409)).toHaveLength(20);
      expect(await balanceOf(db, account.id)).toBe('0.00');
      let expected = expSeconds(line);
      for (let month = 0; month < 10; month++) expected = addPanelMonths(expected, 1);
      expect(expSeconds((await lineRow(db, line.id))!)).toBe(expected);
      expect(await findLedgerMismatches(db)).toEqual([]);
    },
  );

  it.runIf(onPostgres)('20 simultaneous creations of one username: one line, nineteen 409s', async () => {
    const { app } = testApp;
    const { account, token } = await createSignedInAccount(app, { credits: '50' });
    const responses = await Promise.all(
      Array.from({ length: 20 }, () =>
        as(token).post('/api/users', {
          username: 'disputado1',
          password: 'senha@forte9',
          package_id: 17,
        }),
      ),
    );
    const statuses = responses.map((response) => response.statusCode);
    expect(statuses.filter((status) => status === 201)).toHaveLength(1);
    expect(statuses.filter((status) => status === 409)).toHaveLength(19);
    for (const refused of responses.filter((response) => response.statusCode === 409)) {
      expect(refused.json()).toMatchObject({ field: 'username' });
    }
    expect(await balanceOf(app.database.db, account.id)).toBe('49.00');
  });

  it.runIf(onPostgres)(
    'a transfer during line creations leaves every line under its owner’s path',
    async () => {
      const { app } = testApp;
      const db = app.database.db;
      const adminToken = await createSession(app, 1);
      const oldMaster = await createSignedInAccount(app);
      const newMaster = await createSignedInAccount(app);
      const moving = await createSignedInAccount(app, { credits: '100', parent: oldMaster.account });
      const creations = Array.from({ length: 20 }, () =>
        as(moving.token).post('/api/users', { package_id: 17 }),
      );
      const transfer = as(adminToken).post('/api/resellers/transfer', {
        resellerId: moving.account.id,
        masterId: newMaster.account.id,
      });
      const [moved, ...created] = await Promise.all([transfer, ...creations]);
      expect(moved?.statusCode).toBe(200);
      expect(created.map((response) => response.statusCode)).toEqual(created.map(() => 201));
      const owner = await as(adminToken).get(`/api/resellers/${moving.account.id}`);
      expect(owner.json().master_id).toBe(newMaster.account.id);
      // Whether a creation ran before or after the move, its line ends under the owner's new path.
      for (const response of created) {
        const row = await lineRow(db, response.json().line.id as number);
        expect(row?.ownerPath).toBe(`${newMaster.account.path}${moving.account.id}/`);
      }
    },
  );
  it.runIf(onPostgres)(
    'a renewal that meets a reshape waits for it without holding the line: no deadlock, no 500',
    async () => {
      const { app } = testApp;
      const db = app.database.db;
      const { account, token } = await createSignedInAccount(app, { credits: '10' });
      const line = await createLine(app, account);
      let renewal: ReturnType<CallerApi['post']> | undefined;
      // What a transfer does: the tree lock first, then the lines of the moving subtree. No retry here
      // (db.transaction, not runInTransaction): a renewal holding the line while it waits fails NOWAIT.
      await db.transaction(async (tx) => {
        await lockAccountTree(tx, 'reshape');
        renewal = as(token).post(`/api/users/${line.id}/renew`, { months: 1 });
        await waitUntil(async () => {
          const waiting = await executeRows(
            db,
            sql`select 1 from pg_locks where locktype = 'advisory' and not granted`,
          );
          return waiting.length > 0;
        });
        await tx.execute(sql`select id from lines where id = ${line.id} for update nowait`);
        await tx.execute(sql`update lines set owner_path = owner_path where id = ${line.id}`);
      });
      const response = await renewal!;
      expect(response.statusCode).toBe(200);
      expect(expSeconds((await lineRow(db, line.id))!)).toBe(addPanelMonths(expSeconds(line), 1));
      expect(await balanceOf(db, account.id)).toBe('9.00');
    },
  );

  it.runIf(onPostgres)(
    'imports and renewals at once never overspend: each import is whole or nothing',
    async () => {
      const { app } = testApp;
      const db = app.database.db;
      const { account, token } = await createSignedInAccount(app, { credits: '5' });
      const line = await createLine(app, account);
      // Three files of three lines at 1,00 each (package 17) and three renewals of 1,00: credits for 5.
      const files = [0, 1, 2].map(
        (file) =>
          `usuario;senha;pacote\r\n${[0, 1, 2].map((row) => `corrida${file}x${row};senha@x${row}z;17`).join('\r\n')}`,
      );
      const imports = files.map((csv) =>
        app.inject({
          method: 'POST',
          url: '/api/users/import?expected_total=3.00&expected_lines=3',
          headers: { authorization: `Bearer ${token}`, 'content-type': 'text/csv' },
          payload: csv,
        }),
      );
      const renewals = [0, 1, 2].map(() => as(token).post(`/api/users/${line.id}/renew`, { months: 1 }));
      const responses = await Promise.all([...imports, ...renewals]);
      const imported = responses.slice(0, 3).filter((response) => response.statusCode === 200);
      const renewed = responses.slice(3).filter((response) => response.statusCode === 200);
      expect(responses.every((response) => [200, 409].includes(response.statusCode))).toBe(true);
      expect(imported.length * 3 + renewed.length).toBeLessThanOrEqual(5);
      const created = await executeRows(
        db,
        sql`select count(*)::int as n from lines where username like 'corrida%'`,
      );
      expect(created[0]).toEqual({ n: imported.length * 3 });
      const spent = imported.length * 3 + renewed.length;
      expect(await balanceOf(db, account.id)).toBe(`${5 - spent}.00`);
      expect(await findLedgerMismatches(db)).toEqual([]);
    },
  );
});
