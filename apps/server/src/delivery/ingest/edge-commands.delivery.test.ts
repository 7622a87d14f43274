import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { streamingServerOutbox, streamingServers } from '../../db/schema';
import { createStreamingServer, type TestStreamingServer } from '../../../test/streaming-servers';
import { startTestEdge, type TestEdge } from '../../../test/test-edge';
import { useTestApp } from '../../../test/test-app';

// The worker runs every 100 ms, as it does in production every EDGE_COMMAND_POLL_MS.
const t = useTestApp({ EDGE_COMMAND_POLL_MS: '100' });
let server: TestStreamingServer;
let edge: TestEdge;

beforeAll(async () => {
  server = await createStreamingServer(t.app);
  edge = await startTestEdge(server.signingKey);
  await t.db.update(streamingServers).set({ controlUrl: edge.url }).where(eq(streamingServers.id, server.id));
});
afterAll(() => edge.close());

/** What the disconnect service writes (decision 0044): one row per connection, for the edge that reported it. */
async function enqueueDisconnect(serverId: number, connectionId: number) {
  const [row] = await t.db
    .insert(streamingServerOutbox)
    .values({
      serverId,
      event: 'connection.disconnect',
      payload: { connection_id: connectionId, line_id: 5, stream_id: 9 },
    })
    .returning();
  return row!;
}

const rowOf = async (id: number) =>
  (await t.db.select().from(streamingServerOutbox).where(eq(streamingServerOutbox.id, id)))[0]!;

describe('streaming server commands (streaming_server_outbox)', () => {
  it('the worker POSTs a disconnect, signed with the server’s key, and marks it delivered', async () => {
    const row = await enqueueDisconnect(server.id, 41);
    const [command] = await edge.waitForCommands(1);
    expect(command).toMatchObject({
      delivery: row.id,
      event: 'connection.disconnect',
      body: { event: 'connection.disconnect', connection_id: 41, line_id: 5, stream_id: 9 },
    });
    expect(edge.rejectedSignatures).toBe(0);
    await expect.poll(async () => (await rowOf(row.id)).deliveredAt).toBeInstanceOf(Date);
  });

  it('retries with backoff after the edge fails, until it takes the command', async () => {
    edge.failNext(2);
    const before = edge.commands.length;
    const row = await enqueueDisconnect(server.id, 42);
    await expect.poll(async () => (await rowOf(row.id)).attempts, { timeout: 5000 }).toBe(1);
    const failed = await rowOf(row.id);
    expect(failed.lastError).toContain('HTTP 503');
    expect(failed.deliveredAt).toBeNull();
    // The first retry waits 2.5–5 s, the second 5–10 s: bring the second attempt forward instead of waiting.
    const due = () =>
      t.db
        .update(streamingServerOutbox)
        .set({ nextAttemptAt: sql`now()` })
        .where(eq(streamingServerOutbox.id, row.id));
    expect((await rowOf(row.id)).nextAttemptAt.getTime()).toBeGreaterThan(Date.now() + 1000);
    await due();
    await expect.poll(async () => (await rowOf(row.id)).attempts, { timeout: 5000 }).toBe(2);
    expect((await rowOf(row.id)).nextAttemptAt.getTime()).toBeGreaterThan(Date.now() + 2000);
    await t.db
      .update(streamingServerOutbox)
      .set({ nextAttemptAt: sql`now()` })
      .where(eq(streamingServerOutbox.id, row.id));
    await edge.waitForCommands(before + 1);
    await expect.poll(async () => (await rowOf(row.id)).deliveredAt).toBeInstanceOf(Date);
    expect(edge.attempts.filter((delivery) => delivery === row.id)).toHaveLength(3);
  });

  it('an edge refuses a command signed with another key', async () => {
    const impostor = await createStreamingServer(t.app, { controlUrl: edge.url });
    const rejected = edge.rejectedSignatures;
    const row = await enqueueDisconnect(impostor.id, 43);
    await expect.poll(async () => (await rowOf(row.id)).attempts, { timeout: 5000 }).toBe(1);
    expect(edge.rejectedSignatures).toBe(rejected + 1);
    expect((await rowOf(row.id)).lastError).toContain('HTTP 401');
  });

  it('sends nothing to a server without a control URL or revoked', async () => {
    const silent = await createStreamingServer(t.app);
    const revoked = await createStreamingServer(t.app, { controlUrl: edge.url });
    await t.db
      .update(streamingServers)
      .set({ revokedAt: new Date() })
      .where(eq(streamingServers.id, revoked.id));
    const rows = [await enqueueDisconnect(silent.id, 44), await enqueueDisconnect(revoked.id, 45)];
    await t.app.edgeCommands.deliverPending();
    for (const row of rows) expect(await rowOf(row.id)).toMatchObject({ attempts: 0, deliveredAt: null });
    expect(edge.attempts).not.toContain(rows[0]!.id);
    expect(edge.attempts).not.toContain(rows[1]!.id);
  });

  it('two passes at once claim each command once', async () => {
    const before = edge.attempts.length;
    const rows = await Promise.all([50, 51, 52, 53, 54, 55].map((id) => enqueueDisconnect(server.id, id)));
    await Promise.all([t.app.edgeCommands.deliverPending(), t.app.edgeCommands.deliverPending()]);
    await expect
      .poll(async () => Promise.all(rows.map(async (row) => (await rowOf(row.id)).deliveredAt !== null)))
      .toEqual(rows.map(() => true));
    const sent = edge.attempts.slice(before);
    expect(sent.sort()).toEqual(rows.map((row) => row.id).sort());
  });
});
