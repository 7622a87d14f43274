import { statSync } from 'node:fs';
import { createServer, get as httpGet } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contentSources, streamStarts, type LineRow } from '../../db/schema';
import { createStream, libraryFromUpstream } from '../../../test/content-factory';
import { createAccount, createLine } from '../../../test/factories';
import { useTestApp } from '../../../test/test-app';
import { startEndlessLive, type EndlessLive } from '../../../test/upstream/endless-live';
import { hasVideo } from '../../../test/upstream/ffprobe';
import { startXtreamUpstream, type XtreamUpstream } from '../../../test/upstream/xtream-upstream';

// Stream URLs of a source delivered by the proxy (docs/product/api.md#stream-urls, decision 0040): the
// server relays the test Xtream upstream, and the client never learns where the bytes came from.
const t = useTestApp();
let upstream: XtreamUpstream;
let endless: EndlessLive;
let base: string;
let library: Awaited<ReturnType<typeof libraryFromUpstream>>;
let line: LineRow;

const url = (segment: string, who: { username: string; password: string }, file: string) =>
  `${base}/${segment}/${encodeURIComponent(who.username)}/${encodeURIComponent(who.password)}/${file}`;

/** What must never reach a client: the upstream's address and its line's credentials. */
function secretsIn(text: string): string[] {
  const host = new URL(upstream.url).host;
  return [upstream.username, upstream.password, host].filter((secret) => text.includes(secret));
}

function headerText(response: Response): string {
  return [...response.headers.entries()].map(([name, value]) => `${name}: ${value}`).join('\n');
}

const uris = (playlist: string) =>
  playlist
    .split('\n')
    .map((row) => row.trim())
    .filter((row) => row && !row.startsWith('#'));

async function proxyStream(name: string, sourceUrl: string) {
  const [source] = await t.db
    .insert(contentSources)
    .values({ kind: 'm3u', name, url: sourceUrl, deliveryMode: 'proxy' })
    .returning();
  return createStream(t.db, {
    kind: 'live',
    categoryId: library.categories.news.id,
    name,
    sourceUrls: [sourceUrl],
    sourceId: source?.id,
  });
}

async function until(condition: () => boolean, timeoutMs = 5000): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  return true;
}

beforeAll(async () => {
  upstream = await startXtreamUpstream();
  endless = await startEndlessLive();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  library = await libraryFromUpstream(t.app, upstream, { deliveryMode: 'proxy' });
  // Several screens: ffprobe and fetch are two devices (decision 0044); the limit has tests of its own.
  line = await createLine(t.app, await createAccount(t.app), { maxConnections: 10 });
}, 120_000);
afterAll(async () => {
  await upstream?.close();
  await endless?.close();
});

