import { isNull, sql } from 'drizzle-orm';
import { executeRows } from '../../db/execute-rows';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount, createLine } from '../../../test/factories';
import { startProvisioningReceiver, type ProvisioningReceiver } from '../../../test/provisioning-receiver';
import { startTestApp, type TestApp } from '../../../test/test-app';
import { buildApp } from '../../app';
import { loadConfig } from '../../config';
import { openDatabase, type DatabaseHandle } from '../../db/database';
import { runInTransaction } from '../../db/run-in-transaction';
import { provisioningOutbox } from '../../db/schema';
import { enqueueProvisioning } from './provisioning-outbox';

/**
 * Two server processes delivering from one outbox: on PostgreSQL each has its own pool, so their claims
 * really race (PGlite runs one statement at a time, so there the same test only proves the bookkeeping).
 */
const SECRET = 'concurrency-provisioning-secret-01';
const LINES = 30;
const CHANGES_PER_LINE = 3;
const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

let receiver: ProvisioningReceiver;
let testApp: TestApp;
let secondProcess: { app: FastifyInstance; database?: DatabaseHandle } | undefined;

beforeAll(async () => {
  receiver = await startProvisioningReceiver(SECRET);
  const env = {
    P2P_PROVISIONING_URL: `${receiver.url}/p2p`,
    PROVISIONING_SECRET: SECRET,
    PROVISIONING_POLL_MS: '3600000',
  };
  testApp = await startTestApp(env);
  let database = testApp.app.database;
  if (onPostgres) {
    const [row] = await executeRows<{ name: string }>(
      testApp.app.database.db,
      sql`select current_database() as name`,
    );
    const url = new URL(process.env.TEST_DATABASE_URL ?? '');
    url.pathname = `/${row?.name}`;
    database = await openDatabase({ url: url.toString(), dataDir: '' });
  }
  const config = loadConfig({ ...env, CAPTCHA_PROVIDER: 'none', LOG_LEVEL: 'silent' });
  secondProcess = {
    app: await buildApp(config, { database, logger: false }),
    database: onPostgres ? database : undefined,
  };
});
afterAll(async () => {
  await secondProcess?.app.close();
  await secondProcess?.database?.close();
  await testApp?.close();
  await receiver?.close();
});

describe('provisioning delivery from several processes', () => {
  it('never delivers a change twice and keeps each line’s order', async () => {
    const db = testApp.app.database.db;
    const owner = await createAccount(testApp.app);
    const lines = await Promise.all(
      Array.from({ length: LINES }, () => createLine(testApp.app, owner, { system: 2 })),
    );
    for (let round = 0; round < CHANGES_PER_LINE; round++) {
      for (const line of lines) await runInTransaction(db, (tx) => enqueueProvisioning(tx, line, 'updated'));
    }
    receiver.delayMs = 5;

    const passes = await Promise.all([
      testApp.app.provisioning.deliverPending(),
      secondProcess!.app.provisioning.deliverPending(),
      testApp.app.provisioning.deliverPending(),
      secondProcess!.app.provisioning.deliverPending(),
    ]);
    // A pass ends when nothing is claimable, which can happen while another holds a line's next change.
    let extra = 0;
    for (let pass = 0; pass < 10; pass++) extra += await testApp.app.provisioning.deliverPending();

    const total = LINES * CHANGES_PER_LINE;
    const deliveries = receiver.received.map((entry) => entry.delivery);
    expect(new Set(deliveries).size).toBe(deliveries.length);
    expect(deliveries).toHaveLength(total);
    expect(receiver.attempts).toHaveLength(total);
    expect(passes.reduce((sum, count) => sum + count, 0) + extra).toBe(total);
    expect(await db.select().from(provisioningOutbox).where(isNull(provisioningOutbox.deliveredAt))).toEqual(
      [],
    );
    for (const line of lines) {
      const ids = receiver.received
        .filter((entry) => entry.body.line.id === line.id)
        .map((entry) => entry.delivery);
      expect(ids).toEqual([...ids].sort((a, b) => a - b));
    }
  });
});
