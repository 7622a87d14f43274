import type { CategoryKind } from '@panel/shared/content/stream-kinds';
import { sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { executeRows } from '../../db/execute-rows';
import { visibleCategoryIds } from './line-content-scope';

/**
 * Library reads for the player API, get.php and xmltv.php (docs/product/api.md#player-api, decision 0039).
 * Every query sees only the categories of the line's bouquets (docs/product/rules.md#line-content) and never
 * a retired row; episodes follow their series' category. Listings walk content_streams_listing_idx
 * (kind, category_id, sort_order, id); the big JSON listings are written by PostgreSQL itself
 * (json_build_object + string_agg), so 60,000 movies cost one query and no per-row JavaScript.
 */

/** Ids of the not retired categories of `kind` the bouquets hold. */
export function visibleCategories(kind: CategoryKind, bouquets: readonly number[]): SQL {
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

/** get_*_categories as JSON text: `[{"category_id":"1","category_name":"News","parent_id":0}]`. */
export async function categoriesJson(
  db: Database,
  kind: CategoryKind,
  bouquets: readonly number[],
): Promise<string> {
  const [row] = await executeRows<{ body: string }>(
    db,
    sql`select '[' || coalesce(string_agg(json_build_object(
        'category_id', c.id::text, 'category_name', c.name, 'parent_id', 0)::text, ',' order by c.sort_order, c.id), '')
        || ']' as body
      from content_categories c
      where c.kind = ${kind} and c.retired_at is null and c.id in ${visibleCategoryIds(bouquets)}`,
  );
  return row?.body ?? '[]';
}

const categoryFilter = (categoryId: number | undefined) =>
  categoryId === undefined ? sql`` : sql`and s.category_id = ${categoryId}`;

/** Where a page of a listing ends: the next page starts after it (keyset pagination). */
export interface ListingKey {
  categoryId: number;
  sortOrder: number;
  id: number;
}

/** A page of a listing or playlist written by PostgreSQL: its text, its row count and its last key. */
export interface TextPage {
  body: string;
  count: number;
  last: ListingKey;
}

export type ListingKind = 'live' | 'movie' | 'series';

/** Each listing item as JSON, written by PostgreSQL (`p` is a page row, `num` its position in the list). */
function listingItem(kind: ListingKind, num: SQL): SQL {
  const added = epochText(sql`p.added_at`);
  const category = sql`'category_id', p.category_id::text, 'category_ids', json_build_array(p.category_id)`;
  if (kind === 'live') {
    return sql`json_build_object('num', ${num}, 'name', p.name, 'stream_type', 'live', 'stream_id', p.id,
      'stream_icon', p.icon, 'epg_channel_id', nullif(p.epg_channel_id, ''), 'added', ${added}, 'is_adult', '0',
      ${category}, 'custom_sid', '', 'tv_archive', case when p.archive_days > 0 then 1 else 0 end,
      'direct_source', '', 'tv_archive_duration', p.archive_days)`;
  }
  if (kind === 'movie') {
    return sql`json_build_object('num', ${num}, 'name', p.name, 'title', p.name, 'stream_type', 'movie',
      'stream_id', p.id, 'stream_icon', p.icon, 'rating', coalesce(p.rating::text, ''),
      'rating_5based', coalesce(p.rating_5, round(p.rating / 2, 1), 0), 'tmdb', coalesce(p.tmdb_id, ''),
      'added', ${added}, 'is_adult', '0', ${category}, 'container_extension', p.container_extension,
      'custom_sid', '', 'direct_source', '')`;
  }
  return sql`json_build_object('num', ${num}, 'name', p.name, 'title', p.name, 'series_id', p.id,
    'cover', p.cover, 'plot', p.plot, 'cast', p.cast_, 'director', p.director, 'genre', p.genre,
    'releaseDate', p.release_date, 'last_modified', ${epochText(sql`p.updated_at`)},
    'rating', coalesce(round(p.rating)::bigint::text, ''), 'rating_5based', coalesce(round(p.rating / 2, 1), 0),
    'backdrop_path', p.backdrop_path, 'youtube_trailer', p.youtube_trailer,
    'episode_run_time', p.episode_run_time, ${category})`;
}

/** The rows of one page of a listing, in listing order (the listing indexes' order), `rn` from 1. */
function listingPageRows(
  kind: ListingKind,
  bouquets: readonly number[],
  categoryId: number | undefined,
  after: ListingKey | undefined,
  limit: number | undefined,
): SQL {
  const limited = limit === undefined ? sql`` : sql`limit ${limit}`;
  if (kind === 'series') {
    const from = after ? sql`and (s.category_id, s.id) > (${after.categoryId}, ${after.id})` : sql``;
    return sql`select row_number() over (order by s.category_id, s.id) as rn, s.id, s.category_id,
        0 as sort_order, s.name, s.cover, s.updated_at,
        ${infoText('plot')} as plot, ${infoText('cast')} as cast_, ${infoText('director')} as director,
        ${infoText('genre')} as genre, ${infoText('releaseDate')} as release_date,
        ${infoText('youtube_trailer')} as youtube_trailer, ${infoText('episode_run_time')} as episode_run_time,
        ${infoNumber('rating')} as rating, ${backdropPath} as backdrop_path
      from content_series s
      where s.retired_at is null and s.category_id in ${visibleCategories('series', bouquets)}
        ${categoryFilter(categoryId)} ${from}
      order by s.category_id, s.id
      ${limited}`;
  }
  const from = after
    ? sql`and (s.category_id, s.sort_order, s.id) > (${after.categoryId}, ${after.sortOrder}, ${after.id})`
    : sql``;
  const movieColumns =
    kind === 'movie'
      ? sql`, s.tmdb_id, s.container_extension, ${infoNumber('rating')} as rating,
          ${infoNumber('rating_5based')} as rating_5`
      : sql`, s.archive_days`;
  return sql`select row_number() over (order by s.category_id, s.sort_order, s.id) as rn, s.id, s.category_id,
      s.sort_order, s.name, s.icon, s.epg_channel_id, s.added_at ${movieColumns}
    from content_streams s
    where s.kind = ${kind} and s.retired_at is null and s.category_id in ${visibleCategories(kind, bouquets)}
      ${categoryFilter(categoryId)} ${from}
    order by s.category_id, s.sort_order, s.id
    ${limited}`;
}

/**
 * One page as text: `item` per row of `rows` (in their order) joined by `separator`, with the page's size
 * and last key. The aggregate reads the sorted, limited subquery in its order (PostgreSQL documents this
 * for aggregates over a sorted subquery); an `order by` inside string_agg would sort megabytes of text again.
 */
async function textPage(
  db: Database,
  rows: SQL,
  item: SQL,
  separator: string,
): Promise<TextPage | undefined> {
  const [row] = await executeRows<{
    body: string;
    count: number;
    categoryId: number;
    sortOrder: number;
    id: number;
  }>(
    db,
    sql`select string_agg(${item}, ${separator}) as body, count(*)::int as count,
        (array_agg(p.category_id))[count(*)] as "categoryId", (array_agg(p.sort_order))[count(*)] as "sortOrder",
        (array_agg(p.id))[count(*)] as id
      from (${rows}) p
      having count(*) > 0`,
  );
  if (!row) return undefined;
  return {
    body: row.body,
    count: row.count,
    last: { categoryId: row.categoryId, sortOrder: row.sortOrder, id: row.id },
  };
}

/**
 * A page of get_live_streams / get_vod_streams / get_series as JSON text (items joined by commas, no
 * brackets): `limit` items after `after`, numbered from `numberedFrom + 1`. One query over the listing
 * index; PostgreSQL writes the JSON, so no row becomes a JavaScript object.
 */
export async function listingJsonPage(
  db: Database,
  kind: ListingKind,
  bouquets: readonly number[],
  options: { categoryId?: number; after?: ListingKey; numberedFrom: number; limit: number },
): Promise<TextPage | undefined> {
  const rows = listingPageRows(kind, bouquets, options.categoryId, options.after, options.limit);
  const item = sql`${listingItem(kind, sql`p.rn + ${options.numberedFrom}`)}::text`;
  return textPage(db, rows, item, ',');
}

/**
 * A whole listing as one statement, one row per item (`item`: its JSON text, numbered from 1) in listing
 * order: what get_live_streams, get_vod_streams and get_series read through one cursor (decision 0105).
 */
export function listingItemsStatement(
  kind: ListingKind,
  bouquets: readonly number[],
  categoryId: number | undefined,
): SQL {
  const rows = listingPageRows(kind, bouquets, categoryId, undefined, undefined);
  return sql`select ${listingItem(kind, sql`p.rn`)}::text as item from (${rows}) p order by p.rn`;
}

/** How playlist rows are written: the #EXTINF form and the URL before `ID.EXT`. */
export interface PlaylistRendering {
  plus: boolean;
  /** streamUrl(...) without its `ID.EXT` end (decision 0039): credentials already percent-encoded. */
  urlPrefix: { live: string; movie: string; series: string };
  /** Live streams' extension (ts or m3u8); movies and episodes use their own. */
  liveExtension: string;
}

/** A text usable inside an #EXTINF attribute: no double quotes, no line breaks. */
const attribute = (value: SQL) => sql`translate(replace(${value}, '"', ''''), E'\r\n', '  ')`;
const entryTitle = (value: SQL) => sql`translate(${value}, E'\r\n', '  ')`;

function extinf(
  rendering: PlaylistRendering,
  prefix: string,
  fields: { tvgId: SQL; name: SQL; logo: SQL; group: SQL; extension: SQL; catchup?: SQL },
): SQL {
  const url = sql`${prefix}::text || p.id || '.' || ${fields.extension} || E'\n'`;
  if (!rendering.plus) return sql`'#EXTINF:-1,' || ${entryTitle(fields.name)} || E'\n' || ${url}`;
  return sql`'#EXTINF:-1 tvg-id="' || ${attribute(fields.tvgId)} || '" tvg-name="' || ${attribute(fields.name)}
    || '" tvg-logo="' || ${attribute(fields.logo)} || '" group-title="' || ${attribute(fields.group)} || '"'
    || ${fields.catchup ?? sql`''`} || ',' || ${entryTitle(fields.name)} || E'\n' || ${url}`;
}

/**
 * A live channel with an archive says so as TiviMate and pvr.iptvsimple read it (decision 0120):
 * ` catchup="xc" catchup-days="N"`; they build the /timeshift/ URL from the entry's /live/ URL.
 */
const catchupAttributes = sql`case when p.archive_days > 0
  then ' catchup="xc" catchup-days="' || p.archive_days || '"' else '' end`;

/** get.php's live streams or movies after `after` in listing order (at most `limit`), `rn` from 1. */
function playlistStreamRows(
  kind: 'live' | 'movie',
  bouquets: readonly number[],
  after: ListingKey | undefined,
  limit: number | undefined,
): SQL {
  const from = after
    ? sql`and (s.category_id, s.sort_order, s.id) > (${after.categoryId}, ${after.sortOrder}, ${after.id})`
    : sql``;
  return sql`select row_number() over (order by s.category_id, s.sort_order, s.id) as rn, s.id,
      s.category_id, s.sort_order, s.name, s.icon, s.epg_channel_id, s.container_extension, s.archive_days,
      c.name as group_name
    from content_streams s join content_categories c on c.id = s.category_id
    where s.kind = ${kind} and s.retired_at is null and s.category_id in ${visibleCategories(kind, bouquets)}
      ${from}
    order by s.category_id, s.sort_order, s.id
    ${limit === undefined ? sql`` : sql`limit ${limit}`}`;
}

function playlistStreamItem(kind: 'live' | 'movie', rendering: PlaylistRendering): SQL {
  return extinf(rendering, rendering.urlPrefix[kind], {
    tvgId: kind === 'live' ? sql`coalesce(p.epg_channel_id, '')` : sql`''`,
    name: sql`p.name`,
    logo: sql`p.icon`,
    group: sql`p.group_name`,
    extension: kind === 'live' ? sql`${rendering.liveExtension}::text` : sql`p.container_extension`,
    catchup: kind === 'live' ? catchupAttributes : undefined,
  });
}

/** get.php's episodes (of the series the line sees) with id above `afterId` (at most `limit`): "Series S01 E01". */
function playlistEpisodeRows(bouquets: readonly number[], afterId: number, limit: number | undefined): SQL {
  return sql`select row_number() over (order by e.id) as rn, e.id, 0 as category_id, 0 as sort_order,
      se.name || ' S' || lpad(coalesce(e.season_number, 1)::text, 2, '0')
        || ' E' || lpad(coalesce(e.episode_number, 0)::text, 2, '0') as name,
      coalesce(nullif(e.icon, ''), se.cover) as icon, e.container_extension, c.name as group_name
    from content_streams e
      join content_series se on se.id = e.series_id
      join content_categories c on c.id = se.category_id
    where e.kind = 'episode' and e.retired_at is null and e.id > ${afterId}
      and se.retired_at is null and se.category_id in ${visibleCategories('series', bouquets)}
    order by e.id
    ${limit === undefined ? sql`` : sql`limit ${limit}`}`;
}

function playlistEpisodeItem(rendering: PlaylistRendering): SQL {
  return extinf(rendering, rendering.urlPrefix.series, {
    tvgId: sql`''`,
    name: sql`p.name`,
    logo: sql`p.icon`,
    group: sql`p.group_name`,
    extension: sql`p.container_extension`,
  });
}

/**
 * A page of get.php's live streams or movies as M3U text, after `after` in listing order. PostgreSQL
 * writes the rows, so a 100,000-entry playlist costs 50 queries and no per-row JavaScript.
 */
export async function playlistStreamsPage(
  db: Database,
  kind: 'live' | 'movie',
  bouquets: readonly number[],
  rendering: PlaylistRendering,
  after: ListingKey | undefined,
  limit: number,
): Promise<TextPage | undefined> {
  const rows = playlistStreamRows(kind, bouquets, after, limit);
  return textPage(db, rows, playlistStreamItem(kind, rendering), '');
}

/** A page of get.php's episodes (of the series the line sees), id above `afterId`: "Series S01 E01". */
export async function playlistEpisodesPage(
  db: Database,
  bouquets: readonly number[],
  rendering: PlaylistRendering,
  afterId: number,
  limit: number,
): Promise<TextPage | undefined> {
  return textPage(db, playlistEpisodeRows(bouquets, afterId, limit), playlistEpisodeItem(rendering), '');
}

/**
 * The whole playlist as three statements (live streams, movies, episodes), each answering one row per
 * entry (`entry`: its M3U text) in the order of the pages above: what get.php reads through one cursor
 * (decision 0105). The outer order repeats the inner one, which PostgreSQL reads as already sorted.
 */
export function playlistEntryStatements(bouquets: readonly number[], rendering: PlaylistRendering): SQL[] {
  const entries = (rows: SQL, item: SQL, order: SQL) =>
    sql`select ${item} as entry from (${rows}) p order by ${order}`;
  const listingOrder = sql`p.category_id, p.sort_order, p.id`;
  return [
    entries(
      playlistStreamRows('live', bouquets, undefined, undefined),
      playlistStreamItem('live', rendering),
      listingOrder,
    ),
    entries(
      playlistStreamRows('movie', bouquets, undefined, undefined),
      playlistStreamItem('movie', rendering),
      listingOrder,
    ),
    entries(playlistEpisodeRows(bouquets, 0, undefined), playlistEpisodeItem(rendering), sql`p.id`),
  ];
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
  const [row] = await executeRows<MovieRow>(
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
  const [series] = await executeRows<SeriesRow>(
    db,
    sql`select s.id, s.name, s.cover, s.category_id as "categoryId", s.tmdb_id as "tmdbId", s.info,
        ${epochText(sql`s.updated_at`)} as "lastModified"
      from content_series s
      where s.id = ${id} and s.retired_at is null and s.category_id in ${visibleCategories('series', bouquets)}`,
  );
  if (!series) return undefined;
  const episodes = await executeRows<EpisodeRow>(
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

/**
 * The guide channel of a live stream the line sees (null when it has none) and its catch-up days; undefined
 * when not visible.
 */
export async function findVisibleLiveChannel(
  db: Database,
  id: number,
  bouquets: readonly number[],
): Promise<{ epgChannelId: string | null; archiveDays: number } | undefined> {
  const [row] = await executeRows<{ epgChannelId: string | null; archiveDays: number }>(
    db,
    sql`select nullif(s.epg_channel_id, '') as "epgChannelId", s.archive_days as "archiveDays"
      from content_streams s
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
  const rows = await executeRows<ProgrammeRow>(
    db,
    sql`select ${programmeColumns} from epg_programmes p
      where p.channel_id = ${channelId} and p.stops_at > ${now.toISOString()}
      order by p.starts_at, p.id limit ${limit}`,
  );
  return rows.map(toProgramme);
}

/** Every programme of a channel (get_simple_data_table). */
export async function allProgrammes(db: Database, channelId: string): Promise<ProgrammeRow[]> {
  const rows = await executeRows<ProgrammeRow>(
    db,
    sql`select ${programmeColumns} from epg_programmes p where p.channel_id = ${channelId}
      order by p.starts_at, p.id`,
  );
  return rows.map(toProgramme);
}

/** One programme by id (the portal's catch-up names a programme: tv_archive/create_link). */
export async function findProgramme(db: Database, id: number): Promise<ProgrammeRow | undefined> {
  const [row] = await executeRows<ProgrammeRow>(
    db,
    sql`select ${programmeColumns} from epg_programmes p where p.id = ${id}`,
  );
  return row ? toProgramme(row) : undefined;
}

// ---- The guide, read in batches so xmltv.php streams (decision 0039) ----

/** The guide channels of the live streams a line sees: each epg_channel_id once, named by the guide or the stream. */
export async function guideChannels(
  db: Database,
  bouquets: readonly number[],
): Promise<{ id: string; displayName: string }[]> {
  return executeRows<{ id: string; displayName: string }>(
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
  const rows = await executeRows<ProgrammeRow>(
    db,
    sql`select ${programmeColumns} from epg_programmes p
      where p.id > ${afterId} and p.channel_id in (select s.epg_channel_id from content_streams s
        where s.kind = 'live' and s.retired_at is null and s.epg_channel_id <> ''
          and s.category_id in ${visibleCategories('live', bouquets)})
      order by p.id limit ${limit}`,
  );
  return rows.map(toProgramme);
}
