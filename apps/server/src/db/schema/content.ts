import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgSequence,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { bouquets } from './catalog';

/**
 * The content library (docs/product/entities.md#content-library, decision 0037): what a line can watch.
 * Ids are serial integers, so they fit the signed 32-bit ids real player apps parse. Every imported row
 * keeps its source and its id there (`source_id`, `external_id`): a re-sync updates it in place and
 * retires (`retired_at`) what vanished upstream, so ids a customer's app cached stay valid.
 */

/** Where the library comes from: an upstream Xtream-compatible server, or an M3U playlist with an XMLTV guide. */
export const contentSources = pgTable(
  'content_sources',
  {
    id: serial('id').primaryKey(),
    kind: text('kind').$type<'xtream' | 'm3u'>().notNull(),
    name: text('name').notNull(),
    /** Xtream: the server's base URL. M3U: the playlist's URL or file path. */
    url: text('url').notNull(),
    username: text('username'),
    password: text('password'),
    /** M3U sources: the guide's URL or file path. Xtream sources read the upstream's xmltv.php. */
    xmltvUrl: text('xmltv_url'),
    /** redirect: 302 with a signed token; proxy: the server relays the bytes (decision 0037). */
    deliveryMode: text('delivery_mode').$type<'redirect' | 'proxy'>().notNull(),
    /**
     * The IANA time zone the source's archive URLs read their dates in (decision 0120): an Xtream source's
     * `server_info.timezone` at its last sync; null (M3U, or an upstream that names none): UTC.
     */
    timezone: text('timezone'),
    /** Minutes between automatic syncs; null: only when someone asks. */
    syncIntervalMinutes: integer('sync_interval_minutes'),
    /** Minutes added to the guide's programme times at import, -720 to 840 in steps of 15 (decision 0125). */
    guideOffsetMinutes: integer('guide_offset_minutes').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** The sync in progress or the last one: running, ok or failed. */
    syncStatus: text('sync_status').$type<'idle' | 'running' | 'ok' | 'failed'>().notNull().default('idle'),
    syncStartedAt: timestamp('sync_started_at', { withTimezone: true }),
    syncFinishedAt: timestamp('sync_finished_at', { withTimezone: true }),
    /** While running: { phase, done, total }; written every few hundred items. */
    syncProgress: jsonb('sync_progress').$type<Record<string, unknown>>(),
    /** After a sync: counts added / updated / retired per kind, or the error. */
    syncSummary: jsonb('sync_summary').$type<Record<string, unknown>>(),
    syncError: text('sync_error'),
  },
  (table) => [
    check('content_sources_kind', sql`${table.kind} in ('xtream', 'm3u')`),
    check('content_sources_delivery', sql`${table.deliveryMode} in ('redirect', 'proxy')`),
    check(
      'content_sources_interval',
      sql`${table.syncIntervalMinutes} is null or ${table.syncIntervalMinutes} >= 5`,
    ),
    check(
      'content_sources_guide_offset',
      sql`${table.guideOffsetMinutes} between -720 and 840 and ${table.guideOffsetMinutes} % 15 = 0`,
    ),
  ],
);

/** Categories, one list per kind (live channels, movies, series). */
export const contentCategories = pgTable(
  'content_categories',
  {
    id: serial('id').primaryKey(),
    kind: text('kind').$type<'live' | 'movie' | 'series'>().notNull(),
    name: text('name').notNull(),
    sortOrder: integer('sort_order').notNull().default(0),
    isAdult: boolean('is_adult').notNull().default(false),
    sourceId: integer('source_id').references(() => contentSources.id, { onDelete: 'set null' }),
    externalId: text('external_id'),
    retiredAt: timestamp('retired_at', { withTimezone: true }),
    /**
     * What the category's rows were last changed at, on the library's version sequence (decision 0100): a
     * line's cached answers are keyed by the highest version among its bouquets' categories, so a sync of
     * one category leaves the answers of bouquets without it alone. A new category takes a fresh version.
     */
    version: bigint('version', { mode: 'number' })
      .notNull()
      .default(sql`nextval('content_library_version')`),
  },
  (table) => [
    check('content_categories_kind', sql`${table.kind} in ('live', 'movie', 'series')`),
    uniqueIndex('content_categories_source_key').on(table.sourceId, table.kind, table.externalId),
    index('content_categories_kind_idx').on(table.kind, table.sortOrder, table.id),
  ],
);

