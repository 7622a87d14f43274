import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { parseM3U } from '@iptv/playlist';
import type { ContentSource } from '@panel/shared/content-sources/content-sources-api';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createAccount, createLine } from '../../../test/factories';
import { useTestApp } from '../../../test/test-app';
import {
  defaultUpstreamCatalog,
  startXtreamUpstream,
  type XtreamUpstream,
} from '../../../test/upstream/xtream-upstream';
import { answerVersion } from '../content/library-version.repository';
import { AnswerCache, MarkerSubstitution } from './answer-cache';
import { playerApiAnswer } from './player-api.service';
import { findPlayerLine } from './player-line';
import { playlistChunks } from './playlist.service';

/**
 * The rendered-answer cache (decision 0043): get.php and the listings are rendered once per library
 * version and bouquet set, then read from a file; each line still gets its own credentials, and a sync or
 * a category→bouquet mapping change is seen at once.
 */
const cacheDir = mkdtempSync(join(tmpdir(), 'player-cache-test-'));
const BASE = 'http://tv.example.com:8080';
const t = useTestApp({ PLAYER_CACHE_DIR: cacheDir, PLAYER_BASE_URL: BASE });
let upstream: XtreamUpstream;
let source: ContentSource;
const admin = () => t.as(t.adminToken);

type Who = { username: string; password: string };
const lineA: Who = { username: '', password: '' };
const lineB: Who = { username: '', password: '' };
const lineOther: Who = { username: '', password: '' };

const credentials = (who: Who) =>
  `username=${encodeURIComponent(who.username)}&password=${encodeURIComponent(who.password)}`;

async function get(path: string): Promise<string> {
  const response = await t.app.inject({ method: 'GET', url: path });
  expect(response.statusCode, response.body).toBe(200);
  return response.body;
}

const playlist = (who: Who, query = '&type=m3u_plus&output=ts') =>
  get(`/get.php?${credentials(who)}${query}`);
const vodStreams = (who: Who) => get(`/player_api.php?${credentials(who)}&action=get_vod_streams`);

async function text(chunks: AsyncIterable<string> | string): Promise<string> {
  if (typeof chunks === 'string') return chunks;
  let all = '';
  for await (const chunk of chunks) all += chunk;
  return all;
}

/** The answers as the uncached, streamed path writes them for this line now. */
async function uncached(who: Who) {
  const line = await findPlayerLine(t.db, who.username, who.password);
  if (!line) throw new Error('line not found');
  return {
    playlist: await text(playlistChunks(t.db, line, BASE, 'm3u_plus', 'ts')),
    vod: await text(await playerApiAnswer(t.db, line, { action: 'get_vod_streams' }, BASE)),
  };
}

async function sync(id: number): Promise<void> {
  const started = await admin().post(`/api/admin/content/sources/${id}/sync`);
  expect(started.statusCode, started.body).toBe(202);
  await t.app.contentSync.settled(id);
  const done = (await admin().get(`/api/admin/content/sources/${id}`)).json<ContentSource>();
  expect(done.sync_status, done.sync_error ?? '').toBe('ok');
}

beforeAll(async () => {
  upstream = await startXtreamUpstream();
  const created = await admin().post('/api/admin/content/sources', {
    kind: 'xtream',
    name: 'Fornecedor',
    url: upstream.url,
    username: upstream.username,
    password: upstream.password,
  });
  expect(created.statusCode, created.body).toBe(201);
  source = created.json<ContentSource>();
  await sync(source.id);
  const owner = await createAccount(t.app);
  // Imported non-adult categories join the non-adult bouquets (1, 2), adult ones the adult bouquet 6.
  const a = await createLine(t.app, owner, { password: 'senha1', bouquets: [2, 1] });
  const b = await createLine(t.app, owner, { password: 'a@b!c?d e/f', bouquets: [1, 2] });
  const other = await createLine(t.app, owner, { password: 'outra', bouquets: [6] });
  Object.assign(lineA, { username: a.username, password: a.password });
  Object.assign(lineB, { username: b.username, password: b.password });
  Object.assign(lineOther, { username: other.username, password: other.password });
}, 120_000);

