import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { createAccount, createLine } from '../../../test/factories';
import { startProvisioningReceiver } from '../../../test/provisioning-receiver';
import { openTestDatabase } from '../../../test/test-database';
import { buildApp } from '../../app';
import { loadConfig } from '../../config';
import { runInTransaction } from '../../db/run-in-transaction';
import { provisioningOutbox } from '../../db/schema';
import { enqueueProvisioning } from './provisioning-outbox';
import { deriveProvisioningSecret } from './provisioning-signature';

const SIGNING_SECRET = 'server-signing-secret-for-tests';
const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

async function waitFor(condition: () => boolean, timeoutMs = 5_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('the delivery worker', () => {
  it('delivers on its own, signed with the secret derived from the server’s, and stops with the app', async () => {
    // Without PROVISIONING_SECRET the receiver must hold the secret derived from SIGNING_SECRET.
    const receiver = await startProvisioningReceiver(deriveProvisioningSecret(SIGNING_SECRET));
    cleanups.push(() => receiver.close());
    const database = await openTestDatabase();
    cleanups.push(() => database.dispose());
    const app = await buildApp(
      loadConfig({
        CAPTCHA_PROVIDER: 'none',
        LOG_LEVEL: 'silent',
        SIGNING_SECRET,
        P2P_PROVISIONING_URL: `${receiver.url}/p2p`,
        PROVISIONING_POLL_MS: '50',
        PROVISIONING_TIMEOUT_MS: '1500',
      }),
      { database, logger: false },
    );
    const owner = await createAccount(app);
    const line = await createLine(app, owner, { system: 2 });
    await runInTransaction(database.db, (tx) => enqueueProvisioning(tx, line, 'created'));
    await waitFor(() => receiver.received.length === 1);
    expect(receiver.rejectedSignatures).toBe(0);

    // A delivery in flight when the app closes finishes (and is recorded) before close resolves.
    receiver.hangNext(1);
    await runInTransaction(database.db, (tx) => enqueueProvisioning(tx, line, 'renewed'));
    await waitFor(() => receiver.attempts.length === 2);
    await app.close();
    const rows = await database.db
      .select()
      .from(provisioningOutbox)
      .where(eq(provisioningOutbox.lineId, line.id))
      .orderBy(provisioningOutbox.id);
    expect(rows[1]).toMatchObject({ attempts: 1, lastError: 'timeout after 1500 ms' });

    // Closed: nothing polls any more, even for a change that is due.
    await database.db
      .update(provisioningOutbox)
      .set({ nextAttemptAt: new Date(Date.now() - 1000) })
      .where(eq(provisioningOutbox.id, rows[1]!.id));
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(receiver.attempts).toHaveLength(2);
  });
});
