import { INGEST_MESSAGES } from '@panel/shared/ingest/ingest-api';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { contentViewsDaily, liveConnections, p2pSessions } from '../../db/schema';
import { createStream } from '../../../test/content-factory';
import { createAccount, createLine } from '../../../test/factories';
import { expectRefusal } from '../../../test/refusals';
import { createStreamingServer, type TestStreamingServer } from '../../../test/streaming-servers';
import { useTestApp } from '../../../test/test-app';
import { streamTokenQuery } from '../streams/stream-tokens';
import { viewDay } from '../views/views.repository';

const SECRET = 'ingest-test-stream-secret-0001';
const t = useTestApp({ STREAM_TOKEN_SECRET: SECRET });
let edge: TestStreamingServer;
let otherEdge: TestStreamingServer;
let sequence = 0;
const batchId = () => `batch-${++sequence}`;

beforeAll(async () => {
  edge = await createStreamingServer(t.app);
  otherEdge = await createStreamingServer(t.app);
});

describe('POST /api/ingest/v1/p2p-sessions', () => {
  it('stores sessions of P2P and hybrid lines with the line’s owner path; other usernames come back unknown', async () => {
    const owner = await createAccount(t.app);
    const p2p = await createLine(t.app, owner, { system: 2, macaddr: null });
    const hybrid = await createLine(t.app, owner, { system: 3 });
    const iptv = await createLine(t.app, owner, { system: 1 });
    const session = (id: string, username: string) => ({
      session_id: id,
      username,
      channel_name: 'Globo HD',
      duration: 125,
      external_ip: '203.0.113.9',
      app_name: 'P2P Player',
      app_version: '2.1.0',
    });
    const response = await t.as(edge.token).post('/api/ingest/v1/p2p-sessions', {
      batch_id: batchId(),
      sessions: [
        session('s1', p2p.username),
        session('s2', hybrid.username),
        session('s3', iptv.username),
        session('s4', 'ninguem'),
      ],
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      stored: 2,
      ended: 0,
      unknown: [
        { session_id: 's3', username: iptv.username },
        { session_id: 's4', username: 'ninguem' },
      ],
    });
    const rows = await t.db.select().from(p2pSessions).where(eq(p2pSessions.serverId, edge.id));
    expect(rows.map((row) => [row.sessionKey, row.lineId, row.ownerPath]).sort()).toEqual([
      ['s1', p2p.id, owner.path],
      ['s2', hybrid.id, owner.path],
    ]);
    expect(rows.find((row) => row.sessionKey === 's1')).toMatchObject({
      channelName: 'Globo HD',
      durationSeconds: 125,
      externalIp: '203.0.113.9',
      appName: 'P2P Player',
      appVersion: '2.1.0',
      endedAt: null,
    });

    // Refreshed by the same key, ended by key; the other server's session with the same key is its own.
    await t.as(otherEdge.token).post('/api/ingest/v1/p2p-sessions', {
      batch_id: batchId(),
      sessions: [session('s1', p2p.username)],
    });
    const next = await t.as(edge.token).post('/api/ingest/v1/p2p-sessions', {
      batch_id: batchId(),
      sessions: [{ ...session('s1', p2p.username), duration: 185, channel_name: 'SBT' }],
      ends: ['s2', 'nunca-existiu'],
    });
    expect(next.json()).toMatchObject({ stored: 1, ended: 1, unknown: [] });
    const s1 = await t.db
      .select()
      .from(p2pSessions)
      .where(and(eq(p2pSessions.serverId, edge.id), eq(p2pSessions.sessionKey, 's1')));
    expect(s1).toHaveLength(1);
    expect(s1[0]).toMatchObject({ durationSeconds: 185, channelName: 'SBT' });
    const s2 = await t.db
      .select()
      .from(p2pSessions)
      .where(and(eq(p2pSessions.serverId, edge.id), eq(p2pSessions.sessionKey, 's2')));
    expect(s2[0]?.endedAt).toBeInstanceOf(Date);
    const other = await t.db.select().from(p2pSessions).where(eq(p2pSessions.serverId, otherEdge.id));
    expect(other).toHaveLength(1);
  });

  it("a server cannot end or rewrite another server's session with the same id", async () => {
    const owner = await createAccount(t.app);
    const line = await createLine(t.app, owner, { system: 2, macaddr: null });
    const post = (server: TestStreamingServer, body: Record<string, unknown>) =>
      t.as(server.token).post('/api/ingest/v1/p2p-sessions', { batch_id: batchId(), ...body });
    const report = { session_id: 'of-b', username: line.username, channel_name: 'Canal B', duration: 10 };
    expect((await post(otherEdge, { sessions: [report] })).json()).toMatchObject({ stored: 1 });
    const sessionOfB = () =>
      t.db
        .select()
        .from(p2pSessions)
        .where(and(eq(p2pSessions.serverId, otherEdge.id), eq(p2pSessions.sessionKey, 'of-b')));
    const [before] = await sessionOfB();

    // A ends B's session id: nothing ended. A reports the same id: its own row, B's untouched.
    expect((await post(edge, { ends: ['of-b'] })).json()).toMatchObject({ ended: 0 });
    await post(edge, { sessions: [{ ...report, channel_name: 'Sequestrado', duration: 999 }] });
    expect((await post(edge, { ends: ['of-b'] })).json()).toMatchObject({ ended: 1 });
    expect(await sessionOfB()).toEqual([before]);
    expect(before).toMatchObject({ channelName: 'Canal B', durationSeconds: 10, endedAt: null });
    // B still ends its own.
    expect((await post(otherEdge, { ends: ['of-b'] })).json()).toMatchObject({ ended: 1 });
  });

  it('refuses a session without a username, in Portuguese', async () => {
    expectRefusal(
      await t.as(edge.token).post('/api/ingest/v1/p2p-sessions', {
        batch_id: batchId(),
        sessions: [{ session_id: 'x', username: '' }],
      }),
      {
        status: 400,
        code: 'validation_failed',
        message: INGEST_MESSAGES.usernameInvalid,
        field: 'sessions.0.username',
      },
    );
  });
});

