import { request as httpRequest, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { parseM3U } from '@iptv/playlist';
import { parseXmltv } from '@iptv/xmltv';
import { sql } from 'drizzle-orm';
import { executeRows } from '../../db/execute-rows';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createCategory,
  createGuide,
  createSeries,
  createStream,
  libraryFromUpstream,
} from '../../../test/content-factory';
import { createAccount, createLine, daysFromNow } from '../../../test/factories';
import { useTestApp } from '../../../test/test-app';
import { cursorReader } from '../content/cursor-read';
import { bumpCategoryVersions, bumpLibraryVersion } from '../content/library-version.repository';
import { findPlayerLine } from './player-line';
import { playlistChunks } from './playlist.service';
import { startXtreamUpstream, type XtreamUpstream } from '../../../test/upstream/xtream-upstream';

/**
 * get.php and xmltv.php through the real server on a real port, parsed by the real libraries
 * (@iptv/playlist 1.2.1, @iptv/xmltv 1.0.1); docs/product/api.md#player-api, decision 0039.
 */
const t = useTestApp();
let upstream: XtreamUpstream;
let base = '';
let library: Awaited<ReturnType<typeof libraryFromUpstream>>;
const line = { username: '', password: '' };
let owner: Awaited<ReturnType<typeof createAccount>>;

const credentials = (who = line) =>
  `username=${encodeURIComponent(who.username)}&password=${encodeURIComponent(who.password)}`;

async function playlist(query: string, who = line) {
  const response = await fetch(`${base}/get.php?${credentials(who)}${query}`);
  return { response, text: await response.text() };
}

beforeAll(async () => {
  upstream = await startXtreamUpstream();
  library = await libraryFromUpstream(t.app, upstream, { deliveryMode: 'redirect' });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  owner = await createAccount(t.app);
  const row = await createLine(t.app, owner, { password: 'a?b@c!9', bouquets: [1, 2] });
  Object.assign(line, { username: row.username, password: row.password });

  const db = t.db;
  const foreignLive = await createCategory(db, { kind: 'live', name: 'Outro Pacote', bouquetIds: [3] });
  await createStream(db, {
    kind: 'live',
    categoryId: foreignLive.id,
    name: 'Canal Alheio',
    epgChannelId: 'alheio.br',
  });
  await createGuide(db, 'alheio.br', 'Canal Alheio');
  const adult = await createCategory(db, { kind: 'movie', name: 'Adultos', bouquetIds: [6], isAdult: true });
  await createStream(db, { kind: 'movie', categoryId: adult.id, name: 'Filme Adulto' });
  const foreignSeries = await createCategory(db, { kind: 'series', name: 'Séries Outras', bouquetIds: [3] });
  await createSeries(db, { categoryId: foreignSeries.id, name: 'Série Alheia' }, [
    { season: 1, episode: 1, name: 'Série Alheia - S01E01', sourceUrls: [] },
  ]);
  await createStream(db, {
    kind: 'movie',
    categoryId: library.categories.action.id,
    name: 'Filme Aposentado',
    retiredAt: new Date(),
  });
  await createSeries(
    db,
    { categoryId: library.categories.drama.id, name: 'Série Aposentada', retiredAt: new Date() },
    [{ season: 1, episode: 1, name: 'Série Aposentada - S01E01', sourceUrls: [] }],
  );
});

afterAll(async () => {
  await upstream?.close();
});

