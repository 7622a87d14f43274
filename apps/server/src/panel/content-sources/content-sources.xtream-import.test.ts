/**
 * Importing from an upstream Xtream server (docs/product/api.md#content-import, decision 0038): through
 * the admin API of the real server, against the real test upstream, on a real database.
 */
import type { ContentSource } from '@panel/shared/content-sources/content-sources-api';
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bouquetCategories,
  bouquets,
  contentCategories,
  contentSeries,
  contentStreams,
  epgChannels,
  epgProgrammes,
} from '../../db/schema';
import { createSignedInAccount } from '../../../test/factories';
import { useTestApp } from '../../../test/test-app';
import {
  defaultUpstreamCatalog,
  startXtreamUpstream,
  type UpstreamCatalog,
  type XtreamUpstream,
} from '../../../test/upstream/xtream-upstream';

const t = useTestApp();
let upstream: XtreamUpstream;
beforeAll(async () => {
  upstream = await startXtreamUpstream();
}, 120_000);
afterAll(() => upstream?.close());

const admin = () => t.as(t.adminToken);

async function createSource(body: Record<string, unknown> = {}): Promise<ContentSource> {
  const response = await admin().post('/api/admin/content/sources', {
    kind: 'xtream',
    name: 'Fornecedor',
    url: upstream.url,
    username: upstream.username,
    password: upstream.password,
    ...body,
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<ContentSource>();
}

/** Starts a sync through the API and waits for it to end; the source as it then is. */
async function sync(id: number): Promise<ContentSource> {
  const started = await admin().post(`/api/admin/content/sources/${id}/sync`);
  expect(started.statusCode, started.body).toBe(202);
  expect(started.json<ContentSource>().sync_status).toBe('running');
  await t.app.contentSync.settled(id);
  const source = (await admin().get(`/api/admin/content/sources/${id}`)).json<ContentSource>();
  return source;
}

async function streamsOf(sourceId: number) {
  return t.db
    .select()
    .from(contentStreams)
    .where(eq(contentStreams.sourceId, sourceId))
    .orderBy(asc(contentStreams.kind), asc(contentStreams.externalId));
}

async function bouquetIdsOf(categoryId: number) {
  const rows = await t.db
    .select({ id: bouquetCategories.bouquetId })
    .from(bouquetCategories)
    .where(eq(bouquetCategories.categoryId, categoryId))
    .orderBy(asc(bouquetCategories.bouquetId));
  return rows.map((row) => row.id);
}

describe('Xtream import', () => {
  let source: ContentSource;
  let nonAdultBouquets: number[];
  let adultBouquets: number[];

  beforeAll(async () => {
    const all = await t.db.select().from(bouquets).orderBy(asc(bouquets.id));
    nonAdultBouquets = all.filter((row) => !row.isAdult).map((row) => row.id);
    adultBouquets = all.filter((row) => row.isAdult).map((row) => row.id);
    expect(adultBouquets.length).toBeGreaterThan(0);
  });

  it('imports categories, live, movies, series with episodes and the guide', async () => {
    source = await createSource();
    expect(source).toMatchObject({ has_password: true, delivery_mode: 'proxy', sync_status: 'idle' });
    expect(JSON.stringify(source)).not.toContain(upstream.password);

    const done = await sync(source.id);
    expect(done.sync_status, done.sync_error ?? '').toBe('ok');
    expect(done.sync_progress).toBeNull();
    expect(done.sync_summary).toMatchObject({
      categories: { added: 4, updated: 0, retired: 0 },
      live: { added: 2, updated: 0, retired: 0 },
      movies: { added: 2, updated: 0, retired: 0 },
      series: { added: 1, updated: 0, retired: 0 },
      episodes: { added: 3, updated: 0, retired: 0 },
      epgProgrammes: 8,
    });

    const categories = await t.db
      .select()
      .from(contentCategories)
      .where(eq(contentCategories.sourceId, source.id))
      .orderBy(asc(contentCategories.id));
    expect(categories.map((row) => [row.kind, row.name, row.isAdult])).toEqual([
      ['live', 'Notícias', false],
      ['live', 'Esportes', false],
      ['movie', 'Filmes de Ação', false],
      ['series', 'Séries Drama', false],
    ]);
    for (const category of categories) expect(await bouquetIdsOf(category.id)).toEqual(nonAdultBouquets);

    const streams = await streamsOf(source.id);
    const credentials = `${upstream.username}/${upstream.password}`;
    const live = streams.find((row) => row.externalId === '1001');
    expect(live).toMatchObject({
      kind: 'live',
      name: 'Notícias Um',
      epgChannelId: 'noticias1.br',
      icon: 'http://img.example/n1.png',
      containerExtension: 'ts',
      sourceUrls: [`${upstream.url}/live/${credentials}/1001.ts`],
    });
    const movie = streams.find((row) => row.kind === 'movie' && row.externalId === '2001');
    expect(movie).toMatchObject({
      name: 'Filme Teste',
      tmdbId: '603',
      containerExtension: 'mp4',
      sourceUrls: [`${upstream.url}/movie/${credentials}/2001.mp4`],
    });
    expect(movie?.info).toMatchObject({ plot: 'Sinopse de Filme Teste', duration_secs: 4, rating: '6.5' });

    const [series] = await t.db.select().from(contentSeries).where(eq(contentSeries.sourceId, source.id));
    expect(series).toMatchObject({ name: 'Série Teste', externalId: '3001' });
    expect(series?.info).toMatchObject({
      plot: 'Sinopse de Série Teste',
      genre: 'Drama',
      releaseDate: '2025-01-01',
      rating: '8',
      rating_5based: 4,
      backdrop_path: [],
      episode_run_time: '3',
    });
    const episodes = streams
      .filter((row) => row.kind === 'episode')
      .map((row) => [row.seriesId, row.seasonNumber, row.episodeNumber, row.name, row.categoryId]);
    expect(episodes).toEqual([
      [series?.id, 1, 1, 'Série Teste - S01E01', null],
      [series?.id, 1, 2, 'Série Teste - S01E02', null],
      [series?.id, 2, 1, 'Série Teste - S02E01', null],
    ]);
    expect(streams.find((row) => row.externalId === '4003')?.sourceUrls).toEqual([
      `${upstream.url}/series/${credentials}/4003.mp4`,
    ]);

    const guide = await t.db
      .select()
      .from(epgProgrammes)
      .where(eq(epgProgrammes.sourceId, source.id))
      .orderBy(asc(epgProgrammes.channelId), asc(epgProgrammes.startsAt));
    expect(guide).toHaveLength(8);
    expect(guide[0]).toMatchObject({ channelId: 'esporte.br', lang: 'pt', description: 'Programa 1 & mais' });
    const [channel] = await t.db.select().from(epgChannels).where(eq(epgChannels.id, 'noticias1.br'));
    expect(channel).toMatchObject({ displayName: 'Notícias Um', sourceId: source.id });
  });

  it('re-syncs: renamed items updated in place, removed ones retired, ids stable, guide replaced', async () => {
    const before = await streamsOf(source.id);
    const idOf = (externalId: string) => before.find((row) => row.externalId === externalId)?.id;
    const changed: UpstreamCatalog = defaultUpstreamCatalog();
    changed.live = changed.live.filter((item) => item.id !== 1002);
    changed.liveCategories = changed.liveCategories.filter((item) => item.id !== 12);
    const firstMovie = changed.movies[0];
    if (firstMovie) firstMovie.name = 'Filme Teste (Versão Estendida)';
    changed.series[0]?.episodes.push({ id: 4004, season: 2, episode: 2, title: 'Série Teste - S02E02' });
    upstream.setCatalog(changed);
    try {
      const done = await sync(source.id);
      expect(done.sync_status, done.sync_error ?? '').toBe('ok');
      expect(done.sync_summary).toMatchObject({
        categories: { added: 0, updated: 0, retired: 1 },
        live: { added: 0, updated: 0, retired: 1 },
        movies: { added: 0, updated: 1, retired: 0 },
        series: { added: 0, updated: 0, retired: 0 },
        episodes: { added: 1, updated: 0, retired: 0 },
        epgProgrammes: 4,
      });
      const after = await streamsOf(source.id);
      const movie = after.find((row) => row.kind === 'movie' && row.externalId === '2001');
      expect(movie).toMatchObject({
        id: idOf('2001'),
        name: 'Filme Teste (Versão Estendida)',
        retiredAt: null,
      });
      // Details fetched once stay although the listing does not repeat them.
      expect(movie?.info).toMatchObject({ plot: 'Sinopse de Filme Teste' });
      expect(after.find((row) => row.externalId === '1002')?.retiredAt).toBeInstanceOf(Date);
      expect(after.find((row) => row.externalId === '1001')).toMatchObject({
        id: idOf('1001'),
        retiredAt: null,
      });
      // The guide no longer has esporte.br: its programmes stay until they end (decision 0127).
      const programmes = await t.db
        .select({ channel: epgProgrammes.channelId, count: sql<number>`count(*)::int` })
        .from(epgProgrammes)
        .where(eq(epgProgrammes.sourceId, source.id))
        .groupBy(epgProgrammes.channelId)
        .orderBy(epgProgrammes.channelId);
      expect(programmes).toEqual([
        { channel: 'esporte.br', count: 4 },
        { channel: 'noticias1.br', count: 4 },
      ]);

      // It comes back: the same row, un-retired.
      upstream.setCatalog(defaultUpstreamCatalog());
      const again = await sync(source.id);
      expect(again.sync_summary).toMatchObject({
        categories: { added: 0, updated: 1, retired: 0 },
        live: { added: 0, updated: 1, retired: 0 },
        episodes: { added: 0, updated: 0, retired: 1 },
      });
      const back = await streamsOf(source.id);
      expect(back.find((row) => row.externalId === '1002')).toMatchObject({
        id: idOf('1002'),
        retiredAt: null,
      });
    } finally {
      upstream.setCatalog(defaultUpstreamCatalog());
    }
  });

  it('keeps going when the upstream cannot give one new film its details', async () => {
    const changed = defaultUpstreamCatalog();
    changed.movies.push({ id: 2003, name: 'Filme Sem Detalhes', categoryId: 21, extension: 'mp4' });
    upstream.setCatalog(changed);
    upstream.setBrokenVodInfo([2003]);
    try {
      const done = await sync(source.id);
      expect(done.sync_status, done.sync_error ?? '').toBe('ok');
      expect(done.sync_summary).toMatchObject({ movies: { added: 1 } });
      const film = (await streamsOf(source.id)).find((row) => row.externalId === '2003');
      expect(film).toMatchObject({ name: 'Filme Sem Detalhes', retiredAt: null });
    } finally {
      upstream.setBrokenVodInfo([]);
      upstream.setCatalog(defaultUpstreamCatalog());
      await sync(source.id);
    }
  });

  it('flags 24-hour channels (created_live) as media type 3 and keeps them live', async () => {
    const changed = defaultUpstreamCatalog();
    changed.live.push({
      id: 1003,
      name: 'Clássicos',
      categoryId: 11,
      epgChannelId: '',
      streamType: 'created_live',
    });
    upstream.setCatalog(changed);
    try {
      const done = await sync(source.id);
      expect(done.sync_status, done.sync_error ?? '').toBe('ok');
      const live = (await streamsOf(source.id)).filter((row) => row.kind === 'live');
      expect(live.map((row) => [row.externalId, row.is24h])).toEqual([
        ['1001', false],
        ['1002', false],
        ['1003', true],
      ]);
    } finally {
      upstream.setCatalog(defaultUpstreamCatalog());
      await sync(source.id);
    }
  });

  it('puts adult categories in the adult bouquets and keeps a mapping the admin changed', async () => {
    const [news] = await t.db
      .select()
      .from(contentCategories)
      .where(and(eq(contentCategories.sourceId, source.id), eq(contentCategories.externalId, '11')));
    if (!news) throw new Error('category 11 missing');
    const moved = await admin().put(`/api/admin/content/categories/${news.id}/bouquets`, {
      bouquet_ids: [adultBouquets[0], nonAdultBouquets[1]],
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json()).toMatchObject({ id: news.id, bouquet_ids: [nonAdultBouquets[1], adultBouquets[0]] });

    const changed = defaultUpstreamCatalog();
    changed.liveCategories.push({ id: 19, name: 'Adultos +18' });
    changed.live.push({ id: 1009, name: 'Canal Adulto', categoryId: 19, epgChannelId: 'adulto.br' });
    upstream.setCatalog(changed);
    try {
      const done = await sync(source.id);
      expect(done.sync_status, done.sync_error ?? '').toBe('ok');
    } finally {
      upstream.setCatalog(defaultUpstreamCatalog());
    }
    const [adult] = await t.db
      .select()
      .from(contentCategories)
      .where(and(eq(contentCategories.sourceId, source.id), eq(contentCategories.externalId, '19')));
    expect(adult?.isAdult).toBe(true);
    expect(await bouquetIdsOf(adult?.id ?? 0)).toEqual(adultBouquets);
    expect(await bouquetIdsOf(news.id)).toEqual(
      [nonAdultBouquets[1], adultBouquets[0]].sort((a, b) => (a ?? 0) - (b ?? 0)),
    );

    const listed = await admin().get('/api/admin/content/categories?kind=live');
    expect(listed.statusCode).toBe(200);
    const rows = listed.json<{ data: { id: number; items: number; is_adult: boolean }[] }>().data;
    expect(rows.find((row) => row.id === adult?.id)).toMatchObject({ items: 1, is_adult: true });
  });

  it('refuses wrong upstream credentials with a Portuguese sync_error', async () => {
    const wrong = await createSource({ name: 'Errado', password: 'senha-errada' });
    const done = await sync(wrong.id);
    expect(done).toMatchObject({
      sync_status: 'failed',
      sync_error: 'O servidor de origem recusou o usuário e a senha informados.',
    });
    const unreachable = await createSource({ name: 'Fora do ar', url: 'http://127.0.0.1:9' });
    const failed = await sync(unreachable.id);
    expect(failed.sync_status).toBe('failed');
    expect(failed.sync_error).toMatch(/^Não foi possível conectar ao servidor de origem/);
  });

  it('shows progress while a sync runs and refuses a second one (409)', async () => {
    const slow = await createSource({ name: 'Lento' });
    upstream.setDelay(150);
    try {
      const started = await admin().post(`/api/admin/content/sources/${slow.id}/sync`);
      expect(started.statusCode).toBe(202);
      const again = await admin().post(`/api/admin/content/sources/${slow.id}/sync`);
      expect(again.statusCode).toBe(409);
      expect(again.json()).toMatchObject({ message: 'Uma sincronização desta fonte já está em andamento.' });
      let seen: ContentSource | undefined;
      for (let attempt = 0; attempt < 100 && !seen; attempt++) {
        const current = (await admin().get(`/api/admin/content/sources/${slow.id}`)).json<ContentSource>();
        if (current.sync_status === 'running' && current.sync_progress) seen = current;
        else await new Promise((resolve) => setTimeout(resolve, 20));
      }
      expect(seen?.sync_progress).toMatchObject({ phase: expect.any(String), done: expect.any(Number) });
    } finally {
      upstream.setDelay(0);
    }
    await t.app.contentSync.settled(slow.id);
    const done = (await admin().get(`/api/admin/content/sources/${slow.id}`)).json<ContentSource>();
    expect(done.sync_status).toBe('ok');
    // Same upstream ids in another source: rows of their own.
    const rows = await t.db
      .select({ count: sql<number>`count(*)::int` })
      .from(contentStreams)
      .where(and(eq(contentStreams.sourceId, slow.id), isNull(contentStreams.retiredAt)));
    expect(rows[0]?.count).toBe(7);
  });

  it('removing a source retires its content (204)', async () => {
    const doomed = await createSource({ name: 'Removida' });
    await sync(doomed.id);
    const removed = await admin().delete(`/api/admin/content/sources/${doomed.id}`);
    expect(removed.statusCode).toBe(204);
    expect((await admin().get(`/api/admin/content/sources/${doomed.id}`)).statusCode).toBe(404);
    const orphans = await t.db
      .select({ count: sql<number>`count(*)::int` })
      .from(contentStreams)
      .where(and(isNull(contentStreams.sourceId), isNull(contentStreams.retiredAt)));
    expect(orphans[0]?.count).toBe(0);
    const orphanCategories = await t.db
      .select({ count: sql<number>`count(*)::int` })
      .from(contentCategories)
      .where(and(isNull(contentCategories.sourceId), isNull(contentCategories.retiredAt)));
    expect(orphanCategories[0]?.count).toBe(0);
  });
});

describe('admin routes', () => {
  it('are admin only (reseller 403)', async () => {
    const { token } = await createSignedInAccount(t.app, { role: 'reseller' });
    for (const [method, url] of [
      ['GET', '/api/admin/content/sources'],
      ['POST', '/api/admin/content/sources'],
      ['GET', '/api/admin/content/categories'],
      ['POST', '/api/admin/content/sources/1/sync'],
    ] as const) {
      expect((await t.as(token).request(method, url, {})).statusCode, `${method} ${url}`).toBe(403);
    }
  });

  it('validate with a field (400) and answer 404 for unknown ids', async () => {
    const bad = await admin().post('/api/admin/content/sources', {
      kind: 'xtream',
      name: 'X',
      url: 'ftp://nope',
      username: 'u',
      password: 'p',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({
      field: 'url',
      message: 'Informe um endereço http:// ou https:// válido',
    });
    const noPassword = await admin().post('/api/admin/content/sources', {
      kind: 'xtream',
      name: 'X',
      url: 'http://a.example',
      username: 'u',
    });
    expect(noPassword.json()).toMatchObject({ field: 'password' });
    const interval = await admin().post('/api/admin/content/sources', {
      kind: 'm3u',
      name: 'M',
      url: '/tmp/lista.m3u',
      sync_interval_minutes: 1,
    });
    expect(interval.json()).toMatchObject({ field: 'sync_interval_minutes' });

    const created = await createSource({ name: 'Editar' });
    const edited = await admin().patch(`/api/admin/content/sources/${created.id}`, {
      name: 'Editada',
      password: '',
      sync_interval_minutes: 60,
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({ name: 'Editada', has_password: true, sync_interval_minutes: 60 });
    const badEdit = await admin().patch(`/api/admin/content/sources/${created.id}`, { url: 'nada' });
    expect(badEdit.statusCode).toBe(400);
    expect(badEdit.json()).toMatchObject({ field: 'url' });

    for (const [method, url, body] of [
      ['GET', '/api/admin/content/sources/999999', undefined],
      ['PATCH', '/api/admin/content/sources/999999', { name: 'x' }],
      ['DELETE', '/api/admin/content/sources/999999', undefined],
      ['POST', '/api/admin/content/sources/999999/sync', undefined],
      ['PUT', '/api/admin/content/categories/999999/bouquets', { bouquet_ids: [] }],
    ] as const) {
      expect((await admin().request(method, url, body)).statusCode, `${method} ${url}`).toBe(404);
    }
    const [category] = await t.db.select().from(contentCategories).limit(1);
    const unknownBouquet = await admin().put(`/api/admin/content/categories/${category?.id}/bouquets`, {
      bouquet_ids: [424242],
    });
    expect(unknownBouquet.statusCode).toBe(400);
    expect(unknownBouquet.json()).toMatchObject({ field: 'bouquet_ids', message: 'Bouquet inexistente.' });
  });
});
