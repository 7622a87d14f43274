import { xtreamArchiveDays } from '@panel/shared/content/catchup';
import { isTwentyFourHourChannel } from '@panel/shared/content-sources/content-sources-api';
import { isTimeZone } from '@panel/shared/time/time-zone';
import type { Readable } from 'node:stream';
import {
  deleteProgrammesAfter,
  guideRetentionStart,
  insertProgrammes,
  lastProgrammeId,
  replaceProgrammes,
  upsertEpgChannels,
  type EpgChannelValues,
  type ProgrammeValues,
  type StreamValues,
} from './content-library.repository';
import { writeSourceTimezone, type SourceRow } from './content-sources.repository';
import { BATCH_SIZE, type LibraryWriter } from './library-writer';
import { m3uArchive } from './m3u-catchup';
import { classifyM3uEntry, parseM3u } from './m3u-parser';
import { openTextStream, type InputOptions } from './upstream-input';
import { parseXmltv } from './xmltv-parser';
import {
  createXtreamClient,
  forEachLimited,
  numberOr,
  text,
  upstreamStreamUrl,
  type Json,
  type XtreamCredentials,
} from './xtream-client';

/**
 * The two kinds of source (docs/product/api.md#content-import, decision 0038): an upstream Xtream server
 * read through its player API, and an M3U playlist with an optional XMLTV guide. Both write through the
 * same LibraryWriter, so ids, counts, progress and retirement behave alike.
 */

/** get_series_info requests in flight at once: a provider's server is not hammered. */
export const SERIES_INFO_CONCURRENCY = 4;
const UNCATEGORIZED = { externalId: '', name: 'Sem categoria' } as const;

const nullable = (value: string) => (value.trim() === '' || value === '0' ? null : value.trim());

function arrayOfStrings(value: unknown): string[] {
  if (Array.isArray(value)) return value.map(text).filter(Boolean);
  const single = text(value);
  return single ? [single] : [];
}

/** Video details as the player API shows them (get_vod_info / get_series info). */
function videoInfo(source: Json): Record<string, unknown> {
  const info: Record<string, unknown> = {};
  const copy = (to: string, value: unknown) => {
    if (value !== undefined && value !== null && value !== '') info[to] = value;
  };
  copy('plot', source.plot ?? source.description);
  copy('cast', source.cast ?? source.actors);
  copy('director', source.director);
  copy('genre', source.genre);
  copy('releaseDate', source.releaseDate ?? source.releasedate ?? source.release_date);
  copy('rating', source.rating === undefined ? undefined : text(source.rating));
  if (source.rating_5based !== undefined) info.rating_5based = numberOr(source.rating_5based, 0);
  if (source.backdrop_path !== undefined) info.backdrop_path = arrayOfStrings(source.backdrop_path);
  copy('youtube_trailer', source.youtube_trailer);
  copy('episode_run_time', source.episode_run_time === undefined ? undefined : text(source.episode_run_time));
  copy('duration_secs', source.duration_secs === undefined ? undefined : numberOr(source.duration_secs, 0));
  copy('duration', source.duration);
  copy('country', source.country);
  copy('cover', source.cover ?? source.cover_big ?? source.movie_image);
  copy('movie_image', source.movie_image);
  return info;
}

/**
 * Reads a guide into epg_channels and epg_programmes. Every time moves by the source's guide offset
 * (decision 0125). At the end the source's previous programmes go, but only of the channels this guide
 * brought programmes for (decision 0127): a channel it lacks keeps what it had until that has ended, and
 * another source's programmes are never touched.
 */
async function importGuide(writer: LibraryWriter, source: SourceRow, input: Readable): Promise<void> {
  await writer.startPhase('epg', null);
  const db = writer.db;
  const sourceId = source.id;
  const shift = source.guideOffsetMinutes * 60_000;
  const watermark = await lastProgrammeId(db);
  const channels = new Map<string, EpgChannelValues>();
  const replaced = new Set<string>();
  let programmes: ProgrammeValues[] = [];
  // Past programmes are kept as long as the library's longest archive (decision 0120), a day at least.
  const oldest = await guideRetentionStart(db, new Date());
  const flushChannels = async () => {
    await upsertEpgChannels(db, sourceId, [...channels.values()]);
    channels.clear();
  };
  const flushProgrammes = async () => {
    writer.checkAborted();
    await insertProgrammes(db, sourceId, programmes);
    writer.summary.epgProgrammes += programmes.length;
    await writer.advance(programmes.length);
    programmes = [];
  };
  try {
    for await (const item of parseXmltv(input)) {
      if (item.type === 'channel') {
        channels.set(item.id, { id: item.id, displayName: item.displayName, icon: item.icon });
        if (channels.size >= BATCH_SIZE) await flushChannels();
        continue;
      }
      const stopsAt = new Date(item.stopsAt.getTime() + shift);
      if (stopsAt.getTime() < oldest.getTime()) continue;
      replaced.add(item.channelId);
      programmes.push({
        channelId: item.channelId,
        startsAt: new Date(item.startsAt.getTime() + shift),
        stopsAt,
        title: item.title,
        description: item.description,
        lang: item.lang,
      });
      if (programmes.length >= BATCH_SIZE) await flushProgrammes();
    }
    await flushChannels();
    await flushProgrammes();
    await replaceProgrammes(db, sourceId, watermark, [...replaced], oldest);
  } catch (error) {
    await deleteProgrammesAfter(db, sourceId, watermark).catch(() => undefined);
    throw error;
  }
}

