import { describe, expect, it } from 'vitest';
import { createSignedInAccount, createLine, daysFromNow } from '../../../test/factories';
import { useTestApp } from '../../../test/test-app';
import { eq } from 'drizzle-orm';
import { lines } from '../../db/schema/index';

const t = useTestApp();

describe('GET /api/dashboard/stats', () => {
  it('counts resellers and lines of the caller’s subtree only', async () => {
    const master = await createSignedInAccount(t.app);
    const sub = await createSignedInAccount(t.app, { parent: master.account });
    await createSignedInAccount(t.app, { parent: sub.account });
    await createSignedInAccount(t.app, { role: 'publisher', parent: master.account });
    const other = await createSignedInAccount(t.app);
    await createLine(t.app, master.account);
    await createLine(t.app, sub.account, { enabled: 0 });
    await createLine(t.app, sub.account, { expDate: daysFromNow(-1) });
    const old = await createLine(t.app, master.account);
    await t.app.database.db
      .update(lines)
      .set({ createdAt: daysFromNow(-8) })
      .where(eq(lines.id, old.id));
    await createLine(t.app, other.account);

    const response = await t.as(master.token).get('/api/dashboard/stats');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ resellers: 2, users: 4, users_active: 2, users_new: 3 });
    expect((await t.as(sub.token).get('/api/dashboard/stats')).json()).toEqual({
      resellers: 1,
      users: 2,
      users_active: 0,
      users_new: 2,
    });
    const admin = (await t.as(t.adminToken).get('/api/dashboard/stats')).json();
    expect(admin.users).toBeGreaterThanOrEqual(5);
    expect(admin.resellers).toBeGreaterThanOrEqual(4);
  });

  it('opens for publishers too (nothing below them)', async () => {
    const publisher = await createSignedInAccount(t.app, { role: 'publisher' });
    expect((await t.as(publisher.token).get('/api/dashboard/stats')).json()).toEqual({
      resellers: 0,
      users: 0,
      users_active: 0,
      users_new: 0,
    });
    expect((await t.as(undefined).get('/api/dashboard/stats')).statusCode).toBe(401);
  });
});

describe('GET /api/dashboard/expiring', () => {
  it('lists 5 lines of the subtree expiring within 7 days, soonest first, never expired ones', async () => {
    const master = await createSignedInAccount(t.app);
    const sub = await createSignedInAccount(t.app, { parent: master.account });
    const other = await createSignedInAccount(t.app);
    await createLine(t.app, master.account, { expDate: daysFromNow(-0.5) });
    await createLine(t.app, master.account, { expDate: daysFromNow(8) });
    await createLine(t.app, other.account, { expDate: daysFromNow(0.1) });
    const soon = [];
    for (const days of [6, 0.2, 3, 1, 5, 2]) {
      soon.push(
        await createLine(t.app, days === 3 ? sub.account : master.account, {
          expDate: daysFromNow(days),
        }),
      );
    }
    const response = await t.as(master.token).get('/api/dashboard/expiring');
    expect(response.statusCode).toBe(200);
    const ids = response.json().data.map((line: { id: number }) => line.id);
    const byExpiry = [...soon].sort((a, b) => a.expDate.getTime() - b.expDate.getTime()).slice(0, 5);
    expect(ids).toEqual(byExpiry.map((line) => line.id));
    expect(response.json().data[0]).toMatchObject({ master_username: master.account.username });

    const empty = await createSignedInAccount(t.app);
    expect((await t.as(empty.token).get('/api/dashboard/expiring')).json()).toEqual({ data: [] });
  });

  it('leaves trials out: 4-hour trials never hide paying customers who expire tomorrow', async () => {
    const { account, token } = await createSignedInAccount(t.app);
    for (let index = 0; index < 6; index++) {
      await createLine(t.app, account, { isTrial: 1, packageId: 61, expDate: daysFromNow(0.1) });
    }
    const tomorrow = await createLine(t.app, account, { expDate: daysFromNow(1) });
    const response = await t.as(token).get('/api/dashboard/expiring');
    expect(
      response.json().data.map((line: { id: number; is_trial: number }) => [line.id, line.is_trial]),
    ).toEqual([[tomorrow.id, 0]]);
  });
});
