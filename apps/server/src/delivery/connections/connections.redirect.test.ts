import type { AddressInfo } from 'node:net';
import { CONNECTION_MESSAGES } from '@panel/shared/online/online-api';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  appSecrets,
  contentViewsDaily,
  ingestBatches,
  lines,
  liveConnections,
  logs,
  p2pSessions,
  settings,
  streamStarts,
  streamingServerOutbox,
  streamingServers,
  type LineRow,
} from '../../db/schema';
import { libraryFromUpstream } from '../../../test/content-factory';
import { createAccount, createLine, createResellerTree } from '../../../test/factories';
import { useTestApp } from '../../../test/test-app';
import { startXtreamUpstream, type XtreamUpstream } from '../../../test/upstream/xtream-upstream';
import { verifyStreamToken } from '../streams/stream-tokens';
import { isConnectionActive } from './connections.service';
import { viewDay } from '../views/views.repository';

// Live connections of redirected sources (docs/product/entities.md#online-connections, decision 0044):
// a real listening server, players as fetch calls with their own user agents.
const t = useTestApp();
let upstream: XtreamUpstream;
let base: string;
let library: Awaited<ReturnType<typeof libraryFromUpstream>>;
let secret: string;

const url = (segment: string, who: { username: string; password: string }, file: string) =>
  `${base}/${segment}/${encodeURIComponent(who.username)}/${encodeURIComponent(who.password)}/${file}`;

const play = (address: string, userAgent: string, headers: Record<string, string> = {}) =>
  fetch(address, { redirect: 'manual', headers: { 'user-agent': userAgent, ...headers } });

const live = (line: LineRow, ext = 'ts') => url('live', line, `${library.live.id}.${ext}`);

const connectionsOf = (line: LineRow) =>
  t.db.select().from(liveConnections).where(eq(liveConnections.lineId, line.id)).orderBy(liveConnections.id);

const activeOf = async (line: LineRow) => (await connectionsOf(line)).filter((c) => c.endedAt === null);

const connOf = (response: Response) =>
  Number(new URL(response.headers.get('location') ?? '').searchParams.get('conn'));

async function setEndOldest(value: 'true' | 'false') {
  await t.db
    .insert(settings)
    .values({ key: 'screens_end_oldest', value })
    .onConflictDoUpdate({ target: settings.key, set: { value } });
}

beforeAll(async () => {
  upstream = await startXtreamUpstream();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  library = await libraryFromUpstream(t.app, upstream, { deliveryMode: 'redirect' });
  const [row] = await t.db.select().from(appSecrets).where(eq(appSecrets.name, 'stream_token_secret'));
  secret = row?.value ?? '';
}, 120_000);
afterAll(() => upstream?.close());
beforeEach(() => setEndOldest('false'));