describe('get.php [d1, d2]', () => {
  it('writes every live stream, movie and episode once, parsed by @iptv/playlist', async () => {
    const { response, text } = await playlist('&type=m3u_plus&output=ts');
    expect(response.status).toBe(200);
    // Without parameters: mpv opens it by this type only (decision 0062).
    expect(response.headers.get('content-type')).toBe('audio/x-mpegurl');
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
    expect(text.startsWith('#EXTM3U')).toBe(true);

    const parsed = parseM3U(text);
    const epg = `${base}/xmltv.php?${credentials()}`;
    expect(parsed.headers?.xTvgUrl).toBe(epg);
    const user = encodeURIComponent(line.username);
    const pass = encodeURIComponent(line.password);
    expect(pass).toBe('a%3Fb%40c!9');
    expect(parsed.channels.map((channel) => [channel.name, channel.groupTitle, channel.url])).toEqual([
      ['Notícias Um', 'Notícias', `${base}/live/${user}/${pass}/${library.live.id}.ts`],
      ['Filme Teste', 'Filmes de Ação', `${base}/movie/${user}/${pass}/${library.movie.id}.mp4`],
      ...library.episodes.map((episode, index) => [
        ['Série Teste S01 E01', 'Série Teste S01 E02', 'Série Teste S02 E01'][index],
        'Séries Drama',
        `${base}/series/${user}/${pass}/${episode.id}.mp4`,
      ]),
    ]);
    expect(parsed.channels[0]).toMatchObject({ tvgId: 'noticias1.br', tvgName: 'Notícias Um', tvgLogo: '' });
    expect(parsed.channels[1]!.tvgId).toBe('');
    for (const word of ['Alheio', 'Alheia', 'Adulto', 'Aposentad']) expect(text).not.toContain(word);
  });

  it('maps output aliases, works without output and writes plain m3u', async () => {
    const liveUrl = async (query: string) =>
      parseM3U((await playlist(query)).text).channels.find((channel) => channel.url?.includes('/live/'))?.url;
    for (const [output, extension] of [
      ['&output=ts', 'ts'],
      ['&output=mpegts', 'ts'],
      ['&output=m3u8', 'm3u8'],
      ['&output=hls', 'm3u8'],
      ['', 'ts'],
    ] as const) {
      expect(await liveUrl(`&type=m3u_plus${output}`)).toMatch(
        new RegExp(`/${library.live.id}\\.${extension}$`),
      );
    }
    // No type and no output at all still answers a playlist.
    const bare = await playlist('');
    expect(bare.response.status).toBe(200);
    expect(parseM3U(bare.text).channels).toHaveLength(5);

    const plain = (await playlist('&type=m3u&output=m3u8')).text;
    expect(plain).toContain(`#EXTINF:-1,Notícias Um\n${base}/live/`);
    expect(plain).not.toContain('tvg-id');
    const parsed = parseM3U(plain);
    expect(parsed.channels.map((channel) => channel.name)).toEqual([
      'Notícias Um',
      'Filme Teste',
      'Série Teste S01 E01',
      'Série Teste S01 E02',
      'Série Teste S02 E01',
    ]);
    expect(parsed.channels.every((channel) => channel.url?.startsWith('http://'))).toBe(true);
  });

  it('takes raw and percent-encoded credentials', async () => {
    const raw = await fetch(
      `${base}/get.php?username=${line.username}&password=${line.password}&type=m3u_plus`,
    );
    expect(raw.status).toBe(200);
    const encoded = await fetch(
      `${base}/get.php?username=${encodeURIComponent(line.username)}&password=a%3Fb%40c%219&type=m3u_plus`,
    );
    expect(encoded.status).toBe(200);
    expect(parseM3U(await encoded.text()).channels).toHaveLength(5);
  });

  it('writes absolute URLs on the origin the app reached (no PLAYER_BASE_URL)', async () => {
    const text = (await playlist('&type=m3u_plus')).text;
    expect(parseM3U(text).channels.every((channel) => channel.url?.startsWith(`${base}/`))).toBe(true);
  });
});