/** Which categories a bouquet holds; a line sees the categories of its bouquets (lines.bouquets). */
export const bouquetCategories = pgTable(
  'bouquet_categories',
  {
    bouquetId: integer('bouquet_id')
      .notNull()
      .references(() => bouquets.id, { onDelete: 'cascade' }),
    categoryId: integer('category_id')
      .notNull()
      .references(() => contentCategories.id, { onDelete: 'cascade' }),
  },
  (table) => [
    primaryKey({ columns: [table.bouquetId, table.categoryId] }),
    index('bouquet_categories_category_idx').on(table.categoryId),
  ],
);

/** A series: its episodes are rows of content_streams with kind 'episode'. */
export const contentSeries = pgTable(
  'content_series',
  {
    id: serial('id').primaryKey(),
    categoryId: integer('category_id')
      .notNull()
      .references(() => contentCategories.id),
    name: text('name').notNull(),
    cover: text('cover').notNull().default(''),
    tmdbId: text('tmdb_id'),
    /** plot, cast, director, genre, releaseDate, rating, backdrop_path, youtube_trailer, episode_run_time. */
    info: jsonb('info').$type<Record<string, unknown>>().notNull().default({}),
    sourceId: integer('source_id').references(() => contentSources.id, { onDelete: 'set null' }),
    externalId: text('external_id'),
    addedAt: timestamp('added_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    retiredAt: timestamp('retired_at', { withTimezone: true }),
    /** Removed for good by an admin (decision 0056): retired, and a re-sync leaves it retired. */
    removedAt: timestamp('removed_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('content_series_source_key').on(table.sourceId, table.externalId),
    index('content_series_category_idx')
      .on(table.categoryId, table.id)
      .where(sql`${table.retiredAt} is null`),
    // The content-updates drawer: the newest series, walked backwards (decision 0058).
    index('content_series_releases_idx')
      .on(table.addedAt, table.id)
      .where(sql`${table.retiredAt} is null`),
  ],
);

/**
 * Everything that plays: live channels (24-hour channels are live with `is_24h`), movies and episodes, in
 * one id space, as Xtream Codes does, so /live, /movie and /series URLs all name a row here.
 */
export const contentStreams = pgTable(
  'content_streams',
  {
    id: serial('id').primaryKey(),
    kind: text('kind').$type<'live' | 'movie' | 'episode'>().notNull(),
    /** Live and movies: their category. Episodes: null (they are listed under their series' category). */
    categoryId: integer('category_id').references(() => contentCategories.id),
    seriesId: integer('series_id').references(() => contentSeries.id),
    seasonNumber: smallint('season_number'),
    episodeNumber: smallint('episode_number'),
    name: text('name').notNull(),
    icon: text('icon').notNull().default(''),
    epgChannelId: text('epg_channel_id'),
    /** The extension of the stream URL: ts for live; mp4, mkv … for movies and episodes. */
    containerExtension: text('container_extension').notNull().default('ts'),
    is24h: boolean('is_24h').notNull().default(false),
    /**
     * Catch-up (decision 0120): how many days back the source keeps the channel's archive (Xtream
     * `tv_archive_duration`, M3U `catchup-days`); 0: no archive. Live streams only.
     */
    archiveDays: smallint('archive_days').notNull().default(0),
    /**
     * The source's archive URL as a template (delivery/catchup/archive-url.ts names its placeholders), or
     * null: derived from the Xtream-shaped live URL (`/live/U/P/ID.ts` → `/timeshift/U/P/…/ID.ts`).
     */
    archiveUrl: text('archive_url'),
    tmdbId: text('tmdb_id'),
    /** Kind-specific details shown by the player API (plot, rating, duration_secs, …). */
    info: jsonb('info').$type<Record<string, unknown>>().notNull().default({}),
    /** Where the bytes are: first the preferred URL, then fallbacks. May carry upstream credentials. */
    sourceUrls: text('source_urls')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    sourceId: integer('source_id').references(() => contentSources.id, { onDelete: 'set null' }),
    externalId: text('external_id'),
    sortOrder: integer('sort_order').notNull().default(0),
    addedAt: timestamp('added_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    retiredAt: timestamp('retired_at', { withTimezone: true }),
    /** Removed for good by an admin (decision 0056): retired, and a re-sync leaves it retired. */
    removedAt: timestamp('removed_at', { withTimezone: true }),
  },
  (table) => [
    check('content_streams_kind', sql`${table.kind} in ('live', 'movie', 'episode')`),
    check(
      'content_streams_placement',
      sql`(${table.kind} = 'episode') = (${table.seriesId} is not null and ${table.categoryId} is null)`,
    ),
    uniqueIndex('content_streams_source_key').on(table.sourceId, table.kind, table.externalId),
    // The player API lists a kind by category in id order; playlists walk the same index.
    index('content_streams_listing_idx')
      .on(table.kind, table.categoryId, table.sortOrder, table.id)
      .where(sql`${table.retiredAt} is null`),
    // The content-updates drawer: the newest movies, walked backwards (decision 0058).
    index('content_streams_releases_idx')
      .on(table.addedAt, table.id)
      .where(sql`${table.kind} = 'movie' and ${table.retiredAt} is null`),
    index('content_streams_series_idx')
      .on(table.seriesId, table.seasonNumber, table.episodeNumber)
      .where(sql`${table.seriesId} is not null`),
  ],
);

/** Guide channels (XMLTV `<channel>`), keyed by their XMLTV id, which live streams name in epg_channel_id. */
export const epgChannels = pgTable('epg_channels', {
  id: text('id').primaryKey(),
  displayName: text('display_name').notNull(),
  icon: text('icon'),
  sourceId: integer('source_id').references(() => contentSources.id, { onDelete: 'set null' }),
});

/** Guide programmes; a sync replaces a source's programmes of the window it imported. */
export const epgProgrammes = pgTable(
  'epg_programmes',
  {
    id: serial('id').primaryKey(),
    channelId: text('channel_id').notNull(),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    stopsAt: timestamp('stops_at', { withTimezone: true }).notNull(),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    lang: text('lang').notNull().default(''),
    sourceId: integer('source_id').references(() => contentSources.id, { onDelete: 'cascade' }),
  },
  (table) => [
    check('epg_programmes_order', sql`${table.stopsAt} > ${table.startsAt}`),
    index('epg_programmes_channel_idx').on(table.channelId, table.startsAt),
    index('epg_programmes_source_idx').on(table.sourceId),
  ],
);

/**
 * One row per stream start (authorised and delivered), append-only: the views that analytics and charts
 * count, and what connection tracking (decision 0044) builds on. No foreign keys: the history outlives lines.
 */
export const streamStarts = pgTable(
  'stream_starts',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    lineId: integer('line_id').notNull(),
    streamId: integer('stream_id').notNull(),
    kind: text('kind').$type<'live' | 'movie' | 'episode'>().notNull(),
    delivery: text('delivery').$type<'redirect' | 'proxy'>().notNull(),
    ip: text('ip'),
    userAgent: text('user_agent'),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('stream_starts_stream_idx').on(table.streamId, table.startedAt),
    index('stream_starts_line_idx').on(table.lineId, table.startedAt),
  ],
);

/**
 * The library's version sequence (decisions 0043, 0100): every version below is drawn from it, after the
 * change it stands for was committed — a category's (a sync changed its rows) or the whole library's.
 */
export const contentLibraryVersion = pgSequence('content_library_version');

/**
 * The version of the whole library (decision 0100), one row: `version` is raised by a change that can alter
 * any line's answers (a category's bouquets changed, a bouquet removed), `hard_version` too when no answer
 * older than it may be served even while its new version renders (content removed, a source removed).
 */
export const contentLibraryEpoch = pgTable(
  'content_library_epoch',
  {
    id: smallint('id').primaryKey().default(1),
    version: bigint('version', { mode: 'number' }).notNull(),
    hardVersion: bigint('hard_version', { mode: 'number' }).notNull(),
  },
  (table) => [check('content_library_epoch_one_row', sql`${table.id} = 1`)],
);