afterAll(async () => {
  await upstream?.close();
  rmSync(cacheDir, { recursive: true, force: true });
});

describe('MarkerSubstitution', () => {
  const markers = new Map([
    ['\u0001Uabc\u0001', 'us%40er'],
    ['\u0001Pabc\u0001', 'p%3Fw'],
  ]);
  const input = 'a\u0001Uabc\u0001/\u0001Pabc\u0001/1.ts\n\u0001x\u0001Uab\u0001Pabc\u0001ção\u0001U';
  const expected = 'aus%40er/p%3Fw/1.ts\n\u0001x\u0001Uabp%3Fwção\u0001U';

  async function through(chunks: Buffer[]): Promise<string> {
    const out: Buffer[] = [];
    const transform = Readable.from(chunks).pipe(new MarkerSubstitution(markers));
    for await (const chunk of transform) out.push(chunk as Buffer);
    return Buffer.concat(out).toString('utf8');
  }

  it('replaces markers split across 1-byte chunks and leaves other 0x01 bytes alone', async () => {
    const bytes = Buffer.from(input, 'utf8');
    const single = [...bytes].map((byte) => Buffer.from([byte]));
    expect(await through(single)).toBe(expected);
    expect(await through([bytes])).toBe(expected);
    for (let cut = 1; cut < bytes.length; cut += 1) {
      expect(await through([bytes.subarray(0, cut), bytes.subarray(cut)])).toBe(expected);
    }
  });
});