describe('connections of redirected starts', () => {
  it('a HEAD opens no connection and holds no screen: its redirect names connection 0 for a minute', async () => {
    const line = await createLine(t.app, await createAccount(t.app));
    const head = await fetch(live(line), {
      method: 'HEAD',
      redirect: 'manual',
      headers: { 'user-agent': 'Sonda/1' },
    });
    expect(head.status).toBe(302);
    const claims = verifyStreamToken(secret, new URL(head.headers.get('location') ?? ''));
    expect(claims?.connectionId).toBe(0);
    expect((claims?.expires ?? 0) - Date.now() / 1000).toBeLessThanOrEqual(60);
    expect(await connectionsOf(line)).toEqual([]);
    // Another device takes the 1-screen line at once.
    expect((await play(live(line), 'OutroAparelho/1')).status).toBe(302);
    expect(await activeOf(line)).toHaveLength(1);
  });

  it('opens one connection a start, named in the signed token, with the stream watched and a view', async () => {
    const line = await createLine(t.app, await createAccount(t.app));
    const [before] = await t.db
      .select()
      .from(contentViewsDaily)
      .where(and(eq(contentViewsDaily.streamId, library.live.id), eq(contentViewsDaily.day, viewDay())));
    const response = await play(live(line), 'SmartTV/1.0');
    expect(response.status).toBe(302);
    const [connection] = await activeOf(line);
    expect(connection).toMatchObject({
      streamId: library.live.id,
      delivery: 'redirect',
      ip: '127.0.0.1',
      userAgent: 'SmartTV/1.0',
      watching: library.live.name,
      ownerPath: line.ownerPath,
      country: null,
    });
    const claims = verifyStreamToken(secret, new URL(response.headers.get('location') ?? ''));
    expect(claims?.connectionId).toBe(connection?.id);
    const [after] = await t.db
      .select()
      .from(contentViewsDaily)
      .where(and(eq(contentViewsDaily.streamId, library.live.id), eq(contentViewsDaily.day, viewDay())));
    expect((after?.views ?? 0) - (before?.views ?? 0)).toBe(1);
  });

  it('gives the same device its own screen back (zapping), and playlist reloads refresh it', async () => {
    const line = await createLine(t.app, await createAccount(t.app));
    const first = await play(live(line), 'Zapper/2.0');
    const [opened] = await activeOf(line);
    const second = await play(url('movie', line, `${library.movie.id}.mp4`), 'Zapper/2.0');
    expect(second.status).toBe(302);
    expect(connOf(second)).toBe(connOf(first));
    const rows = await connectionsOf(line);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      streamId: library.movie.id,
      watching: library.movie.name,
      endedAt: null,
    });
    expect(rows[0]!.startedAt.getTime()).toBeGreaterThanOrEqual(opened!.startedAt.getTime());
    // Both were starts, recorded (the second with its connection, in one statement) with a view each.
    const starts = await t.db.select().from(streamStarts).where(eq(streamStarts.lineId, line.id));
    expect(starts.map((row) => [row.streamId, row.kind, row.userAgent])).toEqual([
      [library.live.id, 'live', 'Zapper/2.0'],
      [library.movie.id, 'movie', 'Zapper/2.0'],
    ]);

    // A range request of the film and HLS reloads are the same playback: the connection is seen again.
    await t.db
      .update(liveConnections)
      .set({ lastSeenAt: sql`now() - interval '30 seconds'` })
      .where(eq(liveConnections.lineId, line.id));
    const ranged = await play(url('movie', line, `${library.movie.id}.mp4`), 'Zapper/2.0', {
      range: 'bytes=5000-',
    });
    expect(connOf(ranged)).toBe(connOf(first));
    const [seen] = await activeOf(line);
    expect(Date.now() - seen!.lastSeenAt.getTime()).toBeLessThan(10_000);
    expect(seen!.streamId).toBe(library.movie.id);
    expect(await connectionsOf(line)).toHaveLength(1);
    expect(await t.db.select().from(streamStarts).where(eq(streamStarts.lineId, line.id))).toHaveLength(2);
  });

  it('refuses a start beyond the screens: 403 in Portuguese, no Location, no start recorded', async () => {
    const line = await createLine(t.app, await createAccount(t.app), { maxConnections: 2 });
    expect((await play(live(line), 'TV-Sala/1')).status).toBe(302);
    expect((await play(live(line), 'TV-Quarto/1')).status).toBe(302);
    const starts = async () =>
      (await t.db.select().from(streamStarts).where(eq(streamStarts.lineId, line.id))).length;
    const before = await starts();
    const refused = await play(live(line), 'Celular/1');
    expect(refused.status).toBe(403);
    expect(refused.headers.get('location')).toBeNull();
    expect(await refused.json()).toMatchObject({ status: 403, message: CONNECTION_MESSAGES.screensLimit });
    expect(await starts()).toBe(before);
    expect(await activeOf(line)).toHaveLength(2);
  });

  it('ends the oldest connection instead when the panel setting says so, and tells the edge', async () => {
    await setEndOldest('true');
    const line = await createLine(t.app, await createAccount(t.app));
    const [edge] = await t.db
      .insert(streamingServers)
      .values({
        name: 'Edge A',
        tokenHash: `hash-a-${line.id}`,
        tokenHint: 'aaaa',
        controlUrl: 'http://edge/a',
      })
      .returning();
    const first = await play(live(line), 'Antigo/1');
    await t.db
      .update(liveConnections)
      .set({ serverId: edge!.id })
      .where(eq(liveConnections.id, connOf(first)));
    const second = await play(live(line), 'Novo/1');
    expect(second.status).toBe(302);
    const rows = await connectionsOf(line);
    expect(rows.map((row) => [row.userAgent, row.endReason])).toEqual([
      ['Antigo/1', 'limit'],
      ['Novo/1', null],
    ]);
    const outbox = await t.db
      .select()
      .from(streamingServerOutbox)
      .where(sql`${streamingServerOutbox.payload}->>'connection_id' = ${String(connOf(first))}`);
    expect(outbox.map((row) => [row.serverId, row.event])).toEqual([[edge!.id, 'connection.disconnect']]);
  });

  it('lets a new device in once a connection was not seen within the TTL (expired)', async () => {
    const line = await createLine(t.app, await createAccount(t.app));
    await play(live(line), 'Parado/1');
    expect((await play(live(line), 'Outro/1')).status).toBe(403);
    await t.db
      .update(liveConnections)
      .set({ lastSeenAt: sql`now() - interval '91 seconds'` })
      .where(eq(liveConnections.lineId, line.id));
    expect((await play(live(line), 'Outro/1')).status).toBe(302);
    const rows = await connectionsOf(line);
    expect(rows.map((row) => [row.userAgent, row.endReason])).toEqual([
      ['Parado/1', 'expired'],
      ['Outro/1', null],
    ]);
  });

  it('reports the screens in use as active_cons', async () => {
    const line = await createLine(t.app, await createAccount(t.app), { maxConnections: 3 });
    const activeCons = async () => {
      const response = await fetch(
        `${base}/player_api.php?username=${encodeURIComponent(line.username)}&password=${encodeURIComponent(line.password)}`,
      );
      return ((await response.json()) as { user_info: { active_cons: string } }).user_info.active_cons;
    };
    expect(await activeCons()).toBe('0');
    await play(live(line), 'A/1');
    await play(live(line), 'B/1');
    expect(await activeCons()).toBe('2');
  });
});

