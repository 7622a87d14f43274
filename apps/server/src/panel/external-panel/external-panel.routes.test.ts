import { PANEL_SETTINGS_MESSAGES } from '@panel/shared/settings/panel-settings-api';
import { EXTERNAL_PANEL_MESSAGES, type ExternalPanelStatus } from '@panel/shared/settings/external-panel';
import { RESELLER_MESSAGES } from '@panel/shared/resellers/reseller-messages';
import { asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createResellerTree, createSession, createSignedInAccount } from '../../../test/factories';
import { startWebhookReceiver, type WebhookReceiver } from '../../../test/provisioning-receiver';
import { expectRefusal, expectRefusedAndUnchanged, FORBIDDEN } from '../../../test/refusals';
import { startTestApp, TEST_ADMIN, useTestApp, type TestApp } from '../../../test/test-app';
import { runInTransaction } from '../../db/run-in-transaction';
import { externalPanelOutbox } from '../../db/schema';
import { recordResellerSync } from './external-panel-outbox';

const SECRET = 'test-external-panel-secret-0123456789';
const MAX_ATTEMPTS = 3;

interface SyncBody {
  event: string;
  reseller?: Record<string, unknown> & { id: number };
  line?: Record<string, unknown> & { id: number };
}

let receiver: WebhookReceiver<SyncBody>;
beforeAll(async () => {
  receiver = await startWebhookReceiver<SyncBody>(SECRET, {
    keyOf: (body) => body.reseller?.id ?? body.line?.id,
  });
});
afterAll(() => receiver?.close());
beforeEach(() => {
  receiver.received.length = 0;
  receiver.attempts.length = 0;
});

// The worker waits an hour between passes: every pass here is an explicit deliverPending().
const t = useTestApp(() => ({
  EXTERNAL_PANEL_URL: `${receiver.url}/sync`,
  EXTERNAL_PANEL_SECRET: SECRET,
  PROVISIONING_POLL_MS: '3600000',
  PROVISIONING_MAX_ATTEMPTS: String(MAX_ATTEMPTS),
  PROVISIONING_TIMEOUT_MS: '1500',
}));

const SETTINGS = '/api/admin/panel';
const deliver = () => t.app.externalPanel.deliverPending();

async function switches(resellers: 'true' | 'false', lines: 'true' | 'false') {
  const response = await t.as(t.adminToken).put(SETTINGS, {
    five_admin_resellers_migration: resellers,
    five_admin_users_migration: lines,
  });
  expect(response.statusCode, response.body).toBe(200);
}

async function rowsOf(subject: 'reseller' | 'line', id: number) {
  return t.db
    .select()
    .from(externalPanelOutbox)
    .where(sql`${externalPanelOutbox.subject} = ${subject} and ${externalPanelOutbox.subjectId} = ${id}`)
    .orderBy(asc(externalPanelOutbox.id));
}

async function undeliveredCount(): Promise<number> {
  const [row] = await t.db
    .select({ n: sql<number>`count(*)::int` })
    .from(externalPanelOutbox)
    .where(sql`${externalPanelOutbox.deliveredAt} is null`);
  return Number(row?.n);
}

/** Stands in for the passing of time: every waiting row becomes due now. */
async function makeDue() {
  await t.db
    .update(externalPanelOutbox)
    .set({ nextAttemptAt: sql`now() - interval '1 second'` })
    .where(sql`${externalPanelOutbox.deliveredAt} is null`);
}

async function secondsUntilNextAttempt(id: number): Promise<number> {
  const [row] = await t.db
    .select({
      seconds: sql<number>`extract(epoch from ${externalPanelOutbox.nextAttemptAt} - now())::float8`,
    })
    .from(externalPanelOutbox)
    .where(eq(externalPanelOutbox.id, id));
  return Number(row?.seconds);
}

