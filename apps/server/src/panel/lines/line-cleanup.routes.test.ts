import { describe, expect, it } from 'vitest';
import { createSignedInAccount, createLine, daysFromNow } from '../../../test/factories';
import { lineRow, outboxOfLine } from '../../../test/reads';
import { useTestApp } from '../../../test/test-app';
import { eq } from 'drizzle-orm';
import { logs } from '../../db/schema';

const t = useTestApp();

async function exists(id: number): Promise<boolean> {
  return (await lineRow(t.db, id)) !== undefined;
}

describe('DELETE /api/users/cleanup/expired-trials', () => {
  it('removes the expired trials of the caller’s subtree only', async () => {
    const master = await createSignedInAccount(t.app);
    const sub = await createSignedInAccount(t.app, { parent: master.account });
    const other = await createSignedInAccount(t.app);
    const expiredTrial = await createLine(t.app, master.account, {
      isTrial: 1,
      expDate: daysFromNow(-0.1),
      system: 2,
    });
    const subExpiredTrial = await createLine(t.app, sub.account, {
      isTrial: 1,
      expDate: daysFromNow(-2),
    });
    const runningTrial = await createLine(t.app, master.account, {
      isTrial: 1,
      expDate: daysFromNow(0.1),
    });
    const expiredNormal = await createLine(t.app, master.account, { expDate: daysFromNow(-40) });
    const otherTrial = await createLine(t.app, other.account, { isTrial: 1, expDate: daysFromNow(-2) });

    const response = await t.as(master.token).delete('/api/users/cleanup/expired-trials');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ deleted_count: 2, message: '2 usuários removidos com sucesso.' });
    expect(await exists(expiredTrial.id)).toBe(false);
    expect(await exists(subExpiredTrial.id)).toBe(false);
    for (const kept of [runningTrial, expiredNormal, otherTrial]) expect(await exists(kept.id)).toBe(true);
    expect(await outboxOfLine(t.db, expiredTrial.id)).toEqual([{ event: 'deleted', system: 2 }]);
    const [log] = await t.db.select().from(logs).where(eq(logs.actorId, master.account.id));
    expect(log).toMatchObject({ action: 'cleanup', type: 'test_users', valueInt: 2 });

    const again = await t.as(master.token).delete('/api/users/cleanup/expired-trials');
    expect(again.json()).toEqual({ deleted_count: 0, message: 'Nenhum usuário para remover.' });
  });
});

describe('DELETE /api/users/cleanup/expired-users', () => {
  it('removes lines expired more than N days ago (3, 10 or 30)', async () => {
    const { account, token } = await createSignedInAccount(t.app);
    const old = await createLine(t.app, account, { expDate: daysFromNow(-11) });
    const oldTrial = await createLine(t.app, account, { isTrial: 1, expDate: daysFromNow(-12) });
    const recent = await createLine(t.app, account, { expDate: daysFromNow(-5) });
    const running = await createLine(t.app, account);
    const response = await t.as(token).delete('/api/users/cleanup/expired-users', { days: 10 });
    expect(response.json()).toEqual({ deleted_count: 2, message: '2 usuários removidos com sucesso.' });
    expect(await exists(old.id)).toBe(false);
    expect(await exists(oldTrial.id)).toBe(false);
    expect(await exists(recent.id)).toBe(true);
    expect(await exists(running.id)).toBe(true);
    const three = await t.as(token).delete('/api/users/cleanup/expired-users', { days: 3 });
    expect(three.json()).toEqual({ deleted_count: 1, message: '1 usuário removido com sucesso.' });
  });

  it('accepts only 3, 10 or 30 days', async () => {
    const { token } = await createSignedInAccount(t.app);
    for (const body of [{ days: 7 }, {}, { days: '10' }]) {
      const response = await t.as(token).delete('/api/users/cleanup/expired-users', body);
      expect(response.json()).toMatchObject({ status: 400, message: 'Período inválido' });
    }
  });

  it('lets an admin clean everything; publishers may not', async () => {
    const { account } = await createSignedInAccount(t.app);
    const old = await createLine(t.app, account, { expDate: daysFromNow(-31) });
    const publisher = await createSignedInAccount(t.app, { role: 'publisher' });
    expect(
      (await t.as(publisher.token).delete('/api/users/cleanup/expired-users', { days: 30 })).statusCode,
    ).toBe(403);
    const response = await t.as(t.adminToken).delete('/api/users/cleanup/expired-users', { days: 30 });
    expect(response.json().deleted_count).toBeGreaterThanOrEqual(1);
    expect(await exists(old.id)).toBe(false);
  });
});