describe('the sweeper', () => {
  it('expires what was not seen, forgets old ended rows and old ingest batches', async () => {
    const owner = await createAccount(t.app);
    const line = await createLine(t.app, owner, { maxConnections: 3 });
    await play(live(line), 'Velho/1');
    await play(live(line), 'Vivo/1');
    const [old, alive] = await connectionsOf(line);
    await t.db
      .update(liveConnections)
      .set({ lastSeenAt: sql`now() - interval '2 minutes'` })
      .where(eq(liveConnections.id, old!.id));
    const [server] = await t.db
      .insert(streamingServers)
      .values({ name: 'P2P', tokenHash: `hash-p2p-${line.id}`, tokenHint: 'pppp' })
      .returning();
    await t.db.insert(p2pSessions).values([
      {
        serverId: server!.id,
        sessionKey: 's1',
        lineId: line.id,
        ownerPath: line.ownerPath,
        username: line.username,
        lastSeenAt: sql`now() - interval '5 minutes'`,
      },
      {
        serverId: server!.id,
        sessionKey: 's2',
        lineId: line.id,
        ownerPath: line.ownerPath,
        username: line.username,
      },
    ]);
    await t.db.insert(ingestBatches).values([
      { serverId: server!.id, batchId: 'old', result: {}, receivedAt: sql`now() - interval '25 hours'` },
      { serverId: server!.id, batchId: 'new', result: {} },
    ]);

    await t.app.connections.sweep();
    const rows = await connectionsOf(line);
    expect(rows.find((row) => row.id === old!.id)?.endReason).toBe('expired');
    expect(rows.find((row) => row.id === alive!.id)?.endedAt).toBeNull();
    const sessions = await t.db.select().from(p2pSessions).where(eq(p2pSessions.serverId, server!.id));
    expect(sessions.map((row) => [row.sessionKey, row.endedAt === null])).toEqual(
      expect.arrayContaining([
        ['s1', false],
        ['s2', true],
      ]),
    );
    const batches = await t.db.select().from(ingestBatches).where(eq(ingestBatches.serverId, server!.id));
    expect(batches.map((row) => row.batchId)).toEqual(['new']);

    // Ended rows stay while a token naming them may still be presented (STREAM_TOKEN_TTL_SECONDS).
    await t.db
      .update(liveConnections)
      .set({ endedAt: sql`now() - interval '7 hours'` })
      .where(eq(liveConnections.id, old!.id));
    await t.app.connections.sweep();
    expect((await connectionsOf(line)).map((row) => row.id)).toEqual([alive!.id]);
  });
});