describe('POST /api/ingest/v1/views', () => {
  it('counts views per item and UTC day; unknown items are reported and not counted; a replay counts nothing', async () => {
    const stream = await createStream(t.db, { kind: 'movie', name: 'Filme', sourceUrls: ['http://x/1.mp4'] });
    const yesterday = Math.floor(Date.now() / 1000) - 86_400;
    const batch = {
      batch_id: batchId(),
      views: [
        { stream_id: stream.id },
        { stream_id: stream.id, count: 4 },
        { stream_id: stream.id, at: yesterday },
        { stream_id: 987_654 },
      ],
    };
    const response = await t.as(edge.token).post('/api/ingest/v1/views', batch);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ counted: 6, unknown_stream_ids: [987_654] });
    expect((await t.as(edge.token).post('/api/ingest/v1/views', batch)).json()).toEqual(response.json());
    const rows = await t.db.select().from(contentViewsDaily).where(eq(contentViewsDaily.streamId, stream.id));
    expect(rows.map((row) => [row.day, row.views]).sort()).toEqual(
      [
        [viewDay(new Date(yesterday * 1000)), 1],
        [viewDay(), 5],
      ].sort(),
    );
    expect(
      await t.db.select().from(contentViewsDaily).where(eq(contentViewsDaily.streamId, 987_654)),
    ).toEqual([]);
  });

  it('refuses a view dated outside the last 400 days', async () => {
    expectRefusal(
      await t
        .as(edge.token)
        .post('/api/ingest/v1/views', { batch_id: batchId(), views: [{ stream_id: 1, at: 0 }] }),
      { status: 400, code: 'validation_failed', message: INGEST_MESSAGES.atInvalid, field: 'views.0.at' },
    );
  });
});