async function createReseller(token: string, username: string, credits = 10) {
  const response = await t.as(token).post('/api/resellers', { username, password: 'senha@19', credits });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ id: number }>();
}

async function createLine(token: string, username: string) {
  const response = await t
    .as(token)
    .post('/api/users', { username, password: 'senha@forte9', package_id: 17 });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ line: { id: number } }>().line;
}

describe('external panel synchronisation (decision 0060)', () => {
  it('records and delivers nothing while the switches are off', async () => {
    await switches('false', 'false');
    const { master } = await createResellerTree(t.app);
    const reseller = await createReseller(master.token, 'semsync01');
    const line = await createLine(master.token, 'semsync@01');
    expect(await t.as(master.token).post(`/api/users/${line.id}/block`, {})).toMatchObject({
      statusCode: 200,
    });
    expect(await rowsOf('reseller', reseller.id)).toEqual([]);
    expect(await rowsOf('line', line.id)).toEqual([]);
    expect(await deliver()).toBe(0);
    expect(receiver.attempts).toEqual([]);
  });

  it('delivers a new reseller and a new line, signed, with their state', async () => {
    await switches('true', 'true');
    const { master } = await createResellerTree(t.app);
    const reseller = await createReseller(master.token, 'comsync01', 12);
    const line = await createLine(master.token, 'comsync@01');
    expect(await deliver()).toBe(2);

    expect(receiver.rejectedSignatures).toBe(0);
    const byEvent = Object.fromEntries(receiver.received.map((entry) => [entry.event, entry]));
    expect(Object.keys(byEvent).sort()).toEqual(['line.created', 'reseller.created']);
    expect(byEvent['reseller.created']).toMatchObject({
      path: '/sync',
      body: {
        event: 'created',
        reseller: {
          id: reseller.id,
          username: 'comsync01',
          credits: '12.00',
          status: 1,
          master_id: master.account.id,
          master_username: master.account.username,
        },
      },
    });
    expect(JSON.stringify(byEvent['reseller.created']?.body)).not.toContain('senha@19');
    expect(byEvent['line.created']?.body).toMatchObject({
      event: 'created',
      line: {
        id: line.id,
        username: 'comsync@01',
        password: 'senha@forte9',
        package_id: 17,
        reseller_id: master.account.id,
      },
    });
    const [row] = await rowsOf('reseller', reseller.id);
    expect(row?.deliveredAt).toBeInstanceOf(Date);
    expect(byEvent['reseller.created']?.delivery).toBe(row?.id);
    expect(Math.abs(Number(byEvent['reseller.created']?.timestamp) - Date.now() / 1000)).toBeLessThan(60);
  });

  it('signs "<timestamp>.<body>" with the configured secret, and only it', async () => {
    await switches('true', 'false');
    const wrong = await startWebhookReceiver<SyncBody>('another-secret-of-enough-length', {
      keyOf: (body) => body.reseller?.id,
    });
    const other = await startTestApp({
      EXTERNAL_PANEL_URL: wrong.url,
      EXTERNAL_PANEL_SECRET: SECRET,
      PROVISIONING_POLL_MS: '3600000',
    });
    try {
      await other.app.inject({
        method: 'PUT',
        url: SETTINGS,
        headers: { authorization: `Bearer ${await adminTokenOf(other)}` },
        payload: { five_admin_resellers_migration: 'true' },
      });
      const { master } = await createResellerTree(other.app);
      const response = await other.app.inject({
        method: 'POST',
        url: '/api/resellers',
        headers: { authorization: `Bearer ${master.token}` },
        payload: { username: 'assinada01', password: 'senha@19', credits: 10 },
      });
      expect(response.statusCode, response.body).toBe(201);
      expect(await other.app.externalPanel.deliverPending()).toBe(0);
      expect(wrong.rejectedSignatures).toBe(1);
      expect(await other.app.externalPanel.status()).toMatchObject({
        pending: 1,
        last_error: 'HTTP 401: bad signature',
      });
    } finally {
      await other.close();
      await wrong.close();
    }
  });

  it('retries after receiver failures with a growing backoff, then delivers; gives up after the last attempt', async () => {
    await switches('true', 'false');
    const { master } = await createResellerTree(t.app);
    const reseller = await createReseller(master.token, 'retenta01');
    receiver.failNext(1, { lineId: reseller.id });
    receiver.hangNext(1, { lineId: reseller.id });
    const [queued] = await rowsOf('reseller', reseller.id);

    expect(await deliver()).toBe(0);
    expect((await rowsOf('reseller', reseller.id))[0]).toMatchObject({
      attempts: 1,
      deliveredAt: null,
      lastError: 'HTTP 503: temporarily unavailable',
    });
    const firstWait = await secondsUntilNextAttempt(queued!.id);
    expect(firstWait).toBeGreaterThan(2);
    expect(firstWait).toBeLessThanOrEqual(5);
    expect(await deliver()).toBe(0);
    expect(receiver.attempts).toHaveLength(1);

    await makeDue();
    expect(await deliver()).toBe(0);
    expect((await rowsOf('reseller', reseller.id))[0]).toMatchObject({
      attempts: 2,
      lastError: 'timeout after 1500 ms',
    });
    const secondWait = await secondsUntilNextAttempt(queued!.id);
    expect(secondWait).toBeGreaterThan(4.5);
    expect(secondWait).toBeLessThanOrEqual(10);

    // A newer change of the same reseller waits behind the older one.
    expect((await t.as(master.token).post(`/api/resellers/${reseller.id}/block`, {})).statusCode).toBe(200);
    await makeDue();
    expect(await deliver()).toBe(2);
    expect(receiver.received.map((entry) => entry.event)).toEqual(['reseller.created', 'reseller.blocked']);
    expect(receiver.received[1]?.body.reseller).toMatchObject({ id: reseller.id, status: 0 });

    const failing = await createReseller(master.token, 'desiste01');
    receiver.failNext(MAX_ATTEMPTS, { lineId: failing.id, status: 500 });
    for (let attempt = 0; attempt < MAX_ATTEMPTS + 1; attempt++) {
      await makeDue();
      await deliver();
    }
    expect((await rowsOf('reseller', failing.id))[0]).toMatchObject({
      attempts: MAX_ATTEMPTS,
      deliveredAt: null,
    });
    const status = await t.as(t.adminToken).get('/api/admin/external-panel');
    expect(status.json()).toMatchObject({
      configured: true,
      failed: 1,
      last_error: 'HTTP 500: temporarily unavailable',
    });
  });

  it('sends failed changes again on the admin’s request, in order with the changes held behind them', async () => {
    await switches('true', 'false');
    const { master } = await createResellerTree(t.app);
    const failing = await createReseller(master.token, 'reenvia01');
    receiver.failNext(MAX_ATTEMPTS, { lineId: failing.id, status: 500 });
    for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
      await makeDue();
      await deliver();
    }
    // A newer change of the same reseller waits behind the failed one, however often the worker passes.
    expect((await t.as(master.token).post(`/api/resellers/${failing.id}/block`, {})).statusCode).toBe(200);
    await makeDue();
    await deliver();
    const eventsOf = (id: number) =>
      receiver.received.filter((entry) => entry.body.reseller?.id === id).map((entry) => entry.event);
    expect(eventsOf(failing.id)).toEqual([]);
    // Earlier tests of this file may have left failed changes too: the counts are read, not assumed.
    const before = (await t.as(t.adminToken).get('/api/admin/external-panel')).json<ExternalPanelStatus>();
    expect(before.failed).toBeGreaterThanOrEqual(1);
    expect(before.pending).toBeGreaterThanOrEqual(1);

    const rowsBefore = await rowsOf('reseller', failing.id);
    expectRefusal(await t.as(master.token).post('/api/admin/external-panel/retry', {}), FORBIDDEN);
    expect(await rowsOf('reseller', failing.id)).toEqual(rowsBefore);

    const retried = await t.as(t.adminToken).post('/api/admin/external-panel/retry', {});
    expect(retried.statusCode, retried.body).toBe(200);
    expect(retried.json()).toEqual({ retried: before.failed });
    expect((await rowsOf('reseller', failing.id))[0]).toMatchObject({ attempts: 0, deliveredAt: null });
    await deliver();
    expect(eventsOf(failing.id)).toEqual(['reseller.created', 'reseller.blocked']);
    expect((await t.as(t.adminToken).get('/api/admin/external-panel')).json()).toMatchObject({
      failed: 0,
      pending: 0,
    });
    // Nothing left to retry: the answer says so.
    expect((await t.as(t.adminToken).post('/api/admin/external-panel/retry', {})).json()).toEqual({
      retried: 0,
    });
  });

  it('follows a reseller through edit, credits, block, transfer and delete, in order', async () => {
    await switches('true', 'false');
    const { master, other } = await createResellerTree(t.app);
    const reseller = await createReseller(master.token, 'vida0001', 10);
    const admin = t.as(t.adminToken);
    expect((await t.as(master.token).put(`/api/resellers/${reseller.id}`, { notes: 'vip' })).statusCode).toBe(
      200,
    );
    expect(
      (await t.as(master.token).post(`/api/resellers/${reseller.id}/credits`, { value: 10 })).statusCode,
    ).toBe(200);
    expect((await t.as(master.token).post(`/api/resellers/${reseller.id}/block`, {})).statusCode).toBe(200);
    expect((await t.as(master.token).post(`/api/resellers/${reseller.id}/unblock`, {})).statusCode).toBe(200);
    expect(
      (await admin.post('/api/resellers/transfer', { resellerId: reseller.id, masterId: other.account.id }))
        .statusCode,
    ).toBe(200);
    expect((await admin.delete(`/api/resellers/${reseller.id}`)).statusCode).toBe(204);
    expect(await deliver()).toBe(7);
    const mine = receiver.received.filter((entry) => entry.body.reseller?.id === reseller.id);
    expect(mine.map((entry) => entry.event)).toEqual([
      'reseller.created',
      'reseller.updated',
      'reseller.credits_changed',
      'reseller.blocked',
      'reseller.unblocked',
      'reseller.transferred',
      'reseller.deleted',
    ]);
    expect(mine[1]?.body.reseller).toMatchObject({ notes: 'vip' });
    expect(mine[2]?.body.reseller).toMatchObject({ credits: '20.00' });
    expect(mine[5]?.body.reseller).toMatchObject({ master_id: other.account.id });
  });

  it('follows a line through block, renewal and delete', async () => {
    await switches('false', 'true');
    const { account, token } = await createSignedInAccount(t.app, { credits: '50' });
    const line = await createLine(token, 'linha@sync1');
    expect((await t.as(token).post(`/api/users/${line.id}/block`, {})).statusCode).toBe(200);
    expect((await t.as(token).post(`/api/users/${line.id}/renew`, { months: 1 })).statusCode).toBe(200);
    expect((await t.as(token).delete(`/api/users/${line.id}`)).statusCode).toBe(204);
    await deliver();
    const mine = receiver.received.filter((entry) => entry.body.line?.id === line.id);
    expect(mine.map((entry) => entry.event)).toEqual([
      'line.created',
      'line.blocked',
      'line.renewed',
      'line.deleted',
    ]);
    expect(mine[1]?.body.line).toMatchObject({ enabled: 0, reseller_id: account.id });
  });

  it('writes events in the change’s transaction: a refused or failed change writes none', async () => {
    await switches('true', 'true');
    const { master, sub } = await createResellerTree(t.app);
    await expectRefusedAndUnchanged(
      t.db,
      () =>
        t
          .as(master.token)
          .post('/api/resellers', { username: sub.account.username, password: 'senha@19', credits: 10 }),
      { status: 409, code: 'conflict', message: RESELLER_MESSAGES.usernameTaken, field: 'username' },
      { accounts: [master.account.id] },
    );
    const poor = await createSignedInAccount(t.app, { credits: '0' });
    const refused = await t.as(poor.token).post('/api/users', { package_id: 17 });
    expect(refused.statusCode).toBe(409);
    const before = await undeliveredCount();
    // The event is written, then the change fails in the same transaction: both are rolled back.
    await expect(
      runInTransaction(t.db, async (tx) => {
        await recordResellerSync(tx, master.account.id, 'updated');
        throw new Error('the change failed after its event');
      }),
    ).rejects.toThrow('the change failed');
    expect(await undeliveredCount()).toBe(before);
    expect(await rowsOf('reseller', master.account.id)).toEqual([]);
  });

  it('reads the switch at the moment of the change', async () => {
    await switches('true', 'false');
    const { master } = await createResellerTree(t.app);
    const reseller = await createReseller(master.token, 'momento01');
    await switches('false', 'false');
    expect((await t.as(master.token).post(`/api/resellers/${reseller.id}/block`, {})).statusCode).toBe(200);
    expect((await rowsOf('reseller', reseller.id)).map((row) => row.event)).toEqual(['created']);
    // Recorded while on, it is still delivered after the switch went off.
    await deliver();
    expect(receiver.received.some((entry) => entry.body.reseller?.id === reseller.id)).toBe(true);
  });
});