export async function importXtream(
  writer: LibraryWriter,
  source: SourceRow,
  options: InputOptions,
): Promise<void> {
  const credentials: XtreamCredentials = {
    base: source.url,
    username: source.username ?? '',
    password: source.password ?? '',
  };
  const client = createXtreamClient(credentials, options);
  const login = await client.authenticate();
  // Archive URLs name their start in the upstream's zone (decision 0120); none or unknown: UTC.
  const serverInfo = login.server_info;
  const zone =
    typeof serverInfo === 'object' && serverInfo !== null ? text((serverInfo as Json).timezone) : '';
  await writeSourceTimezone(writer.db, source.id, isTimeZone(zone) ? zone : null);

  await writer.startPhase('categories', 3);
  await writer.loadCategories();
  const kinds = [
    ['live', 'get_live_categories'],
    ['movie', 'get_vod_categories'],
    ['series', 'get_series_categories'],
  ] as const;
  for (const [kind, action] of kinds) {
    const list = await client.list(action);
    await writer.categories(
      list.map((item, index) => ({
        kind,
        externalId: text(item.category_id),
        name: text(item.category_name) || UNCATEGORIZED.name,
        sortOrder: index + 1,
      })),
    );
    await writer.advance(1);
  }
  const categoryOf = async (kind: 'live' | 'movie' | 'series', item: Json) => {
    const id = text(item.category_id);
    return (
      writer.categoryId(kind, id) ??
      (await writer.ensureCategory(kind, UNCATEGORIZED.externalId, UNCATEGORIZED.name))
    );
  };

  const live = await client.list('get_live_streams');
  await writer.startPhase('live', live.length);
  for (const [index, item] of live.entries()) {
    const id = text(item.stream_id);
    if (!id) continue;
    await writer.stream({
      kind: 'live',
      externalId: id,
      categoryId: await categoryOf('live', item),
      seriesId: null,
      seasonNumber: null,
      episodeNumber: null,
      name: text(item.name) || id,
      icon: text(item.stream_icon),
      epgChannelId: nullable(text(item.epg_channel_id)),
      containerExtension: 'ts',
      tmdbId: null,
      info: {},
      sourceUrls: [upstreamStreamUrl(credentials, 'live', id, 'ts')],
      // The archive URL is derived from the live URL (delivery/catchup/archive-url.ts).
      archiveDays: xtreamArchiveDays(item.tv_archive, item.tv_archive_duration),
      archiveUrl: null,
      sortOrder: numberOr(item.num, index + 1),
      is24h: isTwentyFourHourChannel({ name: text(item.name), streamType: text(item.stream_type) }),
    });
    await writer.advance(1);
  }
  await writer.flush();

  const movies = await client.list('get_vod_streams');
  await writer.startPhase('movies', movies.length);
  const added: { id: number; externalId: string }[] = [];
  const keepAdded = (rows: { id: number; externalId: string; inserted: boolean; kind: string }[]) => {
    for (const row of rows) if (row.inserted && row.kind === 'movie') added.push(row);
  };
  for (const [index, item] of movies.entries()) {
    const id = text(item.stream_id);
    if (!id) continue;
    const extension = text(item.container_extension) || 'mp4';
    keepAdded(
      await writer.stream({
        kind: 'movie',
        externalId: id,
        categoryId: await categoryOf('movie', item),
        seriesId: null,
        seasonNumber: null,
        episodeNumber: null,
        name: text(item.name) || id,
        icon: text(item.stream_icon),
        epgChannelId: null,
        containerExtension: extension,
        tmdbId: nullable(text(item.tmdb ?? item.tmdb_id)),
        info: { ...videoInfo(item), movie_image: text(item.stream_icon) },
        sourceUrls: [upstreamStreamUrl(credentials, 'movie', id, extension)],
        sortOrder: numberOr(item.num, index + 1),
      }),
    );
    await writer.advance(1);
  }
  keepAdded(await writer.flush());
  // Plot, duration, cast…: get_vod_info, only for movies new in this sync (a 60,000-film catalogue is
  // not asked again every time).
  await writer.startPhase('movies', added.length);
  await forEachLimited(added, SERIES_INFO_CONCURRENCY, async (movie) => {
    writer.checkAborted();
    // Details are extras: a film whose details the upstream cannot give keeps its listing's, and the
    // sync goes on (one bad film must not fail a 60,000-film import). The next sync does not ask again.
    const answer = await client.object('get_vod_info', { vod_id: movie.externalId }).catch(() => undefined);
    const info = typeof answer?.info === 'object' && answer.info !== null ? (answer.info as Json) : {};
    if (answer) await writer.mergeInfo(movie.id, videoInfo(info), nullable(text(info.tmdb_id)));
    await writer.advance(1);
  });

  const seriesList = await client.list('get_series');
  await writer.startPhase('series', seriesList.length);
  const seriesRows: { id: number; externalId: string }[] = [];
  for (let start = 0; start < seriesList.length; start += BATCH_SIZE) {
    const batch = [];
    for (const item of seriesList.slice(start, start + BATCH_SIZE)) {
      const id = text(item.series_id);
      if (!id) continue;
      batch.push({
        externalId: id,
        categoryId: await categoryOf('series', item),
        name: text(item.name) || id,
        cover: text(item.cover),
        tmdbId: nullable(text(item.tmdb ?? item.tmdb_id)),
        info: videoInfo(item),
      });
    }
    writer.checkAborted();
    seriesRows.push(...(await writer.series(batch)));
    await writer.advance(batch.length);
  }

  await writer.startPhase('episodes', seriesRows.length);
  await forEachLimited(seriesRows, SERIES_INFO_CONCURRENCY, async (series) => {
    writer.checkAborted();
    const answer = await client.object('get_series_info', { series_id: series.externalId });
    const seasons = answer.episodes;
    const lists: unknown[] = Array.isArray(seasons)
      ? seasons
      : typeof seasons === 'object' && seasons !== null
        ? Object.values(seasons)
        : [];
    for (const list of lists) {
      for (const raw of Array.isArray(list) ? list : [list]) {
        if (typeof raw !== 'object' || raw === null) continue;
        const episode = raw as Json;
        const id = text(episode.id);
        if (!id) continue;
        const extension = text(episode.container_extension) || 'mp4';
        const details =
          typeof episode.info === 'object' && episode.info !== null ? (episode.info as Json) : {};
        await writer.stream({
          kind: 'episode',
          externalId: id,
          categoryId: null,
          seriesId: series.id,
          seasonNumber: numberOr(episode.season, 1),
          episodeNumber: numberOr(episode.episode_num, 0),
          name: text(episode.title) || id,
          icon: text(details.movie_image),
          epgChannelId: null,
          containerExtension: extension,
          tmdbId: nullable(text(details.tmdb_id)),
          info: videoInfo(details),
          sourceUrls: [upstreamStreamUrl(credentials, 'series', id, extension)],
          sortOrder: numberOr(episode.episode_num, 0),
        });
      }
    }
    await writer.advance(1);
  });
  await writer.flush();

  await writer.retireUnseen({ streams: ['live', 'movie', 'episode'], series: true, categories: true });
  await importGuide(writer, source, await client.guide());
}

