import { get as httpGet, type ClientRequest, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contentSources, liveConnections, logs, type LineRow } from '../../db/schema';
import { createStream, libraryFromUpstream } from '../../../test/content-factory';
import { createAccount, createLine, createSignedInAccount } from '../../../test/factories';
import { useTestApp } from '../../../test/test-app';
import { startEndlessLive, type EndlessLive } from '../../../test/upstream/endless-live';
import { startXtreamUpstream, type XtreamUpstream } from '../../../test/upstream/xtream-upstream';

// Live connections of proxied sources (decision 0044): the server relays, so it knows when a playback
// ends, and a disconnect cuts the relay at once and refuses the connection's HLS token URLs from then on.
// A short grace (decision 0062) and a sweeper faster than it, as CONNECTION_SWEEP_MS < grace in production.
const GRACE_SECONDS = 2;
const TTL_SECONDS = 90; // CONNECTION_TTL_SECONDS's default
const t = useTestApp({ CONNECTION_GRACE_SECONDS: String(GRACE_SECONDS), CONNECTION_SWEEP_MS: '500' });
let upstream: XtreamUpstream;
let endless: EndlessLive;
let base: string;
let library: Awaited<ReturnType<typeof libraryFromUpstream>>;
let endlessStreamId: number;

const url = (segment: string, who: { username: string; password: string }, file: string) =>
  `${base}/${segment}/${encodeURIComponent(who.username)}/${encodeURIComponent(who.password)}/${file}`;

const connectionsOf = (line: LineRow) =>
  t.db.select().from(liveConnections).where(eq(liveConnections.lineId, line.id)).orderBy(liveConnections.id);

async function until(condition: () => Promise<boolean> | boolean, timeoutMs = 5000): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  return true;
}

/** A player on the endless live channel: resolves once some of the relay arrived. */
function watchEndless(
  line: LineRow,
): Promise<{ request: ClientRequest; response: IncomingMessage; ended: Promise<void> }> {
  return new Promise((resolve, reject) => {
    const request = httpGet(url('live', line, `${endlessStreamId}.ts`), {
      headers: { 'user-agent': 'Relay/1' },
    });
    request.on('response', (response) => {
      if (response.statusCode !== 200) {
        reject(new Error(`status ${response.statusCode}`));
        return;
      }
      const ended = new Promise<void>((done) => {
        response.once('close', () => done());
        response.once('error', () => done());
      });
      let bytes = 0;
      const onData = (chunk: Buffer) => {
        bytes += chunk.length;
        if (bytes > 32 * 1024) {
          response.off('data', onData);
          response.resume();
          resolve({ request, response, ended });
        }
      };
      response.on('data', onData);
    });
    request.on('error', (error) => {
      if (!request.destroyed) reject(error);
    });
  });
}

beforeAll(async () => {
  upstream = await startXtreamUpstream();
  endless = await startEndlessLive();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  library = await libraryFromUpstream(t.app, upstream, { deliveryMode: 'proxy' });
  const [source] = await t.db
    .insert(contentSources)
    .values({ kind: 'm3u', name: 'Sem fim', url: endless.url, deliveryMode: 'proxy' })
    .returning();
  endlessStreamId = (
    await createStream(t.db, {
      kind: 'live',
      categoryId: library.categories.news.id,
      name: 'Ao vivo sem fim',
      sourceUrls: [endless.url],
      sourceId: source?.id,
    })
  ).id;
}, 120_000);
afterAll(async () => {
  await upstream?.close();
  await endless?.close();
});

