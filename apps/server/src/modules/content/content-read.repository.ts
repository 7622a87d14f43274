import type { CategoryKind } from '@panel/shared/content/stream-kinds';
import { sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { visibleCategoryIds } from './line-content-scope';

/**
 * Library reads for the player API, get.php and xmltv.php (docs/product/api.md#player-api, decision 0039).
 * Every query sees only the categories of the line's bouquets (docs/product/rules.md#line-content) and never
 * a retired row; episodes follow their series' category. Listings walk content_streams_listing_idx
 * (kind, category_id, sort_order, id); the big JSON listings are written by PostgreSQL itself
 * (json_build_object + string_agg), so 60,000 movies cost one query and no per-row JavaScript.
 */

async function rowsOf<Row>(db: Database, statement: SQL): Promise<Row[]> {
  return ((await db.execute(statement)) as unknown as { rows: Row[] }).rows;
}

/** Ids of the not retired categories of `kind` the bouquets hold. */
function visibleCategories(kind: CategoryKind, bouquets: readonly number[]): SQL {
  return sql`(select c.id from content_categories c
    where c.kind = ${kind} and c.retired_at is null and c.id in ${visibleCategoryIds(bouquets)})`;
}

const epochText = (column: SQL) => sql`extract(epoch from ${column})::bigint::text`;

/** A numeric info field (number or numeric text) as numeric, else null. */
const infoNumber = (key: string) =>
  sql`case when jsonb_typeof(s.info->${key}) = 'number' then (s.info->>${key})::numeric
    when s.info->>${key} ~ '^\\s*[0-9]+(\\.[0-9]+)?\\s*$' then trim(s.info->>${key})::numeric end`;

/** A text info field as a string ('' when missing or not a scalar). */
const infoText = (key: string) =>
  sql`coalesce(case when jsonb_typeof(s.info->${key}) in ('string', 'number') then s.info->>${key} end, '')`;

/** backdrop_path as an array of strings, never null (the standardized serializer of @iptv/xtream-api maps it). */
const backdropPath = sql`case jsonb_typeof(s.info->'backdrop_path')
    when 'array' then coalesce((select jsonb_agg(b) from jsonb_array_elements(s.info->'backdrop_path') b
      where jsonb_typeof(b) = 'string'), '[]'::jsonb)
    when 'string' then case when s.info->>'backdrop_path' = '' then '[]'::jsonb
      else jsonb_build_array(s.info->>'backdrop_path') end
    else '[]'::jsonb end`;

export interface CategoryRow {
  id: number;
  name: string;
}

/** The categories of `kind` a line sees, in the panel's order. */
export async function listVisibleCategories(
  db: Database,
  kind: CategoryKind,
  bouquets: readonly number[],
): Promise<CategoryRow[]> {
  return rowsOf<CategoryRow>(
    db,
    sql`select c.id, c.name from content_categories c
      where c.kind = ${kind} and c.retired_at is null and c.id in ${visibleCategoryIds(bouquets)}
      order by c.sort_order, c.id`,
  );
}

/** get_*_categories as JSON text: `[{"category_id":"1","category_name":"News","parent_id":0}]`. */
export async function categoriesJson(
  db: Database,
  kind: CategoryKind,
  bouquets: readonly number[],
): Promise<string> {
  const [row] = await rowsOf<{ body: string }>(
    db,
    sql`select '[' || coalesce(string_agg(json_build_object(
        'category_id', c.id::text, 'category_name', c.name, 'parent_id', 0)::text, ',' order by c.sort_order, c.id), '')
        || ']' as body
      from content_categories c
      where c.kind = ${kind} and c.retired_at is null and c.id in ${visibleCategoryIds(bouquets)}`,
  );
  return row?.body ?? '[]';
}

const categoryFilter = (categoryId: number | undefined, column: SQL) =>
  categoryId === undefined ? sql`` : sql`and ${column} = ${categoryId}`;

/** get_live_streams as JSON text (contract: docs/product/api.md#player-api). */
export async function liveStreamsJson(
  db: Database,
  bouquets: readonly number[],
  categoryId?: number,
): Promise<string> {
  const [row] = await rowsOf<{ body: string }>(
    db,
    sql`select '[' || coalesce(string_agg(json_build_object(
        'num', s.num, 'name', s.name, 'stream_type', 'live', 'stream_id', s.id, 'stream_icon', s.icon,
        'epg_channel_id', nullif(s.epg_channel_id, ''), 'added', ${epochText(sql`s.added_at`)},
        'is_adult', '0', 'category_id', s.category_id::text, 'category_ids', json_build_array(s.category_id),
        'custom_sid', '', 'tv_archive', 0, 'direct_source', '', 'tv_archive_duration', 0)::text,
        ',' order by s.num), '') || ']' as body
      from (select row_number() over (order by s.category_id, s.sort_order, s.id) as num, s.*
        from content_streams s
        where s.kind = 'live' and s.retired_at is null
          and s.category_id in ${visibleCategories('live', bouquets)}
          ${categoryFilter(categoryId, sql`s.category_id`)}) s`,
  );
  return row?.body ?? '[]';
}

/** get_vod_streams as JSON text. */
export async function vodStreamsJson(
  db: Database,
  bouquets: readonly number[],
  categoryId?: number,
): Promise<string> {
  const [row] = await rowsOf<{ body: string }>(
    db,
    sql`select '[' || coalesce(string_agg(json_build_object(
        'num', s.num, 'name', s.name, 'title', s.name, 'stream_type', 'movie', 'stream_id', s.id, 'stream_icon', s.icon,
        'rating', coalesce(s.rating::text, ''), 'rating_5based', coalesce(s.rating_5, round(s.rating / 2, 1), 0),
        'tmdb', coalesce(s.tmdb_id, ''), 'added', ${epochText(sql`s.added_at`)}, 'is_adult', '0',
        'category_id', s.category_id::text, 'category_ids', json_build_array(s.category_id),
        'container_extension', s.container_extension, 'custom_sid', '', 'direct_source', '')::text,
        ',' order by s.num), '') || ']' as body
      from (select row_number() over (order by s.category_id, s.sort_order, s.id) as num,
          s.id, s.name, s.icon, s.tmdb_id, s.added_at, s.category_id, s.container_extension,
          ${infoNumber('rating')} as rating, ${infoNumber('rating_5based')} as rating_5
        from content_streams s
        where s.kind = 'movie' and s.retired_at is null
          and s.category_id in ${visibleCategories('movie', bouquets)}
          ${categoryFilter(categoryId, sql`s.category_id`)}) s`,
  );
  return row?.body ?? '[]';
}

/** get_series as JSON text; `rating` an integer digit string or '' (the Go client parses it as int). */
export async function seriesListJson(
  db: Database,
  bouquets: readonly number[],
  categoryId?: number,
): Promise<string> {
  const [row] = await rowsOf<{ body: string }>(
    db,
    sql`select '[' || coalesce(string_agg(json_build_object(
        'num', s.num, 'name', s.name, 'title', s.name, 'series_id', s.id, 'cover', s.cover, 'plot', s.plot, 'cast', s.cast_,
        'director', s.director, 'genre', s.genre, 'releaseDate', s.release_date,
        'last_modified', ${epochText(sql`s.updated_at`)},
        'rating', coalesce(round(s.rating)::bigint::text, ''), 'rating_5based', coalesce(round(s.rating / 2, 1), 0),
        'backdrop_path', s.backdrop_path, 'youtube_trailer', s.youtube_trailer,
        'episode_run_time', s.episode_run_time, 'category_id', s.category_id::text,
        'category_ids', json_build_array(s.category_id))::text,
        ',' order by s.num), '') || ']' as body
      from (select row_number() over (order by s.category_id, s.id) as num,
          s.id, s.name, s.cover, s.updated_at, s.category_id,
          ${infoText('plot')} as plot, ${infoText('cast')} as cast_, ${infoText('director')} as director,
          ${infoText('genre')} as genre, ${infoText('releaseDate')} as release_date,
          ${infoText('youtube_trailer')} as youtube_trailer, ${infoText('episode_run_time')} as episode_run_time,
          ${infoNumber('rating')} as rating, ${backdropPath} as backdrop_path
        from content_series s
        where s.retired_at is null and s.category_id in ${visibleCategories('series', bouquets)}
          ${categoryFilter(categoryId, sql`s.category_id`)}) s`,
  );
  return row?.body ?? '[]';
}

export interface MovieRow {
  id: number;
  name: string;
  icon: string;
  categoryId: number;
  containerExtension: string;
  tmdbId: string | null;
  info: Record<string, unknown>;
  added: string;
}

/** A movie the line sees, or undefined (foreign, retired or not a movie). */
export async function findVisibleMovie(
  db: Database,
  id: number,
  bouquets: readonly number[],
): Promise<MovieRow | undefined> {
  const [row] = await rowsOf<MovieRow>(
    db,
    sql`select s.id, s.name, s.icon, s.category_id as "categoryId", s.container_extension as "containerExtension",
        s.tmdb_id as "tmdbId", s.info, ${epochText(sql`s.added_at`)} as added
      from content_streams s
      where s.id = ${id} and s.kind = 'movie' and s.retired_at is null
        and s.category_id in ${visibleCategories('movie', bouquets)}`,
  );
  return row;
}

export interface SeriesRow {
  id: number;
  name: string;
  cover: string;
  categoryId: number;
  tmdbId: string | null;
  info: Record<string, unknown>;
  lastModified: string;
}

export interface EpisodeRow {
  id: number;
  name: string;
  icon: string;
  season: number;
  episode: number;
  containerExtension: string;
  info: Record<string, unknown>;
  added: string;
}

/** A series the line sees with its episodes in season and episode order, or undefined. */
export async function findVisibleSeries(
  db: Database,
  id: number,
  bouquets: readonly number[],
): Promise<{ series: SeriesRow; episodes: EpisodeRow[] } | undefined> {
  const [series] = await rowsOf<SeriesRow>(
    db,
    sql`select s.id, s.name, s.cover, s.category_id as "categoryId", s.tmdb_id as "tmdbId", s.info,
        ${epochText(sql`s.updated_at`)} as "lastModified"
      from content_series s
      where s.id = ${id} and s.retired_at is null and s.category_id in ${visibleCategories('series', bouquets)}`,
  );
  if (!series) return undefined;
  const episodes = await rowsOf<EpisodeRow>(
    db,
    sql`select e.id, e.name, e.icon, coalesce(e.season_number, 1)::int as season,
        coalesce(e.episode_number, 0)::int as episode, e.container_extension as "containerExtension", e.info,
        ${epochText(sql`e.added_at`)} as added
      from content_streams e
      where e.series_id = ${id} and e.kind = 'episode' and e.retired_at is null
      order by e.season_number, e.episode_number, e.id`,
  );
  return { series, episodes };
}

/** The guide channel of a live stream the line sees; null when it has none, undefined when not visible. */
export async function findVisibleLiveChannel(
  db: Database,
  id: number,
  bouquets: readonly number[],
): Promise<{ epgChannelId: string | null } | undefined> {
  const [row] = await rowsOf<{ epgChannelId: string | null }>(
    db,
    sql`select nullif(s.epg_channel_id, '') as "epgChannelId" from content_streams s
      where s.id = ${id} and s.kind = 'live' and s.retired_at is null
        and s.category_id in ${visibleCategories('live', bouquets)}`,
  );
  return row;
}

export interface ProgrammeRow {
  id: number;
  channelId: string;
  startsAt: Date;
  stopsAt: Date;
  title: string;
  description: string;
  lang: string;
}

const programmeColumns = sql`p.id, p.channel_id as "channelId", p.starts_at as "startsAt",
  p.stops_at as "stopsAt", p.title, p.description, p.lang`;

const toProgramme = (row: ProgrammeRow): ProgrammeRow => ({
  ...row,
  startsAt: new Date(row.startsAt),
  stopsAt: new Date(row.stopsAt),
});

/** The programmes of a channel not ended at `now`, at most `limit` (now and next). */
export async function upcomingProgrammes(
  db: Database,
  channelId: string,
  now: Date,
  limit: number,
): Promise<ProgrammeRow[]> {
  const rows = await rowsOf<ProgrammeRow>(
    db,
    sql`select ${programmeColumns} from epg_programmes p
      where p.channel_id = ${channelId} and p.stops_at > ${now.toISOString()}
      order by p.starts_at, p.id limit ${limit}`,
  );
  return rows.map(toProgramme);
}

/** Every programme of a channel (get_simple_data_table). */
export async function allProgrammes(db: Database, channelId: string): Promise<ProgrammeRow[]> {
  const rows = await rowsOf<ProgrammeRow>(
    db,
    sql`select ${programmeColumns} from epg_programmes p where p.channel_id = ${channelId}
      order by p.starts_at, p.id`,
  );
  return rows.map(toProgramme);
}

// ---- Playlists and guide, read in batches so get.php and xmltv.php stream (decision 0039) ----

export interface PlaylistStreamRow {
  id: number;
  name: string;
  icon: string;
  epgChannelId: string | null;
  containerExtension: string;
  categoryId: number;
  sortOrder: number;
}

export interface PlaylistKey {
  categoryId: number;
  sortOrder: number;
  id: number;
}

/**
 * A batch of live streams or movies the line sees after `after`, in listing order: keyset pagination over
 * content_streams_listing_idx, so each batch costs the same however deep the playlist is.
 */
export async function playlistStreamsBatch(
  db: Database,
  kind: 'live' | 'movie',
  bouquets: readonly number[],
  after: PlaylistKey | undefined,
  limit: number,
): Promise<PlaylistStreamRow[]> {
  const from = after
    ? sql`and (s.category_id, s.sort_order, s.id) > (${after.categoryId}, ${after.sortOrder}, ${after.id})`
    : sql``;
  return rowsOf<PlaylistStreamRow>(
    db,
    sql`select s.id, s.name, s.icon, s.epg_channel_id as "epgChannelId",
        s.container_extension as "containerExtension", s.category_id as "categoryId", s.sort_order as "sortOrder"
      from content_streams s
      where s.kind = ${kind} and s.retired_at is null and s.category_id in ${visibleCategories(kind, bouquets)}
        ${from}
      order by s.category_id, s.sort_order, s.id
      limit ${limit}`,
  );
}

export interface PlaylistEpisodeRow {
  id: number;
  season: number | null;
  episode: number | null;
  containerExtension: string;
  icon: string;
  seriesName: string;
  cover: string;
  categoryId: number;
}

/** A batch of episodes of the series the line sees, with id above `afterId`. */
export async function playlistEpisodesBatch(
  db: Database,
  bouquets: readonly number[],
  afterId: number,
  limit: number,
): Promise<PlaylistEpisodeRow[]> {
  return rowsOf<PlaylistEpisodeRow>(
    db,
    sql`select e.id, e.season_number as season, e.episode_number as episode,
        e.container_extension as "containerExtension", e.icon, se.name as "seriesName", se.cover,
        se.category_id as "categoryId"
      from content_streams e join content_series se on se.id = e.series_id
      where e.kind = 'episode' and e.retired_at is null and e.id > ${afterId}
        and se.retired_at is null and se.category_id in ${visibleCategories('series', bouquets)}
      order by e.id
      limit ${limit}`,
  );
}

/** The guide channels of the live streams a line sees: each epg_channel_id once, named by the guide or the stream. */
export async function guideChannels(
  db: Database,
  bouquets: readonly number[],
): Promise<{ id: string; displayName: string }[]> {
  return rowsOf<{ id: string; displayName: string }>(
    db,
    sql`select s.epg_channel_id as id, coalesce(min(ch.display_name), min(s.name)) as "displayName"
      from content_streams s left join epg_channels ch on ch.id = s.epg_channel_id
      where s.kind = 'live' and s.retired_at is null and s.epg_channel_id <> ''
        and s.category_id in ${visibleCategories('live', bouquets)}
      group by s.epg_channel_id
      order by s.epg_channel_id`,
  );
}

/** A batch of the programmes of the guide channels a line sees (those of its live streams), id above `afterId`. */
export async function guideProgrammesBatch(
  db: Database,
  bouquets: readonly number[],
  afterId: number,
  limit: number,
): Promise<ProgrammeRow[]> {
  const rows = await rowsOf<ProgrammeRow>(
    db,
    sql`select ${programmeColumns} from epg_programmes p
      where p.id > ${afterId} and p.channel_id in (select s.epg_channel_id from content_streams s
        where s.kind = 'live' and s.retired_at is null and s.epg_channel_id <> ''
          and s.category_id in ${visibleCategories('live', bouquets)})
      order by p.id limit ${limit}`,
  );
  return rows.map(toProgramme);
}
