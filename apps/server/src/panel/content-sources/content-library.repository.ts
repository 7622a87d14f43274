import { and, eq, gt, inArray, isNull, max, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/database';
import {
  contentCategories,
  contentSeries,
  contentStreams,
  epgChannels,
  epgProgrammes,
} from '../../db/schema';

/**
 * Batched writes of an import (decision 0038): each batch is one INSERT … ON CONFLICT DO UPDATE on the
 * row's (source_id, kind, external_id). `updated_at` moves only when something changed (or the row comes
 * back from retirement); RETURNING says, per row, whether it was added (xmax = 0) or changed, so the
 * sync counts both without reading the rows first.
 */
export interface UpsertResult {
  id: number;
  externalId: string;
  inserted: boolean;
  changed: boolean;
  /**
   * The categories whose answers the row's change alters (decision 0100): where it is now and, when it
   * moved, where it was (an episode's are its series'). Null when unchanged.
   */
  categoryId: number | null;
  previousCategoryId: number | null;
}

/**
 * A subquery in RETURNING reads the statement's snapshot, which does not see the statement's own writes:
 * `previous` reads the row as it was before this upsert (null for a row it added).
 */
const streamCategory = (row: string) =>
  sql.raw(`coalesce(${row}."category_id",
    (select se."category_id" from "content_series" se where se."id" = ${row}."series_id"))`);
const changedStreamCategories = {
  categoryId: sql<
    number | null
  >`case when "content_streams"."updated_at" = now() then ${streamCategory('"content_streams"')} end`,
  previousCategoryId: sql<number | null>`case when "content_streams"."updated_at" = now() then
    (select ${streamCategory('o')} from "content_streams" o where o."id" = "content_streams"."id") end`,
};
const changedSeriesCategories = {
  categoryId: sql<
    number | null
  >`case when "content_series"."updated_at" = now() then "content_series"."category_id" end`,
  previousCategoryId: sql<number | null>`case when "content_series"."updated_at" = now() then
    (select o."category_id" from "content_series" o where o."id" = "content_series"."id") end`,
};

/**
 * A row seen again comes back from retirement, unless an admin removed it for good (decision 0056): then
 * it stays retired and counts as unchanged, however its source still lists it.
 */
const keptRetiredWhenRemoved = (table: 'content_series' | 'content_streams') =>
  sql.raw(`case when "${table}"."removed_at" is null then null else "${table}"."retired_at" end`);

const insertedFlag = (table: string) => sql<boolean>`(${sql.raw(`"${table}"`)}.xmax = 0)`;
const excluded = (column: string) => sql.raw(`excluded."${column}"`);

export interface CategoryValues {
  kind: 'live' | 'movie' | 'series';
  externalId: string;
  name: string;
  sortOrder: number;
  isAdult: boolean;
}

export async function upsertCategories(
  db: Database,
  sourceId: number,
  rows: CategoryValues[],
): Promise<{ id: number; kind: CategoryValues['kind']; externalId: string; inserted: boolean }[]> {
  if (rows.length === 0) return [];
  return db
    .insert(contentCategories)
    .values(rows.map((row) => ({ ...row, sourceId })))
    .onConflictDoUpdate({
      target: [contentCategories.sourceId, contentCategories.kind, contentCategories.externalId],
      set: {
        name: excluded('name'),
        sortOrder: excluded('sort_order'),
        isAdult: excluded('is_adult'),
        retiredAt: sql`null`,
      },
    })
    .returning({
      id: contentCategories.id,
      kind: contentCategories.kind,
      externalId: sql<string>`${contentCategories.externalId}`,
      inserted: insertedFlag('content_categories'),
    });
}

/** A source's categories as stored (the sync compares them to count what changed). */
export async function sourceCategories(db: Database, sourceId: number) {
  return db
    .select({
      id: contentCategories.id,
      kind: contentCategories.kind,
      externalId: contentCategories.externalId,
      name: contentCategories.name,
      sortOrder: contentCategories.sortOrder,
      isAdult: contentCategories.isAdult,
      retiredAt: contentCategories.retiredAt,
    })
    .from(contentCategories)
    .where(eq(contentCategories.sourceId, sourceId));
}

/**
 * New categories join every bouquet of their kind of audience (decision 0037): non-adult categories the
 * non-adult bouquets, adult ones the adult bouquets. Only called for categories added now, so a mapping
 * the admin changed is never touched again.
 */
export async function joinBouquets(db: Database, categoryIds: number[]): Promise<void> {
  if (categoryIds.length === 0) return;
  await db.execute(sql`
    insert into bouquet_categories (bouquet_id, category_id)
    select b.id, c.id from content_categories c join bouquets b on b.is_adult = c.is_adult
    where c.id in (${sql.join(
      categoryIds.map((id) => sql`${id}`),
      sql`, `,
    )})
    on conflict do nothing`);
}

export interface SeriesValues {
  externalId: string;
  categoryId: number;
  name: string;
  cover: string;
  tmdbId: string | null;
  info: Record<string, unknown>;
}

export async function upsertSeries(
  db: Database,
  sourceId: number,
  rows: SeriesValues[],
): Promise<UpsertResult[]> {
  if (rows.length === 0) return [];
  const changed = sql`(row("content_series"."category_id", "content_series"."name", "content_series"."cover",
    "content_series"."tmdb_id", "content_series"."info" || excluded."info")
    is distinct from row(excluded."category_id", excluded."name", excluded."cover", excluded."tmdb_id",
    "content_series"."info") or "content_series"."retired_at" is not null)
    and "content_series"."removed_at" is null`;
  return db
    .insert(contentSeries)
    .values(rows.map((row) => ({ ...row, sourceId })))
    .onConflictDoUpdate({
      target: [contentSeries.sourceId, contentSeries.externalId],
      set: {
        categoryId: excluded('category_id'),
        name: excluded('name'),
        cover: excluded('cover'),
        tmdbId: excluded('tmdb_id'),
        info: sql`"content_series"."info" || excluded."info"`,
        updatedAt: sql`case when ${changed} then now() else "content_series"."updated_at" end`,
        retiredAt: keptRetiredWhenRemoved('content_series'),
      },
    })
    .returning({
      id: contentSeries.id,
      externalId: sql<string>`${contentSeries.externalId}`,
      inserted: insertedFlag('content_series'),
      changed: sql<boolean>`(${contentSeries.updatedAt} = now())`,
      ...changedSeriesCategories,
    });
}

export interface StreamValues {
  kind: 'live' | 'movie' | 'episode';
  externalId: string;
  categoryId: number | null;
  seriesId: number | null;
  seasonNumber: number | null;
  episodeNumber: number | null;
  name: string;
  icon: string;
  epgChannelId: string | null;
  containerExtension: string;
  tmdbId: string | null;
  info: Record<string, unknown>;
  sourceUrls: string[];
  sortOrder: number;
  /** A live channel that loops one programme all day (media type 3). */
  is24h?: boolean;
  /** Live channels: days of catch-up archive (0: none) and its URL template (decision 0120). */
  archiveDays?: number;
  archiveUrl?: string | null;
}

const STREAM_COLUMNS = [
  'category_id',
  'series_id',
  'season_number',
  'episode_number',
  'name',
  'icon',
  'epg_channel_id',
  'container_extension',
  'tmdb_id',
  'source_urls',
  'sort_order',
  'is_24h',
  'archive_days',
  'archive_url',
];

export async function upsertStreams(
  db: Database,
  sourceId: number,
  rows: StreamValues[],
): Promise<(UpsertResult & { kind: StreamValues['kind'] })[]> {
  if (rows.length === 0) return [];
  const current = sql.raw(STREAM_COLUMNS.map((column) => `"content_streams"."${column}"`).join(', '));
  const incoming = sql.raw(STREAM_COLUMNS.map((column) => `excluded."${column}"`).join(', '));
  // Details fetched once (a movie's plot from get_vod_info) stay when the listing does not repeat them.
  const changed = sql`(row(${current}, "content_streams"."info" || excluded."info")
    is distinct from row(${incoming}, "content_streams"."info") or "content_streams"."retired_at" is not null)
    and "content_streams"."removed_at" is null`;
  const set: Record<string, SQL> = {};
  const camel = (column: string) =>
    column.replace(/_(\w)/g, (_match, letter: string) => letter.toUpperCase());
  for (const column of STREAM_COLUMNS) set[camel(column)] = excluded(column);
  return db
    .insert(contentStreams)
    .values(
      rows.map((row) => ({
        ...row,
        is24h: row.is24h ?? false,
        archiveDays: row.archiveDays ?? 0,
        archiveUrl: row.archiveUrl ?? null,
        sourceId,
      })),
    )
    .onConflictDoUpdate({
      target: [contentStreams.sourceId, contentStreams.kind, contentStreams.externalId],
      set: {
        ...set,
        info: sql`"content_streams"."info" || excluded."info"`,
        updatedAt: sql`case when ${changed} then now() else "content_streams"."updated_at" end`,
        retiredAt: keptRetiredWhenRemoved('content_streams'),
      },
    })
    .returning({
      id: contentStreams.id,
      kind: contentStreams.kind,
      externalId: sql<string>`${contentStreams.externalId}`,
      inserted: insertedFlag('content_streams'),
      changed: sql<boolean>`(${contentStreams.updatedAt} = now())`,
      ...changedStreamCategories,
    });
}

/** Merges details into a stream's info (a movie's get_vod_info); the stream's category (listings show them). */
export async function mergeStreamInfo(
  db: Database,
  id: number,
  info: Record<string, unknown>,
  tmdbId: string | null,
): Promise<number | null> {
  const [row] = await db
    .update(contentStreams)
    .set({
      info: sql`${contentStreams.info} || ${JSON.stringify(info)}::jsonb`,
      ...(tmdbId ? { tmdbId } : {}),
    })
    .where(eq(contentStreams.id, id))
    .returning({ categoryId: sql<number | null>`${streamCategory('"content_streams"')}` });
  return row?.categoryId ?? null;
}

type RetirableTable = 'categories' | 'series' | 'streams';

/** Active row ids of a source (one kind), a page at a time in id order: what a sync may retire. */
export async function activeIdsAfter(
  db: Database,
  table: RetirableTable,
  sourceId: number,
  kind: string | null,
  afterId: number,
  limit: number,
): Promise<number[]> {
  const target =
    table === 'categories' ? contentCategories : table === 'series' ? contentSeries : contentStreams;
  const conditions = [eq(target.sourceId, sourceId), isNull(target.retiredAt), gt(target.id, afterId)];
  if (kind && table === 'categories') conditions.push(eq(contentCategories.kind, kind as 'live'));
  if (kind && table === 'streams') conditions.push(eq(contentStreams.kind, kind as 'live'));
  const rows = await db
    .select({ id: target.id })
    .from(target)
    .where(and(...conditions))
    .orderBy(target.id)
    .limit(limit);
  return rows.map((row) => row.id);
}

/** Retires the rows; the categories whose answers change (decision 0100). */
export async function retireRows(db: Database, table: RetirableTable, ids: number[]): Promise<number[]> {
  if (ids.length === 0) return [];
  const now = sql`now()`;
  let rows: { categoryId: number | null }[];
  if (table === 'categories') {
    rows = await db
      .update(contentCategories)
      .set({ retiredAt: now })
      .where(inArray(contentCategories.id, ids))
      .returning({ categoryId: contentCategories.id });
  } else if (table === 'series') {
    rows = await db
      .update(contentSeries)
      .set({ retiredAt: now, updatedAt: now })
      .where(inArray(contentSeries.id, ids))
      .returning({ categoryId: contentSeries.categoryId });
  } else {
    rows = await db
      .update(contentStreams)
      .set({ retiredAt: now, updatedAt: now })
      .where(inArray(contentStreams.id, ids))
      .returning({ categoryId: sql<number | null>`${streamCategory('"content_streams"')}` });
  }
  return rows.flatMap((row) => (row.categoryId === null ? [] : [row.categoryId]));
}

/** Everything a source brought, retired at once (the source is removed). */
export async function retireSourceContent(db: Database, sourceId: number): Promise<void> {
  const now = sql`now()`;
  await db
    .update(contentStreams)
    .set({ retiredAt: now, updatedAt: now })
    .where(and(eq(contentStreams.sourceId, sourceId), isNull(contentStreams.retiredAt)));
  await db
    .update(contentSeries)
    .set({ retiredAt: now, updatedAt: now })
    .where(and(eq(contentSeries.sourceId, sourceId), isNull(contentSeries.retiredAt)));
  await db
    .update(contentCategories)
    .set({ retiredAt: now })
    .where(and(eq(contentCategories.sourceId, sourceId), isNull(contentCategories.retiredAt)));
}

export interface EpgChannelValues {
  id: string;
  displayName: string;
  icon: string | null;
}

export async function upsertEpgChannels(
  db: Database,
  sourceId: number,
  rows: EpgChannelValues[],
): Promise<void> {
  if (rows.length === 0) return;
  await db
    .insert(epgChannels)
    .values(rows.map((row) => ({ ...row, sourceId })))
    .onConflictDoUpdate({
      target: epgChannels.id,
      set: { displayName: excluded('display_name'), icon: excluded('icon'), sourceId: excluded('source_id') },
    });
}

export interface ProgrammeValues {
  channelId: string;
  startsAt: Date;
  stopsAt: Date;
  title: string;
  description: string;
  lang: string;
}

export async function insertProgrammes(
  db: Database,
  sourceId: number,
  rows: ProgrammeValues[],
): Promise<void> {
  if (rows.length === 0) return;
  await db.insert(epgProgrammes).values(rows.map((row) => ({ ...row, sourceId })));
}

/** The highest programme id now: programmes a sync inserts from here on all have larger ids. */
export async function lastProgrammeId(db: Database): Promise<number> {
  const [row] = await db.select({ id: max(epgProgrammes.id) }).from(epgProgrammes);
  return row?.id ?? 0;
}

/** Guide programmes that ended longer ago than this are not stored, whatever the archives. */
const GUIDE_PAST_MS = 86_400_000;

/**
 * Since when ended programmes are kept (decision 0120): the library's longest catch-up archive (a channel
 * may play a programme back that long) or a day, whichever is longer.
 */
export async function guideRetentionStart(db: Database, now: Date): Promise<Date> {
  const [row] = await db
    .select({ days: max(contentStreams.archiveDays) })
    .from(contentStreams)
    .where(and(eq(contentStreams.kind, 'live'), isNull(contentStreams.retiredAt)));
  const days = row?.days ?? 0;
  return new Date(now.getTime() - Math.max(GUIDE_PAST_MS, days * 86_400_000));
}

/**
 * The guide swap of a finished sync. Of the source's programmes from before it (`id <= lastId`):
 * - those ended before `keepSince` go, on every channel;
 * - on a channel this guide brought programmes for (`channelIds`, decision 0127) the others go too, except
 *   past ones that no new programme overlaps (decision 0120: an upstream guide holds a day or so of the past,
 *   and catch-up plays older ones back);
 * - a channel this guide lacks keeps the rest (decision 0127: it is not emptied for a day's gap).
 * Another source's programmes are never touched.
 */
export async function replaceProgrammes(
  db: Database,
  sourceId: number,
  lastId: number,
  channelIds: string[],
  keepSince: Date,
): Promise<void> {
  await db.execute(sql`delete from epg_programmes p
    where p.source_id = ${sourceId} and p.id <= ${lastId}
      and (p.stops_at < ${keepSince.toISOString()}
        or (p.channel_id in (select jsonb_array_elements_text(${JSON.stringify(channelIds)}::jsonb))
          and (p.stops_at > now()
            or exists (select 1 from epg_programmes n where n.source_id = ${sourceId} and n.id > ${lastId}
              and n.channel_id = p.channel_id and n.starts_at < p.stops_at and n.stops_at > p.starts_at))))`);
}

/** Moves a source's stored programmes by `minutes` (its guide offset changed; decision 0125). */
export async function shiftSourceProgrammes(db: Database, sourceId: number, minutes: number): Promise<void> {
  await db.execute(sql`update epg_programmes
    set starts_at = starts_at + make_interval(mins => ${minutes}::int),
      stops_at = stops_at + make_interval(mins => ${minutes}::int)
    where source_id = ${sourceId}`);
}

/** A failed guide import leaves the previous guide as it was: its new rows go. */
export async function deleteProgrammesAfter(db: Database, sourceId: number, lastId: number): Promise<void> {
  await db
    .delete(epgProgrammes)
    .where(and(eq(epgProgrammes.sourceId, sourceId), gt(epgProgrammes.id, lastId)));
}
