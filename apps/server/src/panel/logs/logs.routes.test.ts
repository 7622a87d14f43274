import { LOG_ACTION_LABELS, LOG_TYPE_LABELS } from '@panel/shared/logs/log-codes';
import { LOG_MESSAGES } from '@panel/shared/logs/log-schemas';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer } from '../../../test/api';
import { createSession, createSignedInAccount, createLine } from '../../../test/factories';
import { startTestApp, type TestApp } from '../../../test/test-app';
import type { Database } from '../../db/database';
import { logs } from '../../db/schema';
import type { LogEntry } from '@panel/shared/logs/log-schemas';
import { defaultLogPeriod } from './logs.service';

let testApp: TestApp;
let db: Database;
let adminToken: string;
const ADMIN_ID = 1;

beforeAll(async () => {
  testApp = await startTestApp();
  db = testApp.app.database.db;
  adminToken = await createSession(testApp.app, ADMIN_ID);
});
afterAll(() => testApp.close());

function get(token: string, url: string) {
  return testApp.app.inject({ method: 'GET', url, headers: bearer(token) });
}
function post(token: string, url: string, payload: object = {}) {
  return testApp.app.inject({ method: 'POST', url, headers: bearer(token), payload });
}

/** A small world with one of each logged action: master gives, takes back, creates, blocks, unblocks. */
async function buildHistory() {
  const master = await createSignedInAccount(testApp.app, { credits: '100' });
  const sub = await createSignedInAccount(testApp.app, { credits: '20', parent: master.account });
  const other = await createSignedInAccount(testApp.app, { credits: '50' });
  await post(master.token, `/api/resellers/${sub.account.id}/credits`, { value: 10 });
  await post(master.token, `/api/resellers/${sub.account.id}/credits`, { value: -10 });
  const created = (
    await post(sub.token, '/api/resellers', {
      username: `neto${sub.account.id}x`,
      password: 'senha@19',
      credits: 10,
    })
  ).json();
  await post(master.token, `/api/resellers/${sub.account.id}/block`);
  await post(master.token, `/api/resellers/${sub.account.id}/unblock`);
  await post(adminToken, `/api/resellers/${other.account.id}/credits`, { value: 10 });
  return { master, sub, other, created: created as { id: number; username: string } };
}

type Row = { action: string; type: string; reseller: string; target: string | null };

