import { PROVISIONING_MESSAGES } from '@panel/shared/provisioning/provisioning-messages';
import { asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createAccount, createLine } from '../../../test/factories';
import { startProvisioningReceiver, type ProvisioningReceiver } from '../../../test/provisioning-receiver';
import { startTestApp, type TestApp } from '../../../test/test-app';
import { buildApp } from '../../app';
import { loadConfig } from '../../config';
import { runInTransaction } from '../../db/run-in-transaction';
import { provisioningOutbox, type AccountRow, type LineRow } from '../../db/schema';
import { enqueueProvisioning, type ProvisioningEvent } from './provisioning-outbox';

const SECRET = 'test-provisioning-secret-0123456789';
const MAX_ATTEMPTS = 3;
let receiver: ProvisioningReceiver;
let testApp: TestApp;
let owner: AccountRow;

// The worker waits an hour between passes here: every pass in these tests is an explicit deliverPending().
const env = {
  PROVISIONING_SECRET: SECRET,
  PROVISIONING_POLL_MS: '3600000',
  PROVISIONING_MAX_ATTEMPTS: String(MAX_ATTEMPTS),
  // Long enough for a loaded CI machine to answer, short enough to test a hanging receiver.
  PROVISIONING_TIMEOUT_MS: '1500',
};

beforeAll(async () => {
  receiver = await startProvisioningReceiver(SECRET);
  testApp = await startTestApp({ ...env, P2P_PROVISIONING_URL: `${receiver.url}/p2p` });
  owner = await createAccount(testApp.app);
});
afterAll(async () => {
  await testApp?.close();
  await receiver?.close();
});
beforeEach(() => {
  receiver.received.length = 0;
  receiver.attempts.length = 0;
});

const db = () => testApp.app.database.db;

async function enqueue(line: LineRow, event: ProvisioningEvent, system?: number) {
  await runInTransaction(db(), (tx) => enqueueProvisioning(tx, line, event, system));
}

async function outboxRows(lineId: number) {
  return db()
    .select()
    .from(provisioningOutbox)
    .where(eq(provisioningOutbox.lineId, lineId))
    .orderBy(asc(provisioningOutbox.id));
}

/** Stands in for the passing of time: the line's waiting rows become due now. */
async function makeDue(lineId: number) {
  await db()
    .update(provisioningOutbox)
    .set({ nextAttemptAt: sql`now() - interval '1 second'` })
    .where(eq(provisioningOutbox.lineId, lineId));
}

async function secondsUntilNextAttempt(id: number): Promise<number> {
  const [row] = await db()
    .select({ seconds: sql<number>`extract(epoch from ${provisioningOutbox.nextAttemptAt} - now())::float8` })
    .from(provisioningOutbox)
    .where(eq(provisioningOutbox.id, id));
  return Number(row?.seconds);
}

