import { INGEST_BATCH_MAX, INGEST_MESSAGES } from '@panel/shared/ingest/ingest-api';
import { eq, inArray, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { liveConnections } from '../../db/schema';
import { createAccount, createLine } from '../../../test/factories';
import { expectRefusal } from '../../../test/refusals';
import { createStreamingServer, type TestStreamingServer } from '../../../test/streaming-servers';
import { useTestApp } from '../../../test/test-app';

const t = useTestApp({ CONNECTION_TTL_SECONDS: '90' });
const URL = '/api/ingest/v1/connections';
let edge: TestStreamingServer;
let otherEdge: TestStreamingServer;
let lineId = 0;
let ownerPath = '';

beforeAll(async () => {
  edge = await createStreamingServer(t.app);
  otherEdge = await createStreamingServer(t.app);
  const owner = await createAccount(t.app);
  const line = await createLine(t.app, owner, { maxConnections: 3 });
  lineId = line.id;
  ownerPath = line.ownerPath;
});

async function connection(values: Partial<typeof liveConnections.$inferInsert> = {}) {
  const [row] = await t.db
    .insert(liveConnections)
    .values({ lineId, ownerPath, streamId: 7, delivery: 'redirect', watching: 'Canal 7', ...values })
    .returning();
  return row!;
}

const rowOf = async (id: number) =>
  (await t.db.select().from(liveConnections).where(eq(liveConnections.id, id)))[0]!;

let batchSequence = 0;
const send = (body: Record<string, unknown>, server = edge) =>
  t.as(server.token).post(URL, { batch_id: `b-${++batchSequence}`, ...body });

describe('POST /api/ingest/v1/connections', () => {
  it('refreshes active connections: last seen, divergence, watching, bytes, the server', async () => {
    const active = await connection({ lastSeenAt: sql`now() - interval '60 seconds'` as never });
    const before = await rowOf(active.id);
    const response = await send({
      heartbeats: [{ connection_id: active.id, divergence: 12, watching: 'Filme X', bytes: 1_048_576 }],
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ refreshed: 1, ended: 0, stop: [] });
    const after = await rowOf(active.id);
    expect(after).toMatchObject({ divergence: 12, watching: 'Filme X', bytes: 1_048_576, serverId: edge.id });
    expect(after.lastSeenAt.getTime()).toBeGreaterThan(before.lastSeenAt.getTime());
    // Without watching and bytes, those stay.
    await send({ heartbeats: [{ connection_id: active.id, divergence: 3 }] });
    expect(await rowOf(active.id)).toMatchObject({ divergence: 3, watching: 'Filme X', bytes: 1_048_576 });
  });

  it('answers stop for unknown, ended, disconnected and overdue connections, and leaves them as they were', async () => {
    const disconnected = await connection({ endedAt: new Date(), endReason: 'disconnected' });
    const closed = await connection({ endedAt: new Date(), endReason: 'closed' });
    const replaced = await connection({ endedAt: new Date(), endReason: 'replaced' });
    const overdue = await connection({ lastSeenAt: sql`now() - interval '5 minutes'` as never });
    const live = await connection();
    const ids = [disconnected.id, closed.id, replaced.id, overdue.id];
    const before = await t.db.select().from(liveConnections).where(inArray(liveConnections.id, ids));
    const response = await send({
      heartbeats: [...ids, live.id, 99_999_999].map((id) => ({ connection_id: id, divergence: 1 })),
    });
    expect(response.statusCode, response.body).toBe(200);
    const result = response.json<{ refreshed: number; stop: { connection_id: number; reason: string }[] }>();
    expect(result.refreshed).toBe(1);
    expect(result.stop).toEqual([
      { connection_id: disconnected.id, reason: 'disconnected' },
      { connection_id: closed.id, reason: 'ended' },
      { connection_id: replaced.id, reason: 'replaced' },
      { connection_id: overdue.id, reason: 'expired' },
      { connection_id: 99_999_999, reason: 'unknown' },
    ]);
    expect(await t.db.select().from(liveConnections).where(inArray(liveConnections.id, ids))).toEqual(before);
  });

  it('ends connections the player closed', async () => {
    const first = await connection();
    const second = await connection();
    const response = await send({
      ends: [{ connection_id: first.id, bytes: 500 }, { connection_id: second.id }],
    });
    expect(response.json()).toMatchObject({ ended: 2 });
    expect(await rowOf(first.id)).toMatchObject({ endReason: 'closed', bytes: 500 });
    expect((await rowOf(second.id)).endedAt).toBeInstanceOf(Date);
    // Ending again changes nothing, and a heartbeat after the end is told to stop.
    const again = await send({
      ends: [{ connection_id: first.id }],
      heartbeats: [{ connection_id: first.id, divergence: 0 }],
    });
    expect(again.json()).toMatchObject({ ended: 0, stop: [{ connection_id: first.id, reason: 'ended' }] });
  });

  it("a server cannot heartbeat, end or take over another server's connections: refused, counted, unchanged", async () => {
    // Server B reports (claims) a fresh redirect; server A's token then tries everything on it.
    const ofB = await connection({ watching: 'Canal B' });
    const claimed = await send(
      { heartbeats: [{ connection_id: ofB.id, divergence: 4, bytes: 100 }] },
      otherEdge,
    );
    expect(claimed.json()).toMatchObject({ refreshed: 1, stop: [], refused: [] });
    const endedOfB = await connection({ serverId: otherEdge.id, endedAt: new Date(), endReason: 'closed' });
    const ownOfA = await connection();
    const before = await t.db
      .select()
      .from(liveConnections)
      .where(inArray(liveConnections.id, [ofB.id, endedOfB.id]));

    const response = await send({
      heartbeats: [
        { connection_id: ofB.id, divergence: 50, watching: 'Sequestrado', bytes: 1 },
        { connection_id: endedOfB.id, divergence: 1 },
        { connection_id: ownOfA.id, divergence: 2 },
      ],
      ends: [{ connection_id: ofB.id, bytes: 2 }],
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({
      batch_id: expect.any(String),
      refreshed: 1,
      ended: 0,
      stop: [],
      refused: [{ connection_id: ofB.id }, { connection_id: endedOfB.id }],
    });
    // Nothing of B's changed: not refreshed, not ended, still B's.
    expect(
      await t.db
        .select()
        .from(liveConnections)
        .where(inArray(liveConnections.id, [ofB.id, endedOfB.id])),
    ).toEqual(before);
    expect(await rowOf(ofB.id)).toMatchObject({ serverId: otherEdge.id, endedAt: null, divergence: 4 });
    // A's own connection works as before: claimed by A, refreshed, then ended by A.
    expect(await rowOf(ownOfA.id)).toMatchObject({ serverId: edge.id, divergence: 2 });
    expect((await send({ ends: [{ connection_id: ownOfA.id }] })).json()).toMatchObject({
      ended: 1,
      refused: [],
    });
    expect(await rowOf(ownOfA.id)).toMatchObject({ endReason: 'closed', serverId: edge.id });
    // And B still serves its own.
    expect(
      (await send({ heartbeats: [{ connection_id: ofB.id, divergence: 5 }], ends: [] }, otherEdge)).json(),
    ).toMatchObject({ refreshed: 1, refused: [] });
    expect((await send({ ends: [{ connection_id: ofB.id }] }, otherEdge)).json()).toMatchObject({ ended: 1 });
  });

  it('an unclaimed connection reported by two servers at once goes to exactly one of them', async () => {
    const fresh = await connection();
    const answers = await Promise.all(
      [edge, otherEdge].map((server) =>
        send({ heartbeats: [{ connection_id: fresh.id, divergence: 1 }] }, server),
      ),
    );
    const results = answers.map((answer) => answer.json<{ refreshed: number; refused: unknown[] }>());
    expect(results.map((result) => result.refreshed).sort()).toEqual([0, 1]);
    const winner = results[0]!.refreshed === 1 ? edge : otherEdge;
    expect((await rowOf(fresh.id)).serverId).toBe(winner.id);
    expect(results.find((result) => result.refreshed === 0)?.refused).toEqual([{ connection_id: fresh.id }]);
  });

  it('a batch sent again answers its first result and is not applied twice', async () => {
    const target = await connection();
    const batch = { batch_id: 'replayed-1', heartbeats: [{ connection_id: target.id, divergence: 40 }] };
    const first = await t.as(edge.token).post(URL, batch);
    expect(first.statusCode).toBe(200);
    // A later batch changes the connection; replaying the first must not undo it.
    await send({ heartbeats: [{ connection_id: target.id, divergence: 2 }] });
    const replay = await t.as(edge.token).post(URL, batch);
    expect(replay.statusCode).toBe(200);
    expect(replay.json()).toEqual(first.json());
    expect((await rowOf(target.id)).divergence).toBe(2);
    // Batch ids are per server: another server's batch with the same id is its own.
    const othersOwn = await connection();
    const fromOther = await t
      .as(otherEdge.token)
      .post(URL, { ...batch, heartbeats: [{ connection_id: othersOwn.id, divergence: 9 }] });
    expect(fromOther.json()).toMatchObject({ refreshed: 1, refused: [] });
    expect((await rowOf(othersOwn.id)).divergence).toBe(9);
  });

  it('the same batch sent concurrently is applied once', async () => {
    const target = await connection();
    const batch = { batch_id: 'concurrent-1', ends: [{ connection_id: target.id }] };
    const answers = await Promise.all([1, 2, 3, 4].map(() => t.as(edge.token).post(URL, batch)));
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200, 200]);
    expect(answers.map((answer) => answer.json<{ ended: number }>().ended)).toEqual([1, 1, 1, 1]);
  });

  it('refuses bad batches in Portuguese with the field, changing nothing', async () => {
    const target = await connection();
    const cases: [unknown, string, string][] = [
      [{ heartbeats: [] }, INGEST_MESSAGES.batchIdInvalid, 'batch_id'],
      [{ batch_id: 'has space', heartbeats: [] }, INGEST_MESSAGES.batchIdInvalid, 'batch_id'],
      [
        { batch_id: 'x1', heartbeats: [{ connection_id: target.id, divergence: -1 }] },
        INGEST_MESSAGES.divergenceInvalid,
        'heartbeats.0.divergence',
      ],
      [
        { batch_id: 'x2', heartbeats: [{ connection_id: 'a', divergence: 1 }] },
        INGEST_MESSAGES.connectionIdInvalid,
        'heartbeats.0.connection_id',
      ],
      [
        {
          batch_id: 'x3',
          heartbeats: Array.from({ length: INGEST_BATCH_MAX + 1 }, () => ({
            connection_id: target.id,
            divergence: 1,
          })),
        },
        INGEST_MESSAGES.batchTooLarge,
        'heartbeats',
      ],
      [
        { batch_id: 'x4', ends: [{ connection_id: target.id, bytes: 1.5 }] },
        INGEST_MESSAGES.bytesInvalid,
        'ends.0.bytes',
      ],
    ];
    for (const [body, message, field] of cases) {
      expectRefusal(await t.as(edge.token).post(URL, body), {
        status: 400,
        code: 'validation_failed',
        message,
        field,
      });
    }
    expect((await rowOf(target.id)).divergence).toBe(0);
  });

  it('takes a batch of 1000 heartbeats in one call', async () => {
    const rows = await t.db
      .insert(liveConnections)
      .values(
        Array.from({ length: INGEST_BATCH_MAX }, () => ({
          lineId,
          ownerPath,
          streamId: 8,
          delivery: 'redirect' as const,
        })),
      )
      .returning({ id: liveConnections.id });
    const response = await send({
      heartbeats: rows.map((row) => ({ connection_id: row.id, divergence: 5 })),
    });
    expect(response.json()).toMatchObject({ refreshed: INGEST_BATCH_MAX, stop: [] });
  });
});

describe('the OpenAPI document', () => {
  it('documents the four ingest routes with the streaming server scheme and their bodies', async () => {
    const document = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json<{
      paths: Record<
        string,
        {
          post?: {
            security?: unknown;
            requestBody?: {
              content: Record<string, { schema: { properties: Record<string, { description?: string }> } }>;
            };
          };
        }
      >;
      components: { securitySchemes: Record<string, unknown> };
    }>();
    expect(document.components.securitySchemes.streamingServer).toMatchObject({
      type: 'http',
      scheme: 'bearer',
    });
    for (const path of ['connections', 'p2p-sessions', 'views', 'tokens/verify']) {
      const operation = document.paths[`/api/ingest/v1/${path}`]?.post;
      expect(operation?.security, path).toEqual([{ streamingServer: [] }]);
      expect(
        Object.keys(operation?.requestBody?.content['application/json']?.schema.properties ?? {}).length,
      ).toBeGreaterThan(0);
    }
    const batch =
      document.paths['/api/ingest/v1/connections']?.post?.requestBody?.content['application/json']?.schema;
    expect(batch?.properties.batch_id?.description).toContain('Sent again');
  });
});