describe('GET /api/logs', () => {
  it('writes one row per action with both sides’ credits, in the shape the panel reads', async () => {
    const { master, sub } = await buildHistory();
    const response = await get(
      master.token,
      `/api/logs?target=${sub.account.username}&order_by=created_at,asc&per=50`,
    );
    expect(response.statusCode).toBe(200);
    const rows = response.json().data;
    expect(rows.map((row: Row) => row.action)).toEqual(['add', 'remove', 'block', 'unblock']);
    expect(rows[0]).toEqual({
      id: expect.any(Number),
      created_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
      action: 'add',
      type: 'credits',
      value: '10.00',
      value_int: 10,
      reseller_id: master.account.id,
      reseller: master.account.username,
      master_id: ADMIN_ID,
      master: 'admin',
      target_id: sub.account.id,
      target: sub.account.username,
      line_id: null,
      user: null,
      reseller_credits_before: '100.00',
      reseller_credits_after: '90.00',
      target_credits_before: '20.00',
      target_credits_after: '30.00',
      details: null,
      api_token: null,
    });
    // Taking credits back is a debit of the target: it reads negative.
    expect(rows[1]).toMatchObject({
      action: 'remove',
      value: '-10.00',
      value_int: -10,
      target_credits_before: '30.00',
      target_credits_after: '20.00',
    });
    const created = (await get(master.token, `/api/logs?reseller=${sub.account.username}`)).json().data;
    expect(created).toEqual([
      expect.objectContaining({
        action: 'created',
        reseller: sub.account.username,
        master: master.account.username,
        value: '10.00',
      }),
    ]);
  });

  it('shows a reseller only logs whose actor or target is in its subtree; an admin sees all', async () => {
    const { master, sub, other } = await buildHistory();
    const involved = (rows: Row[]) => rows.flatMap((row) => [row.reseller, row.target]);
    const masterView: Row[] = (await get(master.token, '/api/logs?per=100')).json().data;
    expect(masterView.length).toBeGreaterThanOrEqual(5);
    expect(involved(masterView)).not.toContain(other.account.username);
    // Blocking ended the sub-reseller's session; it signs in again after the unblock.
    const subToken = await createSession(testApp.app, sub.account.id);
    const subView: Row[] = (await get(subToken, '/api/logs?per=100')).json().data;
    expect(involved(subView)).not.toContain(other.account.username);
    const fromMaster = subView.find(
      (row) => row.action === 'add' && row.reseller === master.account.username,
    );
    expect(fromMaster).toMatchObject({
      master: null,
      reseller_credits_before: null,
      reseller_credits_after: null,
      target_credits_before: '20.00',
      target_credits_after: '30.00',
    });
    expect(subView.length).toBeGreaterThanOrEqual(5);
    const otherView: Row[] = (await get(other.token, '/api/logs?per=100')).json().data;
    expect(otherView.map((row) => [row.action, row.target])).toEqual([['add', other.account.username]]);
    const adminView: Row[] = (await get(adminToken, '/api/logs?per=100')).json().data;
    expect(involved(adminView)).toEqual(
      expect.arrayContaining([master.account.username, other.account.username]),
    );
  });

  it('filters the /resellers/logs way: actions add, remove, created and types credits, resellers', async () => {
    const { master, sub } = await buildHistory();
    const resellerLogs = (reseller: string) =>
      get(
        master.token,
        `/api/logs?actions=add,remove,created&types=credits,resellers&reseller=${reseller}&per=50&order_by=created_at,asc`,
      );
    // 'Revendedor' is who acted: filtering the sub-reseller never lists what its master did to it.
    const bySub: Row[] = (await resellerLogs(sub.account.username)).json().data;
    expect(bySub.map((row) => [row.action, row.reseller])).toEqual([['created', sub.account.username]]);
    const byMaster: Row[] = (await resellerLogs(master.account.username)).json().data;
    expect(byMaster.map((row) => [row.action, row.reseller, row.target])).toEqual([
      ['add', master.account.username, sub.account.username],
      ['remove', master.account.username, sub.account.username],
    ]);
    const byTarget = await get(
      master.token,
      `/api/logs?target=${sub.account.username}&actions=block,unblock`,
    );
    expect(byTarget.json().meta.total).toBe(2);
    const byType: Row[] = (
      await get(master.token, `/api/logs?types=credits&reseller=${master.account.username}`)
    ).json().data;
    expect(byType.map((row) => row.type)).toEqual(['credits', 'credits']);
    expect((await get(master.token, '/api/logs?user=ninguem1')).json().data).toEqual([]);
  });

  it('filters by period: default last 6 months; dates=from,to covers whole days', async () => {
    const { master } = await buildHistory();
    const today = new Date().toISOString().slice(0, 10);
    const within = await get(master.token, `/api/logs?dates=${today},${today}`);
    expect(within.json().meta.total).toBeGreaterThan(0);
    const past = await get(master.token, '/api/logs?dates=2020-01-01,2020-12-31');
    expect(past.json()).toEqual({ data: [], meta: { page: 1, pages: 1, per: 10, total: 0 } });
    const period = defaultLogPeriod(new Date('2026-08-31T15:00:00Z'));
    expect(period.from.toISOString()).toBe('2026-03-03T00:00:00.000Z');
    expect(period.to.toISOString()).toBe('2026-09-01T00:00:00.000Z');
  });

  it('sorts by value and pages', async () => {
    const { master } = await buildHistory();
    const response = await get(master.token, '/api/logs?order_by=value,desc&per=2&page=1');
    expect(response.json().meta).toMatchObject({ per: 2, page: 1 });
    expect(response.json().data[0].value).toBe('10.00');
  });

  it.each([
    ['dates=2026-01-01', 'dates', LOG_MESSAGES.invalidPeriod],
    ['dates=2026-02-01,2026-01-01', 'dates', LOG_MESSAGES.periodOrder],
    // Outside the years PostgreSQL and toISOString agree on: these once answered 500.
    ['dates=2020-01-01,9999-12-31', 'dates', LOG_MESSAGES.invalidPeriod],
    ['dates=0000-01-01,2020-01-01', 'dates', LOG_MESSAGES.invalidPeriod],
    ['dates=1969-12-31,2020-01-01', 'dates', LOG_MESSAGES.invalidPeriod],
    ['dates=2020-01-01T00:00:00Z,+275760-09-13T00:00:00Z', 'dates', LOG_MESSAGES.invalidPeriod],
    ['actions=add,roubar', 'actions', LOG_MESSAGES.invalidAction],
    ['types=dinheiro', 'types', LOG_MESSAGES.invalidType],
  ])('refuses %s with its message', async (query, field, message) => {
    const response = await get(adminToken, `/api/logs?${query}`);
    expect(response.json()).toEqual({ status: 400, code: 'validation_failed', message, field });
  });

  it('lets a publisher read its own (empty) logs', async () => {
    const { token } = await createSignedInAccount(testApp.app, { role: 'publisher' });
    expect((await get(token, '/api/logs')).json().meta.total).toBe(0);
  });

  it('is append-only in the database', async () => {
    await buildHistory();
    await expect(db.execute(sql`update logs set value = 1`)).rejects.toThrow();
    await expect(db.delete(logs).where(eq(logs.action, 'add'))).rejects.toThrow();
  });
});