describe('provisioning delivery', () => {
  it('POSTs the signed change with the line state and records it delivered', async () => {
    const line = await createLine(testApp.app, owner, { system: 2, macaddr: 'aabbccddeeff' });
    await enqueue(line, 'created');
    expect(await testApp.app.provisioning.deliverPending()).toBe(1);

    const [row] = await outboxRows(line.id);
    expect(row?.deliveredAt).toBeInstanceOf(Date);
    expect(receiver.rejectedSignatures).toBe(0);
    expect(receiver.received).toHaveLength(1);
    const [received] = receiver.received;
    expect(received).toMatchObject({ path: '/p2p', delivery: row?.id, event: 'created' });
    expect(Math.abs(Number(received?.timestamp) - Date.now() / 1000)).toBeLessThan(60);
    expect(received?.body).toMatchObject({
      event: 'created',
      line: {
        id: line.id,
        username: line.username,
        password: line.password,
        macaddr: 'aabbccddeeff',
        system: 2,
      },
    });
    expect(await testApp.app.provisioning.status(line.id)).toMatchObject({
      pending: 0,
      failed: 0,
      lastError: null,
    });
    expect((await testApp.app.provisioning.status(line.id)).lastDeliveredAt).toBeInstanceOf(Date);
  });

  it('retries a refusal and a timeout with growing backoff, then delivers', async () => {
    const line = await createLine(testApp.app, owner, { system: 2 });
    receiver.failNext(1, { lineId: line.id });
    receiver.hangNext(1, { lineId: line.id });
    await enqueue(line, 'renewed');
    const [queued] = await outboxRows(line.id);

    expect(await testApp.app.provisioning.deliverPending()).toBe(0);
    let [row] = await outboxRows(line.id);
    expect(row).toMatchObject({
      attempts: 1,
      deliveredAt: null,
      lastError: 'HTTP 503: temporarily unavailable',
    });
    const firstWait = await secondsUntilNextAttempt(queued!.id);
    expect(firstWait).toBeGreaterThan(2);
    expect(firstWait).toBeLessThanOrEqual(5);
    // Not due yet: a pass leaves it alone.
    expect(await testApp.app.provisioning.deliverPending()).toBe(0);
    expect(receiver.attempts).toHaveLength(1);

    await makeDue(line.id);
    expect(await testApp.app.provisioning.deliverPending()).toBe(0);
    [row] = await outboxRows(line.id);
    expect(row).toMatchObject({ attempts: 2, lastError: 'timeout after 1500 ms' });
    const secondWait = await secondsUntilNextAttempt(queued!.id);
    expect(secondWait).toBeGreaterThan(4.5);
    expect(secondWait).toBeLessThanOrEqual(10);
    expect(await testApp.app.provisioning.status(line.id)).toMatchObject({
      pending: 1,
      failed: 0,
      lastError: 'timeout after 1500 ms',
    });

    await makeDue(line.id);
    expect(await testApp.app.provisioning.deliverPending()).toBe(1);
    expect(receiver.received.map((entry) => entry.delivery)).toEqual([queued!.id]);
    expect(await testApp.app.provisioning.status(line.id)).toMatchObject({
      pending: 0,
      failed: 0,
      lastError: null,
    });
  });

  it('stops after the last attempt, keeps the row visible and holds the line’s newer changes behind it', async () => {
    const line = await createLine(testApp.app, owner, { system: 2 });
    receiver.failNext(MAX_ATTEMPTS, { lineId: line.id, status: 500 });
    await enqueue(line, 'blocked');
    for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
      await makeDue(line.id);
      await testApp.app.provisioning.deliverPending();
    }
    await enqueue(line, 'unblocked');
    await makeDue(line.id);
    expect(await testApp.app.provisioning.deliverPending()).toBe(0);
    expect(receiver.attempts).toHaveLength(MAX_ATTEMPTS);
    const [failed, newer] = await outboxRows(line.id);
    expect(failed).toMatchObject({
      attempts: MAX_ATTEMPTS,
      deliveredAt: null,
      lastError: 'HTTP 500: temporarily unavailable',
    });
    expect(newer).toMatchObject({ attempts: 0, deliveredAt: null });
    expect(await testApp.app.provisioning.status(line.id)).toMatchObject({ pending: 1, failed: 1 });

    expect(await testApp.app.provisioning.retryFailed(2)).toBe(1);
    expect(await testApp.app.provisioning.deliverPending()).toBe(2);
    expect(receiver.received.map((entry) => entry.event)).toEqual(['blocked', 'unblocked']);
    expect(receiver.received.map((entry) => entry.delivery)).toEqual([failed!.id, newer!.id]);
  });

  it('delivers each line’s changes in order while other lines go ahead', async () => {
    const slow = await createLine(testApp.app, owner, { system: 2 });
    const other = await createLine(testApp.app, owner, { system: 2 });
    receiver.failNext(1, { lineId: slow.id });
    await enqueue(slow, 'created');
    await enqueue(other, 'created');
    await enqueue(slow, 'renewed');
    await enqueue(slow, 'updated');

    expect(await testApp.app.provisioning.deliverPending()).toBe(1);
    expect(receiver.received.map((entry) => entry.body.line.id)).toEqual([other.id]);
    await makeDue(slow.id);
    expect(await testApp.app.provisioning.deliverPending()).toBe(3);
    const slowIds = (await outboxRows(slow.id)).map((row) => row.id);
    expect(
      receiver.received.filter((entry) => entry.body.line.id === slow.id).map((entry) => entry.delivery),
    ).toEqual(slowIds);
  });

  it('never enqueues IPTV changes', async () => {
    const iptv = await createLine(testApp.app, owner, { system: 1 });
    await enqueue(iptv, 'created');
    const p2p = await createLine(testApp.app, owner, { system: 2 });
    await enqueue(p2p, 'system_changed', 1);
    expect(await outboxRows(iptv.id)).toEqual([]);
    expect(await outboxRows(p2p.id)).toEqual([]);
    expect(await testApp.app.provisioning.describeLine(iptv)).toBeNull();
  });

  it('does not attempt a service without an endpoint, says so, and delivers once one is configured', async () => {
    const hybrid = await createLine(testApp.app, owner, { system: 3, macaddr: '001122334455' });
    await enqueue(hybrid, 'created');
    expect(await testApp.app.provisioning.deliverPending()).toBe(0);
    expect(receiver.attempts).toEqual([]);
    expect(testApp.app.provisioning.isConfigured(3)).toBe(false);
    expect(testApp.app.provisioning.isConfigured(2)).toBe(true);
    const [row] = await outboxRows(hybrid.id);
    expect(row).toMatchObject({ attempts: 0, lastError: null, deliveredAt: null });
    expect(await testApp.app.provisioning.describeLine(hybrid)).toEqual({
      system: 3,
      configured: false,
      message: PROVISIONING_MESSAGES.hybridNotConfigured,
      pending: 1,
      failed: 0,
      last_delivered_at: null,
      last_error: null,
    });

    // The same database served by a process that has the hybrid endpoint.
    const configured = await buildApp(
      loadConfig({
        ...env,
        CAPTCHA_PROVIDER: 'none',
        LOG_LEVEL: 'silent',
        HYBRID_PROVISIONING_URL: `${receiver.url}/hybrid`,
      }),
      { database: testApp.app.database, logger: false },
    );
    try {
      expect(await configured.provisioning.deliverPending()).toBe(1);
    } finally {
      await configured.close();
    }
    expect(receiver.received).toMatchObject([
      { path: '/hybrid', event: 'created', body: { line: { id: hybrid.id } } },
    ]);
  });
});