describe('disconnect', () => {
  it('ends a connection of the caller’s subtree, logs it and tells the edges that take commands', async () => {
    const tree = await createResellerTree(t.app);
    const line = await createLine(t.app, tree.sub.account);
    const start = await play(live(line), 'Desconectar/1');
    const id = connOf(start);
    const servers = await t.db
      .insert(streamingServers)
      .values([
        { name: 'Comandos', tokenHash: `h1-${id}`, tokenHint: '1111', controlUrl: 'http://edge/1' },
        { name: 'Só relata', tokenHash: `h2-${id}`, tokenHint: '2222' },
        {
          name: 'Revogado',
          tokenHash: `h3-${id}`,
          tokenHint: '3333',
          controlUrl: 'http://edge/3',
          revokedAt: new Date(),
        },
      ])
      .returning();

    // Out of reach, unknown: 404 in Portuguese.
    for (const [caller, target] of [
      [tree.other, id],
      [tree.subsub, id],
      [tree.master, 999_999_999],
    ] as const) {
      const response = await t.as(caller).post(`/api/users/connections/${target}/disconnect`);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ message: CONNECTION_MESSAGES.connectionNotFound });
    }
    expect((await activeOf(line)).map((row) => row.id)).toEqual([id]);

    // What the edge's token check asks (decision 0044): on until the disconnect, off after it.
    expect(await isConnectionActive(t.db, id, 90)).toBe(true);
    const done = await t.as(tree.master).post(`/api/users/connections/${id}/disconnect`);
    expect(done.statusCode).toBe(204);
    expect(await isConnectionActive(t.db, id, 90)).toBe(false);
    const [row] = await connectionsOf(line);
    expect(row).toMatchObject({ endReason: 'disconnected' });
    const outbox = await t.db
      .select()
      .from(streamingServerOutbox)
      .where(sql`${streamingServerOutbox.payload}->>'connection_id' = ${String(id)}`);
    // Every server that takes commands (earlier tests' too), never one that only reports or is revoked.
    const mine = outbox.filter((entry) => servers.some((server) => server.id === entry.serverId));
    expect(mine.map((entry) => [entry.serverId, entry.event, entry.payload])).toEqual([
      [
        servers[0]!.id,
        'connection.disconnect',
        { connection_id: id, line_id: line.id, stream_id: library.live.id },
      ],
    ]);
    const [log] = await t.db
      .select()
      .from(logs)
      .where(and(eq(logs.lineId, line.id), eq(logs.action, 'disconnect')));
    expect(log).toMatchObject({
      type: 'users',
      actorId: tree.master.account.id,
      lineUsername: line.username,
    });

    // Already ended: 404.
    const again = await t.as(tree.master).post(`/api/users/connections/${id}/disconnect`);
    expect(again.statusCode).toBe(404);
    expect(again.json()).toMatchObject({ message: CONNECTION_MESSAGES.connectionNotFound });
  });

  it('tells only the edge that reported the connection', async () => {
    const line = await createLine(t.app, await createAccount(t.app));
    const id = connOf(await play(live(line), 'Reportado/1'));
    const [edge] = await t.db
      .insert(streamingServers)
      .values({ name: 'Edge B', tokenHash: `hash-b-${id}`, tokenHint: 'bbbb' })
      .returning();
    await t.db.update(liveConnections).set({ serverId: edge!.id }).where(eq(liveConnections.id, id));
    expect((await t.as(t.adminToken).post(`/api/users/connections/${id}/disconnect`)).statusCode).toBe(204);
    const outbox = await t.db
      .select()
      .from(streamingServerOutbox)
      .where(sql`${streamingServerOutbox.payload}->>'connection_id' = ${String(id)}`);
    expect(outbox.map((entry) => entry.serverId)).toEqual([edge!.id]);
  });
});

describe('a reseller transfer', () => {
  it('moves the owner path of the lines’ connections and P2P sessions', async () => {
    const tree = await createResellerTree(t.app);
    const line = await createLine(t.app, tree.subsub.account, { maxConnections: 2 });
    await play(live(line), 'Transferido/1');
    const [server] = await t.db
      .insert(streamingServers)
      .values({ name: 'P2P T', tokenHash: `hash-t-${line.id}`, tokenHint: 'tttt' })
      .returning();
    await t.db.insert(p2pSessions).values({
      serverId: server!.id,
      sessionKey: 't1',
      lineId: line.id,
      ownerPath: line.ownerPath,
      username: line.username,
    });
    // sub (with subsub and its line) moves under other.
    const moved = await t.as(t.adminToken).post('/api/resellers/transfer', {
      resellerId: tree.sub.account.id,
      masterId: tree.other.account.id,
    });
    expect(moved.statusCode, moved.body).toBeLessThan(300);
    const expected = `${tree.other.account.path}${tree.sub.account.id}/${tree.subsub.account.id}/`;
    const [connection] = await connectionsOf(line);
    expect(connection?.ownerPath).toBe(expected);
    const [session] = await t.db.select().from(p2pSessions).where(eq(p2pSessions.lineId, line.id));
    expect(session?.ownerPath).toBe(expected);
  });

  it('moves them with a deleted reseller’s lines too', async () => {
    const owner = await createAccount(t.app);
    const line = await createLine(t.app, owner);
    await play(live(line), 'Orfao/1');
    const deleted = await t.as(t.adminToken).delete(`/api/resellers/${owner.id}`);
    expect(deleted.statusCode, deleted.body).toBeLessThan(300);
    const [moved] = await t.db.select().from(lines).where(eq(lines.id, line.id));
    expect(moved?.ownerPath).not.toBe(line.ownerPath);
    const [connection] = await connectionsOf(line);
    expect(connection?.ownerPath).toBe(moved?.ownerPath);
  });
});
