import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appSecrets, contentStreams, streamStarts, type LineRow } from '../../db/schema';
import { createStream, libraryFromUpstream } from '../../../test/content-factory';
import { createAccount, createLine, daysFromNow } from '../../../test/factories';
import { useTestApp } from '../../../test/test-app';
import { hasVideo } from '../../../test/upstream/ffprobe';
import { startXtreamUpstream, type XtreamUpstream } from '../../../test/upstream/xtream-upstream';
import { verifyStreamToken } from './stream-tokens';

// Stream URLs of a source delivered by redirect (docs/product/api.md#stream-urls, decision 0040): a real
// listening server, the test Xtream upstream as the source, ffprobe as the player.
const t = useTestApp();
let upstream: XtreamUpstream;
let base: string;
let library: Awaited<ReturnType<typeof libraryFromUpstream>>;
let line: LineRow;
let secret: string;

const url = (segment: string, who: { username: string; password: string }, file: string) =>
  `${base}/${segment}/${encodeURIComponent(who.username)}/${encodeURIComponent(who.password)}/${file}`;

const flipFirst = (text: string) => `${text.startsWith('A') ? 'B' : 'A'}${text.slice(1)}`;

const startCount = async () => (await t.db.select().from(streamStarts)).length;

beforeAll(async () => {
  upstream = await startXtreamUpstream();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  library = await libraryFromUpstream(t.app, upstream, { deliveryMode: 'redirect' });
  // Several screens: ffprobe and fetch are two devices (decision 0044); the limit has tests of its own.
  line = await createLine(t.app, await createAccount(t.app), { maxConnections: 10 });
  const [row] = await t.db.select().from(appSecrets).where(eq(appSecrets.name, 'stream_token_secret'));
  secret = row?.value ?? '';
}, 120_000);
afterAll(() => upstream?.close());