describe('PUT /api/admin/panel for the switches', () => {
  it('refuses values other than true/false with the field, and non-admins', async () => {
    for (const key of [
      'trial_user_create_enabled',
      'five_admin_resellers_migration',
      'five_admin_users_migration',
    ]) {
      expectRefusal(await t.as(t.adminToken).put(SETTINGS, { [key]: 'sim' }), {
        status: 400,
        code: 'validation_failed',
        message: PANEL_SETTINGS_MESSAGES.flagInvalid,
        field: key,
      });
    }
    for (const role of ['reseller', 'publisher'] as const) {
      const { token } = await createSignedInAccount(t.app, { role });
      expectRefusal(await t.as(token).put(SETTINGS, { five_admin_users_migration: 'true' }), FORBIDDEN, role);
      expectRefusal(await t.as(token).get('/api/admin/external-panel'), FORBIDDEN, role);
    }
  });
});

describe('without an external panel', () => {
  let bare: TestApp;
  beforeAll(async () => {
    bare = await startTestApp({ PROVISIONING_POLL_MS: '3600000' });
  });
  afterAll(() => bare?.close());

  it('keeps the changes, sends nothing and says so', async () => {
    const token = await adminTokenOf(bare);
    const put = await bare.app.inject({
      method: 'PUT',
      url: SETTINGS,
      headers: { authorization: `Bearer ${token}` },
      payload: { five_admin_resellers_migration: 'true' },
    });
    expect(put.statusCode).toBe(200);
    const { master } = await createResellerTree(bare.app);
    await bare.app.inject({
      method: 'POST',
      url: '/api/resellers',
      headers: { authorization: `Bearer ${master.token}` },
      payload: { username: 'espera001', password: 'senha@19', credits: 10 },
    });
    expect(await bare.app.externalPanel.deliverPending()).toBe(0);
    const status = await bare.app.inject({
      method: 'GET',
      url: '/api/admin/external-panel',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(status.json()).toEqual({
      configured: false,
      host: null,
      message: EXTERNAL_PANEL_MESSAGES.notConfigured,
      pending: 1,
      failed: 0,
      last_delivered_at: null,
      last_error: null,
    });
  });
});

function adminTokenOf(app: TestApp): Promise<string> {
  return createSession(app.app, TEST_ADMIN.id);
}