export async function importM3u(
  writer: LibraryWriter,
  source: SourceRow,
  options: InputOptions,
): Promise<void> {
  await writer.loadCategories();
  await writer.startPhase('playlist', null);
  const seriesIds = new Map<string, number>();
  let index = 0;
  for await (const entry of parseM3u(await openTextStream(source.url, options))) {
    index++;
    const item = classifyM3uEntry(entry);
    const group = entry.group.trim();
    const categoryKind = item.kind === 'episode' ? 'series' : item.kind;
    const categoryId = await writer.ensureCategory(
      categoryKind,
      group || UNCATEGORIZED.externalId,
      group || UNCATEGORIZED.name,
    );
    const icon = entry.attributes['tvg-logo'] ?? '';
    const row: StreamValues = {
      kind: item.kind,
      externalId: item.externalId,
      categoryId,
      seriesId: null,
      seasonNumber: null,
      episodeNumber: null,
      name: entry.name,
      icon,
      epgChannelId: item.kind === 'live' ? nullable(entry.attributes['tvg-id'] ?? '') : null,
      containerExtension: item.extension,
      tmdbId: null,
      info: {},
      sourceUrls: [entry.url],
      sortOrder: index,
      is24h: item.kind === 'live' && isTwentyFourHourChannel({ name: entry.name, group }),
      ...(item.kind === 'live' ? m3uArchive(entry.attributes, entry.url) : {}),
    };
    if (item.kind === 'episode') {
      let seriesId = seriesIds.get(item.seriesName);
      if (seriesId === undefined) {
        const [stored] = await writer.series([
          {
            externalId: item.seriesName,
            categoryId,
            name: item.seriesName,
            cover: icon,
            tmdbId: null,
            info: icon ? { cover: icon } : {},
          },
        ]);
        if (!stored) throw new Error(`series ${item.seriesName} not stored`);
        seriesId = stored.id;
        seriesIds.set(item.seriesName, seriesId);
      }
      Object.assign(row, {
        categoryId: null,
        seriesId,
        seasonNumber: item.season,
        episodeNumber: item.episode,
        sortOrder: item.episode,
      });
    }
    await writer.stream(row);
    await writer.advance(1);
  }
  await writer.flush();
  await writer.retireUnseen({ streams: ['live', 'movie', 'episode'], series: true, categories: true });
  if (source.xmltvUrl) await importGuide(writer, source, await openTextStream(source.xmltvUrl, options));
}
