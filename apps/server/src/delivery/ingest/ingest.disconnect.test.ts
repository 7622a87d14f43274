import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { liveConnections, streamingServers } from '../../db/schema';
import { createAccount, createLine } from '../../../test/factories';
import { createStreamingServer, type TestStreamingServer } from '../../../test/streaming-servers';
import { startTestEdge, type TestEdge } from '../../../test/test-edge';
import { useTestApp } from '../../../test/test-app';
import { streamTokenQuery } from '../streams/stream-tokens';

const SECRET = 'ingest-disconnect-secret-0001';
const t = useTestApp({ STREAM_TOKEN_SECRET: SECRET, EDGE_COMMAND_POLL_MS: '100' });
let server: TestStreamingServer;
let edge: TestEdge;

beforeAll(async () => {
  server = await createStreamingServer(t.app);
  edge = await startTestEdge(server.signingKey);
  await t.db.update(streamingServers).set({ controlUrl: edge.url }).where(eq(streamingServers.id, server.id));
});
afterAll(() => edge.close());

describe('a disconnect reaches the edge three ways (decision 0045)', () => {
  it('a signed command, a stop on the next heartbeat, and a refused token', async () => {
    const owner = await createAccount(t.app);
    const line = await createLine(t.app, owner);
    const [connection] = await t.db
      .insert(liveConnections)
      .values({ lineId: line.id, ownerPath: line.ownerPath, streamId: 77, delivery: 'redirect' })
      .returning();
    const id = connection!.id;
    const token = Object.fromEntries(
      new URLSearchParams(
        streamTokenQuery(SECRET, {
          lineId: line.id,
          streamId: 77,
          connectionId: id,
          expires: Math.floor(Date.now() / 1000) + 600,
        }),
      ),
    );
    const heartbeat = (batchId: string) =>
      t.as(server.token).post('/api/ingest/v1/connections', {
        batch_id: batchId,
        heartbeats: [{ connection_id: id, divergence: 4 }],
      });
    const verify = () => t.as(server.token).post('/api/ingest/v1/tokens/verify', token);

    expect((await heartbeat('d-1')).json()).toMatchObject({ refreshed: 1, stop: [] });
    expect((await verify()).json()).toEqual({ valid: true, reason: null });

    const cut = await t.as(t.adminToken).post(`/api/users/connections/${id}/disconnect`);
    expect(cut.statusCode, cut.body).toBe(204);

    const [command] = await edge.waitForCommands(1);
    expect(command?.body).toEqual({
      event: 'connection.disconnect',
      connection_id: id,
      line_id: line.id,
      stream_id: 77,
    });
    expect((await heartbeat('d-2')).json()).toMatchObject({
      refreshed: 0,
      stop: [{ connection_id: id, reason: 'disconnected' }],
    });
    expect((await verify()).json()).toEqual({ valid: false, reason: 'disconnected' });
  });
});