describe('signs of the movements (decision 0026)', () => {
  const movements = async (token: string, query: string) =>
    ((await get(token, `/api/logs?per=50&order_by=created_at,asc&${query}`)).json().data as LogEntry[]).map(
      (row) => [row.action, row.value],
    );

  it('reads a spend and a deletion as debits, credits given as credits, each with its own code', async () => {
    const master = await createSignedInAccount(testApp.app, { credits: '375' });
    const sub = await createSignedInAccount(testApp.app, { credits: '0', parent: master.account });
    await post(adminToken, `/api/resellers/${master.account.id}/credits`, { value: 10 });
    await post(master.token, `/api/resellers/${sub.account.id}/credits`, { value: 20 });
    // The master pays for renewing its sub-reseller's 3-screen line.
    const line = await createLine(testApp.app, sub.account, { maxConnections: 3 });
    await post(master.token, `/api/users/${line.id}/renew`, { months: 1 });
    const p2p = await createLine(testApp.app, master.account, { system: 2 });
    await post(master.token, `/api/users/${p2p.id}/add-days`, { days: 1 });
    await post(master.token, `/api/users/${line.id}/set-expiry-time`);
    expect(
      (
        await testApp.app.inject({
          method: 'DELETE',
          url: `/api/resellers/${sub.account.id}`,
          headers: bearer(adminToken),
        })
      ).statusCode,
    ).toBe(204);

    expect(await movements(adminToken, `reseller=${master.account.username}`)).toEqual([
      ['add', '20.00'],
      ['renewed', '-3.00'],
      ['add_days', '-0.04'],
      ['expiry_2359', null],
    ]);
    expect(await movements(adminToken, `target=${master.account.username}&actions=add`)).toEqual([
      ['add', '10.00'],
    ]);
    expect(await movements(adminToken, `target=${sub.account.username}&actions=delete`)).toEqual([
      ['delete', '-20.00'],
    ]);
    const [spend] = (await get(master.token, `/api/logs?user=${line.username}&actions=renewed`)).json().data;
    expect(spend).toMatchObject({ reseller_credits_before: '365.00', reseller_credits_after: '362.00' });
    // Stored signed, not only shown so.
    const stored = await db
      .select({ action: logs.action, value: logs.value })
      .from(logs)
      .where(eq(logs.lineId, line.id));
    expect(stored).toEqual(
      expect.arrayContaining([
        { action: 'renewed', value: '-3.00' },
        { action: 'expiry_2359', value: null },
      ]),
    );
  });

  it('reads a row written unsigned before the fix with the sign of its balance step', async () => {
    const { account, token } = await createSignedInAccount(testApp.app, { credits: '10' });
    await db.insert(logs).values({
      action: 'renewed',
      type: 'users',
      actorId: account.id,
      actorUsername: account.username,
      value: '3.00',
      actorCreditsBefore: '375.00',
      actorCreditsAfter: '372.00',
    });
    expect(await movements(token, 'actions=renewed')).toEqual([['renewed', '-3.00']]);
  });
});

describe('GET /api/logs/options', () => {
  it('lists every action and type code with its Portuguese label', async () => {
    const response = await get(adminToken, '/api/logs/options');
    expect(response.statusCode).toBe(200);
    const { actions, types } = response.json();
    expect(actions).toHaveLength(Object.keys(LOG_ACTION_LABELS).length);
    expect(actions).toContainEqual({ value: 'transfer_reseller', label: 'TRANSF. REVENDA' });
    expect(actions).toContainEqual({ value: 'renewed', label: 'RENOVAÇÃO' });
    expect(types).toHaveLength(Object.keys(LOG_TYPE_LABELS).length);
    expect(types).toContainEqual({ value: 'credits', label: 'CRÉDITOS' });
  });
});