describe('redirect delivery', () => {
  it('plays live .ts, live .m3u8, a movie and an episode in ffprobe', async () => {
    // The line's password holds '@': percent-encoded in the URL, decoded by the server.
    expect(line.password).toContain('@');
    for (const address of [
      url('live', line, `${library.live.id}.ts`),
      url('live', line, `${library.live.id}.m3u8`),
      url('movie', line, `${library.movie.id}.mp4`),
      url('series', line, `${library.episodes[0]?.id}.mp4`),
    ]) {
      expect(await hasVideo(address), address).toBe(true);
    }
  }, 60_000);

  it('redirects with a token the edge verifies, which fails when tampered or expired', async () => {
    const response = await fetch(url('live', line, `${library.live.id}.ts`), { redirect: 'manual' });
    expect(response.status).toBe(302);
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
    const location = new URL(response.headers.get('location') ?? '');
    expect(location.origin).toBe(upstream.url);
    expect(location.pathname).toBe(`/live/${upstream.username}/${upstream.password}/1001.ts`);
    const claims = verifyStreamToken(secret, location);
    expect(claims).toMatchObject({ lineId: line.id, streamId: library.live.id });
    const expires = claims?.expires ?? 0;
    expect(expires).toBeGreaterThan(Date.now() / 1000 + 3600);

    expect(verifyStreamToken(secret, location, expires + 1)).toBeUndefined();
    expect(verifyStreamToken('another-secret-of-enough-length', location)).toBeUndefined();
    for (const [name, value] of [
      ['stream', String(library.movie.id)],
      ['line', String(line.id + 1)],
      ['expires', String(expires + 3600)],
      ['token', flipFirst(location.searchParams.get('token') ?? '')],
    ] as const) {
      const tampered = new URL(location);
      tampered.searchParams.set(name, value);
      expect(verifyStreamToken(secret, tampered), name).toBeUndefined();
    }
  });

  it('swaps a live Xtream source to .m3u8 when the player asks for HLS', async () => {
    const response = await fetch(url('live', line, `${library.live.id}.m3u8`), { redirect: 'manual' });
    expect(response.status).toBe(302);
    expect(new URL(response.headers.get('location') ?? '').pathname).toMatch(/\/1001\.m3u8$/);
  });

  it('refuses without a redirect and records no start: 401, 403, 404, 405', async () => {
    const owner = await createAccount(t.app);
    const expired = await createLine(t.app, owner, { expDate: daysFromNow(-1) });
    const banned = await createLine(t.app, owner, { enabled: 0 });
    const p2p = await createLine(t.app, owner, { system: 2 });
    const otherBouquet = await createLine(t.app, owner, { bouquets: [2] });
    const retired = await createStream(t.db, {
      kind: 'live',
      categoryId: library.categories.news.id,
      name: 'Retirado',
      sourceUrls: [`${upstream.url}/live/${upstream.username}/${upstream.password}/1002.ts`],
      retiredAt: new Date(),
    });
    const before = await startCount();
    const cases: [string, number][] = [
      [url('live', { username: line.username, password: 'errada' }, `${library.live.id}.ts`), 401],
      [url('live', { username: 'ninguem', password: line.password }, `${library.live.id}.ts`), 401],
      [url('live', expired, `${library.live.id}.ts`), 403],
      [url('live', banned, `${library.live.id}.ts`), 403],
      [url('live', p2p, `${library.live.id}.ts`), 403],
      [url('live', otherBouquet, `${library.live.id}.ts`), 404],
      [url('live', line, `${library.movie.id}.ts`), 404],
      [url('movie', line, `${library.live.id}.mp4`), 404],
      [url('movie', line, `${library.episodes[0]?.id}.mp4`), 404],
      [url('live', line, `${retired.id}.ts`), 404],
      [url('live', line, '99999999.ts'), 404],
      [url('live', line, '3000000000.ts'), 404],
      [url('live', line, 'abc.ts'), 404],
      [url('live', line, `${library.live.id}.mp4`), 405],
      [url('movie', line, `${library.movie.id}.mkv`), 405],
    ];
    for (const [address, status] of cases) {
      const response = await fetch(address, { redirect: 'manual' });
      expect(response.status, address).toBe(status);
      expect(response.headers.get('location'), address).toBeNull();
    }
    expect(await startCount()).toBe(before);
  });

  it('records one start per playback: a live request, an HLS playlist once, a film from its first byte', async () => {
    await t.db.delete(streamStarts);
    // A line of its own: the earlier tests' playlist requests are within the reload window of `line`.
    const viewer = await createLine(t.app, await createAccount(t.app));
    const userAgent = 'TesteAgente/1.0';
    const get = (address: string, headers: Record<string, string> = {}) =>
      fetch(address, { redirect: 'manual', headers: { 'user-agent': userAgent, ...headers } });
    await get(url('live', viewer, `${library.live.id}.ts`));
    // Players reload a live playlist every few seconds: one start.
    await get(url('live', viewer, `${library.live.id}.m3u8`));
    await get(url('live', viewer, `${library.live.id}.m3u8`));
    await get(url('movie', viewer, `${library.movie.id}.mp4`), { range: 'bytes=0-' });
    await get(url('movie', viewer, `${library.movie.id}.mp4`), { range: 'bytes=5000-' });
    await fetch(url('series', viewer, `${library.episodes[0]?.id}.mp4`), {
      method: 'HEAD',
      redirect: 'manual',
    });
    const rows = await t.db.select().from(streamStarts).orderBy(streamStarts.id);
    expect(rows.map((row) => [row.streamId, row.kind, row.delivery])).toEqual([
      [library.live.id, 'live', 'redirect'],
      [library.live.id, 'live', 'redirect'],
      [library.movie.id, 'movie', 'redirect'],
    ]);
    expect(rows.every((row) => row.lineId === viewer.id && row.userAgent === userAgent)).toBe(true);
    expect(rows[0]?.ip).toBe('127.0.0.1');
  });

  it('redirects a stream whose row has no source', async () => {
    const orphan = await createStream(t.db, {
      kind: 'movie',
      categoryId: library.categories.action.id,
      name: 'Sem fonte',
      containerExtension: 'mp4',
      sourceUrls: [`${upstream.url}/movie/${upstream.username}/${upstream.password}/2002.mp4?x=1`],
    });
    const response = await fetch(url('movie', line, `${orphan.id}.mp4`), { redirect: 'manual' });
    expect(response.status).toBe(302);
    const location = new URL(response.headers.get('location') ?? '');
    expect(location.searchParams.get('x')).toBe('1');
    expect(verifyStreamToken(secret, location)?.streamId).toBe(orphan.id);
    await t.db.delete(contentStreams).where(eq(contentStreams.id, orphan.id));
  });
});
