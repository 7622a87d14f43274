import type { CategoryKind, DeliveryMode } from '@panel/shared/content/stream-kinds';
import type { FastifyInstance } from 'fastify';
import {
  bouquetCategories,
  contentCategories,
  contentSeries,
  contentSources,
  contentStreams,
  epgChannels,
  epgProgrammes,
} from '../src/db/schema/index';
import type { XtreamUpstream } from './upstream/xtream-upstream';

/**
 * Library rows straight in the database, for tests of the player API and the stream URLs that should not
 * depend on the importer. `libraryFromUpstream` writes what an import of the test upstream's default
 * catalogue gives (same names, source URLs with the upstream line's credentials); the importer's own tests
 * prove an import really does.
 */
type Db = FastifyInstance['database']['db'];

export async function createCategory(
  db: Db,
  values: { kind: CategoryKind; name: string; bouquetIds?: number[]; isAdult?: boolean; sourceId?: number },
) {
  const [row] = await db
    .insert(contentCategories)
    .values({
      kind: values.kind,
      name: values.name,
      isAdult: values.isAdult ?? false,
      sourceId: values.sourceId,
    })
    .returning();
  if (!row) throw new Error('category not inserted');
  const bouquetIds = values.bouquetIds ?? [1];
  if (bouquetIds.length > 0) {
    await db
      .insert(bouquetCategories)
      .values(bouquetIds.map((bouquetId) => ({ bouquetId, categoryId: row.id })));
  }
  return row;
}

export async function createStream(db: Db, values: typeof contentStreams.$inferInsert) {
  const [row] = await db.insert(contentStreams).values(values).returning();
  if (!row) throw new Error('stream not inserted');
  return row;
}

/**
 * A movie every default line sees (its category in bouquet 1), delivered by redirect (no source row): a
 * start answers 302 without reaching its source URL.
 */
export async function createRedirectedMovie(db: Db, name: string) {
  const category = await createCategory(db, { kind: 'movie', name: `Filmes ${name}`, bouquetIds: [1] });
  return createStream(db, {
    kind: 'movie',
    name,
    categoryId: category.id,
    containerExtension: 'mp4',
    sourceUrls: ['http://127.0.0.1:9/filme.mp4'],
  });
}

export async function createSeries(
  db: Db,
  values: typeof contentSeries.$inferInsert,
  episodes: { season: number; episode: number; name: string; sourceUrls: string[]; extension?: string }[],
) {
  const [series] = await db.insert(contentSeries).values(values).returning();
  if (!series) throw new Error('series not inserted');
  const rows = [];
  for (const episode of episodes) {
    rows.push(
      await createStream(db, {
        kind: 'episode',
        seriesId: series.id,
        seasonNumber: episode.season,
        episodeNumber: episode.episode,
        name: episode.name,
        containerExtension: episode.extension ?? 'mp4',
        sourceUrls: episode.sourceUrls,
        sourceId: values.sourceId,
      }),
    );
  }
  return { series, episodes: rows };
}

/** Guide programmes for a channel: `hours` one-hour slots starting an hour ago. */
export async function createGuide(db: Db, channelId: string, displayName: string, hours = 4) {
  await db.insert(epgChannels).values({ id: channelId, displayName }).onConflictDoNothing();
  const hour = 3_600_000;
  const first = Math.floor(Date.now() / hour) * hour - hour;
  await db.insert(epgProgrammes).values(
    Array.from({ length: hours }, (_, slot) => ({
      channelId,
      startsAt: new Date(first + slot * hour),
      stopsAt: new Date(first + (slot + 1) * hour),
      title: `${displayName} programa ${slot + 1}`,
      description: `Descrição ${slot + 1} & mais`,
      lang: 'pt',
    })),
  );
}

/** The library an import of the test upstream's default catalogue gives, delivered in `mode`. */
export async function libraryFromUpstream(
  app: FastifyInstance,
  upstream: XtreamUpstream,
  options: { deliveryMode: DeliveryMode; bouquetIds?: number[] },
) {
  const db = app.database.db;
  const [source] = await db
    .insert(contentSources)
    .values({
      kind: 'xtream',
      name: `Upstream ${options.deliveryMode}`,
      url: upstream.url,
      username: upstream.username,
      password: upstream.password,
      deliveryMode: options.deliveryMode,
    })
    .returning();
  if (!source) throw new Error('source not inserted');
  const credentials = `${upstream.username}/${upstream.password}`;
  const bouquetIds = options.bouquetIds ?? [1];
  const news = await createCategory(db, { kind: 'live', name: 'Notícias', bouquetIds, sourceId: source.id });
  const action = await createCategory(db, {
    kind: 'movie',
    name: 'Filmes de Ação',
    bouquetIds,
    sourceId: source.id,
  });
  const drama = await createCategory(db, {
    kind: 'series',
    name: 'Séries Drama',
    bouquetIds,
    sourceId: source.id,
  });
  const live = await createStream(db, {
    kind: 'live',
    categoryId: news.id,
    name: 'Notícias Um',
    epgChannelId: 'noticias1.br',
    containerExtension: 'ts',
    sourceUrls: [`${upstream.url}/live/${credentials}/1001.ts`],
    sourceId: source.id,
    externalId: '1001',
  });
  await createGuide(db, 'noticias1.br', 'Notícias Um');
  const movie = await createStream(db, {
    kind: 'movie',
    categoryId: action.id,
    name: 'Filme Teste',
    containerExtension: 'mp4',
    tmdbId: '603',
    info: { plot: 'Sinopse de Filme Teste', duration_secs: 4, duration: '00:00:04' },
    sourceUrls: [`${upstream.url}/movie/${credentials}/2001.mp4`],
    sourceId: source.id,
    externalId: '2001',
  });
  const { series, episodes } = await createSeries(
    db,
    {
      categoryId: drama.id,
      name: 'Série Teste',
      sourceId: source.id,
      externalId: '3001',
      info: { plot: 'Sinopse' },
    },
    [
      {
        season: 1,
        episode: 1,
        name: 'Série Teste - S01E01',
        sourceUrls: [`${upstream.url}/series/${credentials}/4001.mp4`],
      },
      {
        season: 1,
        episode: 2,
        name: 'Série Teste - S01E02',
        sourceUrls: [`${upstream.url}/series/${credentials}/4002.mp4`],
      },
      {
        season: 2,
        episode: 1,
        name: 'Série Teste - S02E01',
        sourceUrls: [`${upstream.url}/series/${credentials}/4003.mp4`],
      },
    ],
  );
  return { source, categories: { news, action, drama }, live, movie, series, episodes };
}