describe('xmltv.php [e1]', () => {
  it('lists the guide channels of the line’s live streams and their programmes, parsed by @iptv/xmltv', async () => {
    const response = await fetch(`${base}/xmltv.php?${credentials()}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^application\/xml/);
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
    const text = await response.text();
    const guide = parseXmltv(text);
    expect(guide.channels?.map((channel) => [channel.id, channel.displayName?.[0]?._value])).toEqual([
      ['noticias1.br', 'Notícias Um'],
    ]);
    const programmes = guide.programmes ?? [];
    expect(programmes).toHaveLength(4);
    for (const programme of programmes) {
      expect(programme.channel).toBe('noticias1.br');
      expect(programme.start.getTime()).toBeLessThan(programme.stop!.getTime());
    }
    expect(programmes.map((programme) => programme.title?.[0]?._value)).toEqual([
      'Notícias Um programa 1',
      'Notícias Um programa 2',
      'Notícias Um programa 3',
      'Notícias Um programa 4',
    ]);
    // XML-escaped in the document, plain text once parsed.
    expect(text).toContain('<desc lang="pt">Descrição 1 &amp; mais</desc>');
    // @iptv/xmltv hands text over as written (entities included).
    expect(programmes[0]!.desc?.[0]?._value).toBe('Descrição 1 &amp; mais');
    expect(text).toMatch(/start="\d{14} \+0000" stop="\d{14} \+0000"/);
    expect(text).not.toContain('alheio.br');
  });
});

describe('get.php and xmltv.php refusals [g1–g5]', () => {
  it('answers 401 for wrong credentials and 403 for lines that may not watch', async () => {
    const expired = await createLine(t.app, owner, { expDate: daysFromNow(-1) });
    const banned = await createLine(t.app, owner, { enabled: 0 });
    const p2p = await createLine(t.app, owner, { system: 2 });
    const cases = [
      [{ username: 'ninguem', password: 'x' }, 401],
      [{ username: line.username, password: 'errada' }, 401],
      [{ username: line.username, password: '' }, 401],
      [expired, 403],
      [banned, 403],
      [p2p, 403],
    ] as const;
    for (const path of ['/get.php', '/xmltv.php']) {
      for (const [who, status] of cases) {
        const response = await fetch(`${base}${path}?${credentials(who)}&type=m3u_plus&output=ts`, {
          redirect: 'manual',
        });
        expect(`${path} ${who.username} ${response.status}`).toBe(`${path} ${who.username} ${status}`);
        const body = await response.text();
        expect(body).not.toContain('#EXTM3U');
        expect(body).not.toContain('<tv');
      }
      expect((await fetch(`${base}${path}`)).status).toBe(401);
    }
  });
});

describe('get.php streams (decisions 0039, 0100)', () => {
  /** A GET whose body the test reads at its own pace (node:http applies backpressure when paused). */
  function open(path: string): Promise<IncomingMessage> {
    return new Promise((resolve, reject) => {
      httpRequest(`${base}${path}`, resolve).on('error', reject).end();
    });
  }

  /** The statement a connection of this database waits after inside an open transaction, if any. */
  async function renderWaiting(): Promise<string> {
    const [row] = await executeRows<{ query: string }>(
      t.db,
      sql`select query from pg_stat_activity
        where datname = current_database() and state = 'idle in transaction' and query like 'fetch %'`,
    );
    return row?.query ?? '';
  }

  it('renders the first rows before the last ones are read from the database, then serves the file', async () => {
    // 16 batches of ~2 kB rows (~32 MB): far more than one batch in flight can hold while nobody reads,
    // so the renderer cannot have read the last batch by then.
    const category = await createCategory(t.db, { kind: 'movie', name: 'Muitos Filmes', bouquetIds: [2] });
    const long = 'x'.repeat(1000);
    await t.db.execute(sql`insert into content_streams (kind, category_id, name, container_extension)
      select 'movie', ${category.id}, 'Filme ' || g || ' ${sql.raw(long)}', 'mp4' from generate_series(1, 32000) g`);
    // What autovacuum (PostgreSQL) or the import (PGlite) does after a bulk write: fresh planner statistics.
    await t.db.execute(sql`analyze content_streams`);
    // Rows written straight in the database: bump the category as a sync does (decision 0100), hard so the
    // request below is a render, not the previous answer served while it renders.
    await bumpCategoryVersions(t.db, [category.id]);
    await bumpLibraryVersion(t.db, { hard: true });
    const [last] = await executeRows<{ id: number }>(
      t.db,
      sql`select max(id) as id from content_streams where category_id = ${category.id}`,
    );
    const playerLine = await findPlayerLine(t.db, line.username, line.password);

    // The renderer is pulled as its reader reads (decision 0039): paused after the first chunk, it has not
    // read the last rows when the last movie changes its name.
    const rendered: string[] = [];
    const chunks = playlistChunks(t.db, playerLine!, base, 'm3u_plus', 'ts');
    const first = await chunks.next();
    rendered.push(first.value as string);
    const throughCursor = cursorReader(t.db) !== undefined;
    if (throughCursor) {
      // PostgreSQL reads through a cursor in one snapshot (decision 0105): paused after its first chunk, the
      // render's connection waits inside its transaction after a FETCH, with rows still unread.
      await expect.poll(renderWaiting, { timeout: 5000 }).toMatch(/^fetch forward \d+ from read_cursor_\d+$/);
    }
    await t.db.execute(sql`update content_streams set name = 'Renomeado Depois' where id = ${last!.id}`);
    for await (const chunk of chunks) rendered.push(chunk);
    const parsed = parseM3U(rendered.join(''));
    expect(parsed.channels).toHaveLength(5 + 32000);
    // Keyset pages (PGlite) read the last page after the change; the cursor's snapshot is from before it.
    expect(parsed.channels.at(-4)!.name).toBe(throughCursor ? `Filme 32000 ${long}` : 'Renomeado Depois');
    expect(new Set(parsed.channels.map((channel) => channel.url)).size).toBe(parsed.channels.length);

    // Through the server: the answer streams (no length known ahead) from the render's file as it grows,
    // whole however slowly the client reads.
    const response = await open(`/get.php?${credentials()}&type=m3u_plus&output=ts`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-length']).toBeUndefined();
    const received: Buffer[] = [];
    const ended = new Promise((resolve) => response.on('end', resolve));
    response.on('data', (chunk: Buffer) => received.push(chunk));
    await new Promise((resolve) => response.once('data', resolve));
    response.pause();
    await new Promise((resolve) => setTimeout(resolve, 200));
    response.resume();
    await ended;
    // The server renders after the change: on PostgreSQL its snapshot has the new name, the cursor's above not.
    const expected = throughCursor
      ? rendered.join('').replaceAll(`Filme 32000 ${long}`, 'Renomeado Depois')
      : rendered.join('');
    expect(Buffer.concat(received).toString('utf8')).toBe(expected);
  }, 60_000);
});