describe('AnswerCache files', () => {
  async function* render(parts: string[], failAt = -1): AsyncGenerator<string> {
    for (const [index, part] of parts.entries()) {
      if (index === failAt) throw new Error('database gone');
      yield part;
    }
  }
  const files = (dir: string) => readdirSync(dir).sort();
  const at = (current: string, floor = '0') => ({ current, floor });
  const read = async (answer: Readable) => text(answer.map(String));

  it('files an answer only when its rendering completed, and keeps only the newest of each answer', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'answer-cache-unit-'));
    try {
      const cache = await AnswerCache.create({ dir, database: 'd1', maxFiles: 10, maxBytes: 1 << 20 });
      // The rendering fails midway: the client gets an error, nothing is filed.
      const failed = await cache.serve(at('3'), ['a'], () => render(['x', 'y', 'z'], 2));
      await expect(read(failed)).rejects.toThrow('database gone');
      await cache.settled();
      expect(files(dir)).toEqual([]);
      // The client goes away after the first chunk: the render goes on for the next requests.
      const left = await cache.serve(at('3'), ['a'], () => render(['x', 'y']));
      for await (const _chunk of left) break;
      await cache.settled();
      expect(files(dir)).toHaveLength(1);
      const fromFile = await cache.serve(at('3'), ['a'], () => render(['never']));
      expect(await read(fromFile)).toBe('xy');
      // A newer version of the answer removes the older file once it is whole; other answers stay.
      await read(await cache.serve(at('3'), ['b'], () => render(['other'])));
      await read(await cache.serve(at('4'), ['a'], () => render(['new'])));
      await cache.settled();
      expect(files(dir)).toHaveLength(2);
      expect(files(dir).filter((name) => name.endsWith('-v4.answer'))).toHaveLength(1);
      expect(await read(await cache.serve(at('3'), ['b'], () => render(['never'])))).toBe('other');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('renders once for concurrent requests, which all read the same bytes as it is written', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'answer-cache-unit-'));
    try {
      const cache = await AnswerCache.create({ dir, database: 'd1', maxFiles: 10, maxBytes: 1 << 20 });
      let renders = 0;
      let release!: () => void;
      const gate = new Promise<void>((resolve) => (release = resolve));
      const parts = Array.from({ length: 50 }, (_, index) => `#${index} ${'x'.repeat(3000)}\n`);
      async function* slow(): AsyncGenerator<string> {
        renders += 1;
        yield parts[0]!;
        await gate;
        for (const part of parts.slice(1)) {
          await new Promise((resolve) => setImmediate(resolve));
          yield part;
        }
      }
      const answers = await Promise.all(Array.from({ length: 20 }, () => cache.serve(at('7'), ['k'], slow)));
      const bodies = answers.map(read);
      release();
      const texts = await Promise.all(bodies);
      expect(renders).toBe(1);
      expect(cache.stats.renders).toBe(1);
      expect(new Set(texts)).toEqual(new Set([parts.join('')]));
      await cache.settled();
      expect(await read(await cache.serve(at('7'), ['k'], slow))).toBe(parts.join(''));
      expect(renders).toBe(1);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('serves the previous version at once while the new one renders, then the new one', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'answer-cache-unit-'));
    try {
      const cache = await AnswerCache.create({ dir, database: 'd1', maxFiles: 10, maxBytes: 1 << 20 });
      await read(await cache.serve(at('1'), ['k'], () => render(['old'])));
      await cache.settled();
      let release!: () => void;
      const gate = new Promise<void>((resolve) => (release = resolve));
      let renders = 0;
      async function* blocked(): AsyncGenerator<string> {
        renders += 1;
        await gate;
        yield 'new';
      }
      // The render of version 2 waits on the gate: both requests get version 1 without waiting.
      expect(await read(await cache.serve(at('2'), ['k'], blocked))).toBe('old');
      expect(await read(await cache.serve(at('2'), ['k'], blocked))).toBe('old');
      expect(renders).toBe(1);
      release();
      await cache.settled();
      expect(await read(await cache.serve(at('2'), ['k'], blocked))).toBe('new');
      expect(cache.stats).toMatchObject({ renders: 2, stale: 2 });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('serves no previous version below the floor, nor one superseded longer than maxStaleMs', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'answer-cache-unit-'));
    try {
      const cache = await AnswerCache.create({ dir, database: 'd1', maxFiles: 10, maxBytes: 1 << 20 });
      await read(await cache.serve(at('1'), ['k'], () => render(['old'])));
      await cache.settled();
      expect(await read(await cache.serve(at('2', '2'), ['k'], () => render(['removed'])))).toBe('removed');
      await cache.settled();
      const brief = await AnswerCache.create({
        dir,
        database: 'd1',
        maxFiles: 10,
        maxBytes: 1 << 20,
        maxStaleMs: 0,
      });
      let release!: () => void;
      const gate = new Promise<void>((resolve) => (release = resolve));
      async function* blocked(): AsyncGenerator<string> {
        await gate;
        yield 'newest';
      }
      // Seen superseded now: still within 0 ms; a moment later, requests wait for the render.
      expect(await read(await brief.serve(at('3'), ['k'], blocked))).toBe('removed');
      await new Promise((resolve) => setTimeout(resolve, 5));
      const waiting = brief.serve(at('3'), ['k'], blocked).then(read);
      release();
      expect(await waiting).toBe('newest');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('does not keep a failed render: its readers fail, the next request renders again', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'answer-cache-unit-'));
    try {
      const cache = await AnswerCache.create({ dir, database: 'd1', maxFiles: 10, maxBytes: 1 << 20 });
      const failing = () => render(['a', 'b', 'c'], 2);
      const answers = await Promise.all([1, 2, 3].map(() => cache.serve(at('5'), ['k'], failing)));
      for (const answer of answers) await expect(read(answer)).rejects.toThrow('database gone');
      await cache.settled();
      expect(files(dir)).toEqual([]);
      expect(await read(await cache.serve(at('5'), ['k'], () => render(['a', 'b', 'c'])))).toBe('abc');
      expect(cache.stats.renders).toBe(2);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('never serves another database’s answer from a reused folder, and removes it (decision 0064)', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'answer-cache-unit-'));
    try {
      // A dropped database filed its listing at version 1; a new database's sequence is at 1 as well.
      const dropped = await AnswerCache.create({ dir, database: 'a1', maxFiles: 10, maxBytes: 1 << 20 });
      await read(await dropped.serve(at('1'), ['get_live_streams'], () => render(['old channels'])));
      await dropped.settled();
      const fresh = await AnswerCache.create({ dir, database: 'b2', maxFiles: 10, maxBytes: 1 << 20 });
      const answer = await fresh.serve(at('2'), ['get_live_streams'], () => render(['new channels']));
      expect(await read(answer)).toBe('new channels');
      await fresh.settled();
      expect(files(dir)).toEqual([expect.stringMatching(/^b2-.*-v2\.answer$/)]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('keeps at most maxFiles answers, the newest', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'answer-cache-unit-'));
    try {
      const cache = await AnswerCache.create({ dir, database: 'd1', maxFiles: 2, maxBytes: 1 << 20 });
      for (const key of ['a', 'b', 'c']) {
        await read(await cache.serve(at('1'), [key], () => render([key])));
        await cache.settled();
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      expect(files(dir)).toHaveLength(2);
      expect(await read(await cache.serve(at('1'), ['c'], () => render(['rendered again'])))).toBe('c');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('answer cache (decision 0043)', () => {
  it('serves get.php and get_vod_streams byte-identical to the uncached rendering, from a file', async () => {
    const expected = await uncached(lineA);
    expect(expected.playlist).toContain(`/movie/${lineA.username}/senha1/`);
    const cold = await playlist(lineA);
    const coldVod = await vodStreams(lineA);
    expect(cold).toBe(expected.playlist);
    expect(coldVod).toBe(expected.vod);
    const files = readdirSync(cacheDir).filter((name) => name.endsWith('.answer'));
    expect(files).toHaveLength(2);
    // The stored playlist holds markers, never the line's credentials.
    expect(await playlist(lineA)).toBe(expected.playlist);
    expect(await vodStreams(lineA)).toBe(expected.vod);
    expect(readdirSync(cacheDir).filter((name) => name.endsWith('.answer'))).toEqual(files);
  });

  it('gives each line of the same bouquets its own percent-encoded credentials', async () => {
    await playlist(lineA);
    const answer = await playlist(lineB);
    const expected = await uncached(lineB);
    expect(answer).toBe(expected.playlist);
    expect(answer).toContain(`/live/${lineB.username}/a%40b!c%3Fd%20e%2Ff/`);
    expect(answer).toContain(`password=a%40b!c%3Fd%20e%2Ff"`);
    expect(answer).not.toContain('senha1');
    expect(answer).not.toContain('\u0001');
    const parsed = parseM3U(answer);
    expect(parsed.channels.length).toBeGreaterThan(0);
    for (const channel of parsed.channels) expect(channel.url ?? '').toContain('a%40b!c%3Fd%20e%2Ff');
    // Plain m3u and HLS output are answers of their own.
    const plain = await playlist(lineB, '&type=m3u&output=m3u8');
    expect(plain).not.toContain('#EXTINF:-1 tvg-');
    expect(parsed.channels.some((channel) => channel.url?.endsWith('.ts'))).toBe(true);
    expect(plain).toMatch(/\/live\/[^\n]+\.m3u8\n/);
  });

  it('never gives a line of other bouquets the file of another bouquet set', async () => {
    await playlist(lineA);
    await vodStreams(lineA);
    const answer = await playlist(lineOther);
    const vod = await vodStreams(lineOther);
    const expected = await uncached(lineOther);
    expect(answer).toBe(expected.playlist);
    expect(vod).toBe(expected.vod);
    expect(vod).not.toContain('"Filme Teste"');
    expect(answer).not.toContain('Filme Teste');
    expect(answer).not.toBe(await playlist(lineA));
  });

  it('answers the old library at once after a sync, then the new one; other bouquet sets stay cached', async () => {
    const before = await playlist(lineA);
    expect(before).toContain('Filme Teste\n');
    const otherBefore = await playlist(lineOther);
    const versionsBefore = [await answerVersion(t.db, [1, 2]), await answerVersion(t.db, [6])];
    const changed = defaultUpstreamCatalog();
    const firstMovie = changed.movies[0];
    if (firstMovie) firstMovie.name = 'Filme Teste Renomeado';
    upstream.setCatalog(changed);
    await sync(source.id);
    // The sync changed a non-adult movie category: the adult bouquet's answers keep their version.
    const versionsAfter = [await answerVersion(t.db, [1, 2]), await answerVersion(t.db, [6])];
    expect(BigInt(versionsAfter[0]!.current)).toBeGreaterThan(BigInt(versionsBefore[0]!.current));
    expect(versionsAfter[1]).toEqual(versionsBefore[1]);
    expect(await playlist(lineOther)).toBe(otherBefore);
    // Stale while revalidating (decision 0100): the previous answer at once, the new one once rendered.
    expect(await playlist(lineA)).toBe(before);
    await vi.waitFor(async () => expect(await playlist(lineA)).toContain('Filme Teste Renomeado\n'));
    expect(await playlist(lineA)).toBe((await uncached(lineA)).playlist);
    await vi.waitFor(async () => expect(await vodStreams(lineA)).toContain('"Filme Teste Renomeado"'));
  });

  it('refuses a blocked line at once and gives a line whose bouquets changed its new set’s answer', async () => {
    const owner = await createAccount(t.app);
    const row = await createLine(t.app, owner, { password: 'troca', bouquets: [1, 2] });
    const who = { username: row.username, password: 'troca' };
    expect(await playlist(who)).toBe((await uncached(who)).playlist);
    expect(await playlist(who)).toContain('Filme Teste Renomeado');
    // Its bouquets change: the next answer is that of the new set, however warm the old one is.
    const edited = await admin().put(`/api/users/${row.id}`, { bouquet: [6] });
    expect(edited.statusCode, edited.body).toBe(200);
    const moved = await playlist(who);
    expect(moved).not.toContain('Filme Teste Renomeado');
    expect(moved).toBe((await uncached(who)).playlist);
    // Blocked: refused before the cache, whatever is cached.
    const blocked = await admin().post(`/api/users/${row.id}/block`);
    expect(blocked.statusCode, blocked.body).toBe(200);
    const refused = await t.app.inject({ method: 'GET', url: `/get.php?${credentials(who)}&type=m3u_plus` });
    expect(refused.statusCode).toBe(403);
    const listing = await t.app.inject({
      method: 'GET',
      url: `/player_api.php?${credentials(who)}&action=get_vod_streams`,
    });
    expect(listing.body).not.toContain('Filme');
  });

  it('answers the new library after a category→bouquet mapping change', async () => {
    const categories = (await admin().get('/api/admin/content/categories?kind=movie'))
      .json<{
        data: { id: number; name: string; is_adult: boolean }[];
      }>()
      .data.filter((category) => !category.is_adult);
    expect(categories.length).toBeGreaterThan(0);
    expect(await vodStreams(lineOther)).not.toContain('"Filme Teste Renomeado"');
    for (const category of categories) {
      const moved = await admin().put(`/api/admin/content/categories/${category.id}/bouquets`, {
        bouquet_ids: [6],
      });
      expect(moved.statusCode, moved.body).toBe(200);
    }
    // A mapping change bumps every answer, hard (decision 0100): none of the old mapping is served.
    const other = await vodStreams(lineOther);
    expect(other).toContain('"Filme Teste Renomeado"');
    expect(other).toBe((await uncached(lineOther)).vod);
    expect(await vodStreams(lineA)).not.toContain('"Filme Teste Renomeado"');
    expect(await playlist(lineA)).not.toContain('Filme Teste');
    // Of each answer only the newest file stays (by a pass that runs after each new file).
    const answers = () => readdirSync(cacheDir).filter((name) => name.endsWith('.answer'));
    await vi.waitFor(() => {
      const names = answers();
      expect(new Set(names.map((name) => name.split('-')[1])).size).toBe(names.length);
    });
  });
});