describe('proxy delivery', () => {
  it('plays live .ts, live .m3u8, a movie and an episode in ffprobe', async () => {
    for (const address of [
      url('live', line, `${library.live.id}.ts`),
      url('live', line, `${library.live.id}.m3u8`),
      url('movie', line, `${library.movie.id}.mp4`),
      url('series', line, `${library.episodes[0]?.id}.mp4`),
    ]) {
      expect(await hasVideo(address), address).toBe(true);
    }
  }, 60_000);

  it('never shows the upstream host or credentials: playlists point back here, headers say nothing', async () => {
    const master = await fetch(url('live', line, `${library.live.id}.m3u8`));
    expect(master.status).toBe(200);
    expect(master.headers.get('content-type')).toContain('mpegurl');
    expect(master.headers.get('access-control-allow-origin')).toBe('*');
    const masterText = await master.text();
    expect(secretsIn(masterText + headerText(master))).toEqual([]);
    const [variant] = uris(masterText);
    expect(variant).toMatch(new RegExp(`^${base}/hls/[A-Za-z0-9_-]+\\.m3u8$`));

    const media = await fetch(variant ?? '');
    expect(media.status).toBe(200);
    const mediaText = await media.text();
    expect(mediaText).toContain('#EXTINF');
    expect(secretsIn(mediaText + headerText(media))).toEqual([]);
    const segments = uris(mediaText);
    expect(segments.length).toBeGreaterThan(1);
    for (const segment of segments) expect(segment).toMatch(new RegExp(`^${base}/hls/[A-Za-z0-9_-]+\\.ts$`));

    const segment = await fetch(segments[0] ?? '');
    expect(segment.status).toBe(200);
    expect(segment.headers.get('content-type')).toBe('video/mp2t');
    expect(secretsIn(headerText(segment))).toEqual([]);
    expect((await segment.arrayBuffer()).byteLength).toBeGreaterThan(1000);

    for (const address of [
      url('live', line, `${library.live.id}.ts`),
      url('movie', line, `${library.movie.id}.mp4`),
    ]) {
      const response = await fetch(address, { headers: { range: 'bytes=0-999' } });
      expect(response.status, address).toBeLessThan(300);
      expect(secretsIn(headerText(response)), address).toEqual([]);
      await response.arrayBuffer();
    }
  });

  it('follows a source redirect server-side and resolves relative segment URIs against the final URL', async () => {
    // An M3U source whose playlist answers with a redirect to a playlist of relative segment names.
    const redirector = createServer((_request, response) => {
      response.writeHead(302, { location: upstream.mediaUrl('live.m3u8') }).end();
    });
    await new Promise<void>((resolve) => redirector.listen(0, '127.0.0.1', resolve));
    try {
      const port = (redirector.address() as AddressInfo).port;
      const stream = await proxyStream('HLS relativo', `http://127.0.0.1:${port}/canal.m3u8`);
      const address = url('live', line, `${stream.id}.m3u8`);
      const first = await fetch(address, { redirect: 'manual' });
      expect(first.status).toBe(200);
      const master = await first.text();
      expect(master).not.toContain(String(port));
      const media = await fetch(uris(master)[0] ?? '').then((r) => r.text());
      expect(secretsIn(media)).toEqual([]);
      const segment = await fetch(uris(media)[0] ?? '');
      expect(segment.status).toBe(200);
      expect(segment.headers.get('content-type')).toBe('video/mp2t');
      await segment.arrayBuffer();
      expect(upstream.requests).toContain('/media/segment000.ts');
      expect(await hasVideo(address)).toBe(true);
    } finally {
      await new Promise((resolve) => redirector.close(resolve));
    }
  }, 30_000);

  it('answers playlists whole and rewritten whatever the Range (VLC, mpv and ffprobe send bytes=0-)', async () => {
    const master = await fetch(url('live', line, `${library.live.id}.m3u8`), {
      headers: { range: 'bytes=0-' },
    });
    expect(master.status).toBe(200);
    expect(master.headers.get('content-range')).toBeNull();
    const masterText = await master.text();
    expect(secretsIn(masterText + headerText(master))).toEqual([]);
    const media = await fetch(uris(masterText)[0] ?? '', { headers: { range: 'bytes=0-' } });
    expect(media.status).toBe(200);
    const mediaText = await media.text();
    expect(mediaText).toContain('#EXTINF');
    expect(secretsIn(mediaText + headerText(media))).toEqual([]);
    for (const segment of uris(mediaText)) expect(segment.startsWith(`${base}/hls/`)).toBe(true);
  });

  it('rewrites a playlist the source answers as text to a range request, with credentials in its URIs', async () => {
    // A source that honours Range on its playlist, names it by no extension and types it as text.
    const secretBase = `${upstream.url}/hls`;
    const playlist = `#EXTM3U\n#EXT-X-TARGETDURATION:2\n#EXTINF:2,\n${secretBase}/segment000.ts?user=${upstream.username}&pass=${upstream.password}\n#EXT-X-ENDLIST\n`;
    const ranged = createServer((request, response) => {
      const range = /^bytes=(\d+)-$/.exec(request.headers.range ?? '');
      if (range) {
        const start = Number(range[1]);
        response.writeHead(206, {
          'content-type': 'text/plain',
          'content-range': `bytes ${start}-${playlist.length - 1}/${playlist.length}`,
        });
        response.end(playlist.slice(start));
        return;
      }
      response.writeHead(200, { 'content-type': 'text/plain' }).end(playlist);
    });
    await new Promise<void>((resolve) => ranged.listen(0, '127.0.0.1', resolve));
    try {
      const port = (ranged.address() as AddressInfo).port;
      const stream = await proxyStream('HLS com Range', `http://127.0.0.1:${port}/canal`);
      const answer = await fetch(url('live', line, `${stream.id}.ts`), { headers: { range: 'bytes=0-' } });
      expect(answer.status).toBe(200);
      const text = await answer.text();
      expect(text).toMatch(/^#EXTM3U/);
      expect(secretsIn(text + headerText(answer))).toEqual([]);
      expect(text).not.toContain(String(port));
      const media = await fetch(uris(text)[0] ?? '', { headers: { range: 'bytes=0-' } }).then((r) =>
        r.text(),
      );
      expect(secretsIn(media)).toEqual([]);
      const segment = await fetch(uris(media)[0] ?? '');
      expect(segment.headers.get('content-type')).toBe('video/mp2t');
      expect((await segment.arrayBuffer()).byteLength).toBeGreaterThan(1000);
    } finally {
      await new Promise((resolve) => ranged.close(resolve));
    }
  }, 30_000);

  it('refuses a tampered or unknown token URL', async () => {
    const master = await fetch(url('live', line, `${library.live.id}.m3u8`)).then((r) => r.text());
    const variant = uris(master)[0] ?? '';
    // The first character is the IV's: any change fails the seal (a last character may only hold padding bits).
    const tampered = variant.replace(
      /\/hls\/(.)/,
      (_all, first: string) => `/hls/${first === 'A' ? 'B' : 'A'}`,
    );
    expect(tampered).not.toBe(variant);
    expect((await fetch(tampered)).status).toBe(404);
    expect((await fetch(`${base}/hls/${'x'.repeat(40)}.ts`)).status).toBe(404);
  });

  it('passes Range through (206) and answers HEAD', async () => {
    const size = statSync(upstream.media.movieMp4).size;
    const ranged = await fetch(url('movie', line, `${library.movie.id}.mp4`), {
      headers: { range: 'bytes=100-199' },
    });
    expect(ranged.status).toBe(206);
    expect(ranged.headers.get('content-range')).toBe(`bytes 100-199/${size}`);
    expect(ranged.headers.get('content-length')).toBe('100');
    expect(ranged.headers.get('accept-ranges')).toBe('bytes');
    expect((await ranged.arrayBuffer()).byteLength).toBe(100);

    const head = await fetch(url('movie', line, `${library.movie.id}.mp4`), { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.headers.get('content-length')).toBe(String(size));
    expect(head.headers.get('content-type')).toBe('video/mp4');
    expect(head.headers.get('accept-ranges')).toBe('bytes');
    expect((await head.arrayBuffer()).byteLength).toBe(0);
  });

  it('closes the connection to the source when the client goes away', async () => {
    const stream = await proxyStream('Ao vivo sem fim', endless.url);
    const before = endless.requests();
    const received = await new Promise<number>((resolve, reject) => {
      const request = httpGet(url('live', line, `${stream.id}.ts`), (response) => {
        expect(response.statusCode).toBe(200);
        expect(response.headers['content-type']).toBe('video/mp2t');
        let bytes = 0;
        response.on('data', (chunk: Buffer) => {
          bytes += chunk.length;
          // Some of the relay arrived: the player goes away.
          if (bytes > 64 * 1024) {
            request.destroy();
            resolve(bytes);
          }
        });
      });
      request.on('error', (error) => {
        if (!request.destroyed) reject(error);
      });
    });
    expect(received).toBeGreaterThan(64 * 1024);
    expect(endless.requests()).toBe(before + 1);
    expect(await until(() => endless.openConnections() === 0)).toBe(true);
  });

  it('answers 502 when the source is down or fails, and records no start', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    const down = await proxyStream('Fonte fora do ar', `http://127.0.0.1:${port}/live.ts`);
    const missing = await proxyStream(
      'Fonte sem o canal',
      `${upstream.url}/live/${upstream.username}/${upstream.password}/9.ts`,
    );
    await t.db.delete(streamStarts);
    for (const stream of [down, missing]) {
      for (const extension of ['ts', 'm3u8']) {
        const response = await fetch(url('live', line, `${stream.id}.${extension}`));
        expect(response.status).toBe(502);
        expect(secretsIn(await response.text())).toEqual([]);
      }
    }
    expect(await t.db.select().from(streamStarts)).toEqual([]);
  });

  it('records one start per playback, not per segment or range request', async () => {
    const viewer = await createLine(t.app, await createAccount(t.app));
    await t.db.delete(streamStarts);
    const master = await fetch(url('live', viewer, `${library.live.id}.m3u8`)).then((r) => r.text());
    const media = await fetch(uris(master)[0] ?? '').then((r) => r.text());
    for (const segment of uris(media)) await fetch(segment).then((r) => r.arrayBuffer());
    // The player reloads the playlist it was given (the token URL), never the stream URL.
    await fetch(uris(master)[0] ?? '').then((r) => r.text());
    const movie = url('movie', viewer, `${library.movie.id}.mp4`);
    await fetch(movie, { headers: { range: 'bytes=0-' } }).then((r) => r.arrayBuffer());
    await fetch(movie, { headers: { range: 'bytes=1000-1999' } }).then((r) => r.arrayBuffer());
    await fetch(movie, { headers: { range: 'bytes=2000-' } }).then((r) => r.arrayBuffer());
    const rows = await t.db.select().from(streamStarts).orderBy(streamStarts.id);
    expect(rows.map((row) => [row.lineId, row.streamId, row.kind, row.delivery])).toEqual([
      [viewer.id, library.live.id, 'live', 'proxy'],
      [viewer.id, library.movie.id, 'movie', 'proxy'],
    ]);
  });
});