describe('proxied connections', () => {
  it('hold the screen for the grace after the player goes away, then free it', async () => {
    const line = await createLine(t.app, await createAccount(t.app));
    const { request } = await watchEndless(line);
    const [open] = await connectionsOf(line);
    expect(open).toMatchObject({ delivery: 'proxy', endedAt: null, watching: 'Ao vivo sem fim' });
    request.destroy();
    const stopped = Date.now();
    const other = () =>
      fetch(url('movie', line, `${library.movie.id}.mp4`), { headers: { 'user-agent': 'Outro/1' } });
    // Within the grace the player may still be playing what it buffered: another device is refused.
    const early = await other();
    expect(early.status).toBe(403);
    await early.arrayBuffer();
    for (;;) {
      const answer = await other();
      await answer.arrayBuffer();
      if (answer.status === 200) break;
      expect(answer.status).toBe(403);
      expect(Date.now() - stopped).toBeLessThan((GRACE_SECONDS + 5) * 1000);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const freed = (Date.now() - stopped) / 1000;
    expect(freed).toBeGreaterThanOrEqual(GRACE_SECONDS - 1);
    const [ended] = await connectionsOf(line);
    expect(ended?.endReason).toBe('expired');
  }, 20_000);

  it('hold an HLS player’s screen only for the grace after its last request, not the TTL', async () => {
    const line = await createLine(t.app, await createAccount(t.app));
    const headers = { 'user-agent': 'Hls/3' };
    const master = await fetch(url('live', line, `${library.live.id}.m3u8`), { headers }).then((r) =>
      r.text(),
    );
    const variant = master.split('\n').find((row) => row.startsWith(`${base}/hls/`));
    const media = await fetch(variant!, { headers }).then((r) => r.text());
    const segment = media.split('\n').find((row) => row.startsWith(`${base}/hls/`));
    await fetch(segment!, { headers }).then((r) => r.arrayBuffer());
    const stopped = Date.now();
    for (;;) {
      const other = await fetch(url('movie', line, `${library.movie.id}.mp4`), {
        headers: { 'user-agent': 'Outro/3' },
      });
      await other.arrayBuffer();
      if (other.status === 200) break;
      expect(Date.now() - stopped).toBeLessThan((GRACE_SECONDS + 5) * 1000);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }, 20_000);

  it('tell the screens dialog the policy the server applies (GET /api/users/screens-policy)', async () => {
    const owner = await createSignedInAccount(t.app);
    const response = await t.as(owner).get('/api/users/screens-policy');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      grace_seconds: GRACE_SECONDS,
      hold_seconds: TTL_SECONDS,
      ends_oldest: false,
    });
  });

  it('are taken back by the same device within the grace (a seek), which holds the screen again', async () => {
    const line = await createLine(t.app, await createAccount(t.app));
    const movie = url('movie', line, `${library.movie.id}.mp4`);
    const first = await fetch(movie, { headers: { 'user-agent': 'Relay/1', range: 'bytes=0-' } });
    await first.arrayBuffer();
    const seek = await fetch(movie, { headers: { 'user-agent': 'Relay/1', range: 'bytes=1000-' } });
    expect(seek.status).toBe(206);
    await seek.arrayBuffer();
    const rows = await connectionsOf(line);
    expect(rows).toHaveLength(1);
    expect(rows[0]?.endedAt).toBeNull();
  });

  it('are never opened nor held by a HEAD, nor by an OPTIONS', async () => {
    const line = await createLine(t.app, await createAccount(t.app));
    for (const address of [
      url('movie', line, `${library.movie.id}.mp4`),
      url('live', line, `${library.live.id}.m3u8`),
      url('live', line, `${library.live.id}.ts`),
    ]) {
      const head = await fetch(address, { method: 'HEAD', headers: { 'user-agent': 'Sonda/1' } });
      expect(head.status, address).toBe(200);
      const options = await fetch(address, { method: 'OPTIONS', headers: { 'user-agent': 'Sonda/1' } });
      expect(options.status, address).toBe(204);
    }
    expect(await connectionsOf(line)).toEqual([]);
    // Another device plays the 1-screen line at once.
    const other = await fetch(url('movie', line, `${library.movie.id}.mp4`), {
      headers: { 'user-agent': 'Outro/1' },
    });
    expect(other.status).toBe(200);
    await other.arrayBuffer();
  });

  it('are kept seen by the sweeper while they relay', async () => {
    const line = await createLine(t.app, await createAccount(t.app));
    const { request, ended } = await watchEndless(line);
    const [open] = await connectionsOf(line);
    await t.db
      .update(liveConnections)
      .set({ lastSeenAt: new Date(Date.now() - 60_000) })
      .where(eq(liveConnections.id, open!.id));
    await t.app.connections.sweep();
    const [seen] = await connectionsOf(line);
    expect(Date.now() - seen!.lastSeenAt.getTime()).toBeLessThan(10_000);
    expect(seen!.endedAt).toBeNull();
    request.destroy();
    await ended;
  });

  it('hold an HLS screen only for the grace when the sweeper runs while a segment is relayed', async () => {
    const line = await createLine(t.app, await createAccount(t.app));
    const headers = { 'user-agent': 'Hls/4' };
    const master = await fetch(url('live', line, `${library.live.id}.m3u8`), { headers });
    expect(master.status).toBe(200);
    await master.text();
    const [open] = await connectionsOf(line);
    const holdLeft = async () => {
      const [row] = await connectionsOf(line);
      return TTL_SECONDS - (Date.now() - row!.lastSeenAt.getTime()) / 1000;
    };
    // The playlist's answer ended: the screen is held for the grace.
    expect(await until(async () => (await holdLeft()) <= GRACE_SECONDS + 1)).toBe(true);
    // A segment in flight at the sweep (its /hls/ token relay), which ends right after it.
    const segment = t.app.connections.relays.attach(open!.id, 'token');
    await t.app.connections.sweep();
    segment.release();
    expect(await holdLeft()).toBeLessThanOrEqual(GRACE_SECONDS + 1);
    const [held] = await connectionsOf(line);
    expect(held!.endedAt).toBeNull();
  });

  it('disconnect cuts the relay at once and logs it', async () => {
    const owner = await createSignedInAccount(t.app);
    const line = await createLine(t.app, owner.account);
    const { ended } = await watchEndless(line);
    const [open] = await connectionsOf(line);
    const sourceOpen = endless.openConnections();
    const response = await t.as(owner).post(`/api/users/connections/${open!.id}/disconnect`);
    expect(response.statusCode).toBe(204);
    // The player's response ends, and so does the relay's request to the source.
    await ended;
    expect(await until(() => endless.openConnections() < sourceOpen)).toBe(true);
    const [row] = await connectionsOf(line);
    expect(row?.endReason).toBe('disconnected');
    const [log] = await t.db.select().from(logs).where(eq(logs.lineId, line.id));
    expect(log).toMatchObject({ action: 'disconnect', type: 'users', actorId: owner.account.id });
  });

  it('a block or a deletion of the line cuts its relay at once and ends its connection (decision 0076)', async () => {
    const owner = await createSignedInAccount(t.app);
    const blocked = await createLine(t.app, owner.account);
    const watching = await watchEndless(blocked);
    expect((await t.as(owner).post(`/api/users/${blocked.id}/block`)).statusCode).toBe(200);
    await watching.ended;
    const [row] = await connectionsOf(blocked);
    expect(row).toMatchObject({ endReason: 'disconnected' });
    expect(row?.endedAt).not.toBeNull();

    const deleted = await createLine(t.app, owner.account);
    const viewer = await watchEndless(deleted);
    expect((await t.as(owner).delete(`/api/users/${deleted.id}`)).statusCode).toBe(204);
    await viewer.ended;
    expect(await connectionsOf(deleted)).toEqual([]);
  });

  it('refuses the HLS token URLs of a disconnected connection', async () => {
    const owner = await createSignedInAccount(t.app);
    const line = await createLine(t.app, owner.account);
    const master = await fetch(url('live', line, `${library.live.id}.m3u8`), {
      headers: { 'user-agent': 'Hls/1' },
    });
    expect(master.status).toBe(200);
    const variant = (await master.text()).split('\n').find((row) => row.startsWith(`${base}/hls/`));
    expect(variant).toBeDefined();
    const playlist = await fetch(variant!, { headers: { 'user-agent': 'Hls/1' } });
    expect(playlist.status).toBe(200);
    const segment = (await playlist.text()).split('\n').find((row) => row.startsWith(`${base}/hls/`));
    expect(segment).toBeDefined();

    const [open] = await connectionsOf(line);
    expect((await t.as(owner).post(`/api/users/connections/${open!.id}/disconnect`)).statusCode).toBe(204);
    for (const address of [variant!, segment!]) {
      const refused = await fetch(address, { headers: { 'user-agent': 'Hls/1' } });
      expect(refused.status, address).toBe(403);
      await refused.arrayBuffer();
    }
  });

  it('refuses the HLS token URLs of a connection another node ended', async () => {
    const line = await createLine(t.app, await createAccount(t.app));
    const master = await fetch(url('live', line, `${library.live.id}.m3u8`), {
      headers: { 'user-agent': 'Hls/2' },
    });
    const variant = (await master.text()).split('\n').find((row) => row.startsWith(`${base}/hls/`));
    const [open] = await connectionsOf(line);
    // Ended elsewhere (another node's disconnect): this node learns it from the database.
    await t.db
      .update(liveConnections)
      .set({ endedAt: new Date(), endReason: 'disconnected' })
      .where(eq(liveConnections.id, open!.id));
    const refused = await fetch(variant!, { headers: { 'user-agent': 'Hls/2' } });
    expect(refused.status).toBe(403);
    await refused.arrayBuffer();
  });
});