describe('POST /api/ingest/v1/tokens/verify', () => {
  const verify = (query: string) =>
    t.as(edge.token).post('/api/ingest/v1/tokens/verify', Object.fromEntries(new URLSearchParams(query)));
  const expires = () => Math.floor(Date.now() / 1000) + 3600;

  it('accepts a good token and refuses a forged or expired one', async () => {
    const owner = await createAccount(t.app);
    const line = await createLine(t.app, owner);
    const [live] = await t.db
      .insert(liveConnections)
      .values({ lineId: line.id, ownerPath: line.ownerPath, streamId: 345, delivery: 'redirect' })
      .returning();
    const claims = { lineId: line.id, streamId: 345, connectionId: live!.id };
    const query = streamTokenQuery(SECRET, { ...claims, expires: expires() });
    expect((await verify(query)).json()).toEqual({ valid: true, reason: null });
    expect((await verify(query.replace('stream=345', 'stream=346'))).json()).toEqual({
      valid: false,
      reason: 'invalid',
    });
    expect((await verify(query.replace(`conn=${live!.id}`, `conn=${live!.id + 1}`))).json()).toEqual({
      valid: false,
      reason: 'invalid',
    });
    const old = streamTokenQuery(SECRET, { ...claims, expires: 1000 });
    expect((await verify(old)).json()).toEqual({ valid: false, reason: 'invalid' });
    const foreign = streamTokenQuery('another-secret-entirely-0002', { ...claims, expires: expires() });
    expect((await verify(foreign)).json()).toEqual({ valid: false, reason: 'invalid' });
  });

  it('refuses the token of a disconnected or ended connection', async () => {
    const owner = await createAccount(t.app);
    const line = await createLine(t.app, owner);
    const open = async (values: Partial<typeof liveConnections.$inferInsert> = {}) =>
      (
        await t.db
          .insert(liveConnections)
          .values({
            lineId: line.id,
            ownerPath: line.ownerPath,
            streamId: 345,
            delivery: 'redirect',
            ...values,
          })
          .returning()
      )[0]!;
    const tokenOf = (connectionId: number) =>
      streamTokenQuery(SECRET, { lineId: line.id, streamId: 345, connectionId, expires: expires() });
    const live = await open();
    expect((await verify(tokenOf(live.id))).json()).toEqual({ valid: true, reason: null });
    const cut = await open({ endedAt: new Date(), endReason: 'disconnected' });
    expect((await verify(tokenOf(cut.id))).json()).toEqual({ valid: false, reason: 'disconnected' });
    const closed = await open({ endedAt: new Date(), endReason: 'closed' });
    expect((await verify(tokenOf(closed.id))).json()).toEqual({ valid: false, reason: 'ended' });
    expect((await verify(tokenOf(987_654_321))).json()).toEqual({
      valid: false,
      reason: 'unknown_connection',
    });
  });

  it('refuses malformed parameters in Portuguese', async () => {
    expectRefusal(
      await t
        .as(edge.token)
        .post('/api/ingest/v1/tokens/verify', { line: 'abc', stream: 1, conn: 1, expires: 1, token: 'x' }),
      { status: 400, code: 'validation_failed', message: INGEST_MESSAGES.tokenFieldInvalid, field: 'line' },
    );
  });
});

describe('batch ids', () => {
  it('are per kind of batch: the same id on two endpoints is two batches', async () => {
    const views = await t.as(edge.token).post('/api/ingest/v1/views', { batch_id: 'shared-id', views: [] });
    const connections = await t.as(edge.token).post('/api/ingest/v1/connections', { batch_id: 'shared-id' });
    const sessions = await t.as(edge.token).post('/api/ingest/v1/p2p-sessions', { batch_id: 'shared-id' });
    expect(views.json()).toEqual({ batch_id: 'shared-id', counted: 0, unknown_stream_ids: [] });
    expect(connections.json()).toEqual({
      batch_id: 'shared-id',
      refreshed: 0,
      ended: 0,
      stop: [],
      refused: [],
    });
    expect(sessions.json()).toEqual({ batch_id: 'shared-id', stored: 0, ended: 0, unknown: [] });
  });
});
