/**
 * Importing an M3U playlist and an XMLTV guide (docs/product/api.md#content-import, decision 0038), from
 * the test upstream's URLs and from files on the server, through the admin API on a real database.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { ContentSource } from '@panel/shared/content-sources/content-sources-api';
import { and, asc, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contentCategories, contentSeries, contentStreams, epgProgrammes } from '../../db/schema';
import { useTestApp } from '../../../test/test-app';
import { startXtreamUpstream, type XtreamUpstream } from '../../../test/upstream/xtream-upstream';
import { classifyM3uEntry, parseExtinf } from './m3u-parser';
import { parseXmltvTime } from './xmltv-parser';

const t = useTestApp();
let upstream: XtreamUpstream;
const work = mkdtempSync(join(tmpdir(), 'panel-m3u-'));
beforeAll(async () => {
  upstream = await startXtreamUpstream();
}, 120_000);
afterAll(async () => {
  await upstream?.close();
  rmSync(work, { recursive: true, force: true });
});

const admin = () => t.as(t.adminToken);

async function createM3u(url: string, xmltvUrl?: string): Promise<ContentSource> {
  const response = await admin().post('/api/admin/content/sources', {
    kind: 'm3u',
    name: 'Lista',
    url,
    xmltv_url: xmltvUrl ?? null,
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<ContentSource>();
}

async function sync(id: number): Promise<ContentSource> {
  const started = await admin().post(`/api/admin/content/sources/${id}/sync`);
  expect(started.statusCode, started.body).toBe(202);
  await t.app.contentSync.settled(id);
  return (await admin().get(`/api/admin/content/sources/${id}`)).json<ContentSource>();
}

const streamsOf = (sourceId: number) =>
  t.db
    .select()
    .from(contentStreams)
    .where(eq(contentStreams.sourceId, sourceId))
    .orderBy(asc(contentStreams.sortOrder), asc(contentStreams.id));

describe('M3U parsing rules', () => {
  it('reads #EXTINF attributes and the name after the first comma outside quotes', () => {
    expect(
      parseExtinf(
        '#EXTINF:-1 tvg-id="a.br" tvg-name="A, B" tvg-logo="http://l/x.png" group-title="G 1",A, B',
      ),
    ).toEqual({
      name: 'A, B',
      attributes: {
        'tvg-id': 'a.br',
        'tvg-name': 'A, B',
        'tvg-logo': 'http://l/x.png',
        'group-title': 'G 1',
      },
    });
  });

  it('decides the kind by URL shape, extension and SxxEyy names', () => {
    const entry = (url: string, name = 'Item', attributes: Record<string, string> = {}) =>
      classifyM3uEntry({ name, url, attributes, group: '' });
    expect(entry('http://x/movie/u/p/77.mkv')).toEqual({ kind: 'movie', externalId: '77', extension: 'mkv' });
    expect(entry('http://x/series/u/p/88.mp4', 'Show S02 E03')).toEqual({
      kind: 'episode',
      externalId: '88',
      extension: 'mp4',
      seriesName: 'Show',
      season: 2,
      episode: 3,
    });
    expect(entry('http://x/u/p/99', 'Canal', { 'tvg-id': 'c.br' })).toEqual({
      kind: 'live',
      externalId: 'c.br|Canal',
      extension: 'ts',
    });
    expect(entry('http://x/live/u/p/99.m3u8')).toMatchObject({ kind: 'live', externalId: '99' });
    expect(entry('http://cdn/filmes/a.avi?token=1', 'Filme')).toMatchObject({ kind: 'movie' });
    expect(entry('http://cdn/a.mp4', 'Outra Série S01E10')).toMatchObject({
      kind: 'episode',
      seriesName: 'Outra Série',
      season: 1,
      episode: 10,
    });
  });

  it('reads XMLTV times with and without an offset', () => {
    expect(parseXmltvTime('20250101120000 +0200')?.toISOString()).toBe('2025-01-01T10:00:00.000Z');
    expect(parseXmltvTime('20250101120000')?.toISOString()).toBe('2025-01-01T12:00:00.000Z');
    expect(parseXmltvTime('amanhã')).toBeUndefined();
  });
});

describe('M3U import', () => {
  it('imports the upstream playlist and guide by URL', async () => {
    const source = await createM3u(`${upstream.url}/playlist.m3u`, `${upstream.url}/guide.xml`);
    expect(source).toMatchObject({ kind: 'm3u', delivery_mode: 'redirect', has_password: false });
    const done = await sync(source.id);
    expect(done.sync_status, done.sync_error ?? '').toBe('ok');
    expect(done.sync_summary).toMatchObject({
      categories: { added: 3 },
      live: { added: 2 },
      movies: { added: 2 },
      epgProgrammes: 8,
    });
    const streams = await streamsOf(source.id);
    expect(streams.map((row) => [row.kind, row.name, row.epgChannelId, row.icon])).toEqual([
      ['live', 'Notícias Um', 'noticias1.br', 'http://img.example/n1.png'],
      ['live', 'Esporte & Cia', 'esporte.br', ''],
      ['movie', 'Filme Teste', null, ''],
      ['movie', 'Outro Filme', null, ''],
    ]);
    expect(streams[0]?.sourceUrls).toEqual([`${upstream.url}/media/live.ts?channel=1001`]);
    expect(streams[2]?.containerExtension).toBe('mp4');
    const categories = await t.db
      .select()
      .from(contentCategories)
      .where(eq(contentCategories.sourceId, source.id))
      .orderBy(asc(contentCategories.id));
    expect(categories.map((row) => [row.kind, row.name])).toEqual([
      ['live', 'Notícias'],
      ['live', 'Esportes'],
      ['movie', 'Filmes de Ação'],
    ]);
    const programmes = await t.db.select().from(epgProgrammes).where(eq(epgProgrammes.sourceId, source.id));
    expect(programmes).toHaveLength(8);

    // Again: nothing new, nothing changed, same ids.
    const again = await sync(source.id);
    expect(again.sync_summary).toMatchObject({
      categories: { added: 0, updated: 0, retired: 0 },
      live: { added: 0, updated: 0, retired: 0 },
      movies: { added: 0, updated: 0, retired: 0 },
      epgProgrammes: 8,
    });
    expect((await streamsOf(source.id)).map((row) => row.id)).toEqual(streams.map((row) => row.id));
    expect(await t.db.select().from(epgProgrammes).where(eq(epgProgrammes.sourceId, source.id))).toHaveLength(
      8,
    );
  });

  it('imports files: series from names, Xtream-shaped URLs, #EXTGRP, a gzipped guide; re-sync retires', async () => {
    const playlist = join(work, 'lista.m3u');
    const base = 'http://cdn.example';
    const lines = [
      '#EXTM3U x-tvg-url="ignored"',
      '#EXTINF:-1 tvg-id="globo.br" tvg-name="Globo" tvg-logo="http://l/globo.png" group-title="Abertos",Globo HD',
      `${base}/live/u/p/501.ts`,
      '#EXTINF:-1 tvg-id="" tvg-name="Matrix" group-title="Filmes",Matrix',
      `${base}/movie/u/p/601.mkv`,
      '#EXTINF:-1 tvg-name="Dark S01 E01" tvg-logo="http://l/dark.png" group-title="Séries",Dark S01 E01',
      `${base}/series/u/p/701.mp4`,
      '#EXTINF:-1 tvg-name="Dark S01E02" group-title="Séries",Dark S01E02',
      `${base}/series/u/p/702.mp4`,
      '#EXTINF:-1,Filme Solto',
      '#EXTGRP:Lançamentos',
      `${base}/files/filme-solto.mp4`,
      '#EXTINF:-1 tvg-id="xxx.br" group-title="XXX Adultos",Canal Adulto',
      `${base}/stream/adulto`,
    ];
    writeFileSync(playlist, `${lines.join('\n')}\n`);
    const guide = join(work, 'guia.xml.gz');
    const hour = 3_600_000;
    const from = new Date(Math.floor(Date.now() / hour) * hour);
    const stamp = (date: Date) => `${date.toISOString().slice(0, 19).replace(/[-:T]/g, '')} +0000`;
    writeFileSync(
      guide,
      gzipSync(
        `<?xml version="1.0"?><tv><channel id="globo.br"><display-name>Globo</display-name>` +
          `<icon src="http://l/globo.png"/></channel>` +
          `<programme start="${stamp(from)}" stop="${stamp(new Date(from.getTime() + hour))}" channel="globo.br">` +
          `<title lang="pt"><![CDATA[Jornal & Cia]]></title></programme></tv>`,
      ),
    );
    const source = await createM3u(playlist, guide);
    const done = await sync(source.id);
    expect(done.sync_status, done.sync_error ?? '').toBe('ok');
    expect(done.sync_summary).toMatchObject({
      live: { added: 2 },
      movies: { added: 2 },
      series: { added: 1 },
      episodes: { added: 2 },
      epgProgrammes: 1,
    });
    const streams = await streamsOf(source.id);
    const byName = (name: string) => streams.find((row) => row.name === name);
    expect(byName('Globo HD')).toMatchObject({ kind: 'live', externalId: '501', epgChannelId: 'globo.br' });
    expect(byName('Matrix')).toMatchObject({ kind: 'movie', externalId: '601', containerExtension: 'mkv' });
    expect(byName('Filme Solto')).toMatchObject({ kind: 'movie', containerExtension: 'mp4' });
    const [dark] = await t.db.select().from(contentSeries).where(eq(contentSeries.sourceId, source.id));
    expect(dark).toMatchObject({ name: 'Dark', cover: 'http://l/dark.png' });
    expect(
      streams
        .filter((row) => row.kind === 'episode')
        .map((row) => [row.seriesId, row.seasonNumber, row.episodeNumber]),
    ).toEqual([
      [dark?.id, 1, 1],
      [dark?.id, 1, 2],
    ]);
    const categories = await t.db
      .select()
      .from(contentCategories)
      .where(eq(contentCategories.sourceId, source.id));
    expect(categories.map((row) => [row.kind, row.name, row.isAdult]).sort()).toEqual(
      [
        ['live', 'Abertos', false],
        ['live', 'XXX Adultos', true],
        ['movie', 'Filmes', false],
        ['movie', 'Lançamentos', false],
        ['series', 'Séries', false],
      ].sort(),
    );
    const [programme] = await t.db.select().from(epgProgrammes).where(eq(epgProgrammes.sourceId, source.id));
    expect(programme).toMatchObject({ channelId: 'globo.br', title: 'Jornal & Cia' });

    // The playlist loses Matrix and an episode; the rest keeps its ids.
    writeFileSync(playlist, `${lines.slice(0, 3).concat(lines.slice(5, 7), lines.slice(9)).join('\n')}\n`);
    const again = await sync(source.id);
    // (Canal Adulto moved up the list: its sort order changed, so it counts as updated.)
    expect(again.sync_summary).toMatchObject({
      live: { added: 0, updated: 1, retired: 0 },
      movies: { added: 0, retired: 1 },
      episodes: { added: 0, retired: 1 },
      categories: { retired: 1 },
    });
    const active = await t.db
      .select({ id: contentStreams.id, name: contentStreams.name })
      .from(contentStreams)
      .where(and(eq(contentStreams.sourceId, source.id), isNull(contentStreams.retiredAt)));
    expect(active.map((row) => row.name).sort()).toEqual(
      ['Canal Adulto', 'Dark S01 E01', 'Filme Solto', 'Globo HD'].sort(),
    );
    expect(active.find((row) => row.name === 'Globo HD')?.id).toBe(byName('Globo HD')?.id);
  });

  it('fails clearly on a missing file and on a text that is not M3U', async () => {
    const missing = await createM3u(join(work, 'nada.m3u'));
    expect(await sync(missing.id)).toMatchObject({
      sync_status: 'failed',
      sync_error: `Arquivo não encontrado no servidor: ${join(work, 'nada.m3u')}`,
    });
    const notM3u = join(work, 'nao.m3u');
    writeFileSync(notM3u, '<html>oops</html>\n');
    const invalid = await createM3u(notM3u);
    expect(await sync(invalid.id)).toMatchObject({
      sync_status: 'failed',
      sync_error: 'O arquivo não é uma lista M3U válida (falta #EXTM3U).',
    });
    const broken = join(work, 'quebrado.xml');
    writeFileSync(broken, '<tv><channel id="a"></tv>');
    const badGuide = await createM3u(`${upstream.url}/playlist.m3u`, broken);
    const failed = await sync(badGuide.id);
    expect(failed.sync_status).toBe('failed');
    expect(failed.sync_error).toMatch(/^O guia XMLTV é inválido:/);
    expect(await t.db.select().from(epgProgrammes).where(eq(epgProgrammes.sourceId, badGuide.id))).toEqual(
      [],
    );
  });
});
