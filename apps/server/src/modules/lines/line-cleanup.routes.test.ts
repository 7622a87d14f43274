import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSession, createSignedInAccount } from '../../../test/factories';
import {
  callApi,
  daysFromNow,
  lineRow,
  outboxOfLine,
  seedLine,
  type Method,
} from '../../../test/line-fixtures';
import { startTestApp, type TestApp } from '../../../test/test-app';
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { logs } from '../../db/schema/index';

let testApp: TestApp;
let db: Database;

beforeAll(async () => {
  testApp = await startTestApp();
  db = testApp.app.database.db;
});
afterAll(() => testApp.close());

const call = (token: string | undefined, method: Method, url: string, payload?: unknown) =>
  callApi(testApp.app, token, method, url, payload);

async function exists(id: number): Promise<boolean> {
  return (await lineRow(db, id)) !== undefined;
}

describe('DELETE /api/users/cleanup/expired-trials', () => {
  it('removes the expired trials of the caller’s subtree only', async () => {
    const master = await createSignedInAccount(testApp.app);
    const sub = await createSignedInAccount(testApp.app, { parent: master.account });
    const other = await createSignedInAccount(testApp.app);
    const expiredTrial = await seedLine(testApp.app, master.account, {
      isTrial: 1,
      expDate: daysFromNow(-0.1),
      system: 2,
    });
    const subExpiredTrial = await seedLine(testApp.app, sub.account, {
      isTrial: 1,
      expDate: daysFromNow(-2),
    });
    const runningTrial = await seedLine(testApp.app, master.account, {
      isTrial: 1,
      expDate: daysFromNow(0.1),
    });
    const expiredNormal = await seedLine(testApp.app, master.account, { expDate: daysFromNow(-40) });
    const otherTrial = await seedLine(testApp.app, other.account, { isTrial: 1, expDate: daysFromNow(-2) });

    const response = await call(master.token, 'DELETE', '/api/users/cleanup/expired-trials');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ deleted_count: 2, message: '2 usuários removidos com sucesso.' });
    expect(await exists(expiredTrial.id)).toBe(false);
    expect(await exists(subExpiredTrial.id)).toBe(false);
    for (const kept of [runningTrial, expiredNormal, otherTrial]) expect(await exists(kept.id)).toBe(true);
    expect(await outboxOfLine(db, expiredTrial.id)).toEqual([{ event: 'deleted', system: 2 }]);
    const [log] = await db.select().from(logs).where(eq(logs.actorId, master.account.id));
    expect(log).toMatchObject({ action: 'cleanup', type: 'test_users', valueInt: 2 });

    const again = await call(master.token, 'DELETE', '/api/users/cleanup/expired-trials');
    expect(again.json()).toEqual({ deleted_count: 0, message: 'Nenhum usuário para remover.' });
  });
});

describe('DELETE /api/users/cleanup/expired-users', () => {
  it('removes lines expired more than N days ago (3, 10 or 30)', async () => {
    const { account, token } = await createSignedInAccount(testApp.app);
    const old = await seedLine(testApp.app, account, { expDate: daysFromNow(-11) });
    const oldTrial = await seedLine(testApp.app, account, { isTrial: 1, expDate: daysFromNow(-12) });
    const recent = await seedLine(testApp.app, account, { expDate: daysFromNow(-5) });
    const running = await seedLine(testApp.app, account);
    const response = await call(token, 'DELETE', '/api/users/cleanup/expired-users', { days: 10 });
    expect(response.json()).toEqual({ deleted_count: 2, message: '2 usuários removidos com sucesso.' });
    expect(await exists(old.id)).toBe(false);
    expect(await exists(oldTrial.id)).toBe(false);
    expect(await exists(recent.id)).toBe(true);
    expect(await exists(running.id)).toBe(true);
    const three = await call(token, 'DELETE', '/api/users/cleanup/expired-users', { days: 3 });
    expect(three.json()).toEqual({ deleted_count: 1, message: '1 usuário removido com sucesso.' });
  });

  it('accepts only 3, 10 or 30 days', async () => {
    const { token } = await createSignedInAccount(testApp.app);
    for (const body of [{ days: 7 }, {}, { days: '10' }]) {
      const response = await call(token, 'DELETE', '/api/users/cleanup/expired-users', body);
      expect(response.json()).toMatchObject({ status: 400, message: 'Período inválido' });
    }
  });

  it('lets an admin clean everything; publishers may not', async () => {
    const { account } = await createSignedInAccount(testApp.app);
    const old = await seedLine(testApp.app, account, { expDate: daysFromNow(-31) });
    const publisher = await createSignedInAccount(testApp.app, { role: 'publisher' });
    expect(
      (await call(publisher.token, 'DELETE', '/api/users/cleanup/expired-users', { days: 30 })).statusCode,
    ).toBe(403);
    const adminToken = await createSession(testApp.app, 1);
    const response = await call(adminToken, 'DELETE', '/api/users/cleanup/expired-users', { days: 30 });
    expect(response.json().deleted_count).toBeGreaterThanOrEqual(1);
    expect(await exists(old.id)).toBe(false);
  });
});
