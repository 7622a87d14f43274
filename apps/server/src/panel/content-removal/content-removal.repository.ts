import {
  MEDIA_TYPES,
  REMOVAL_STATUS,
  type ContentRemovalQuery,
  type MediaType,
} from '@panel/shared/content-removal/content-removal-api';
import { and, asc, count, desc, eq, ilike, isNull, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/database';
import { runInTransaction } from '../../db/run-in-transaction';
import { accounts, contentRemovals, contentSeries, contentStreams } from '../../db/schema';
import { containsPattern } from '../../lib/contains-pattern';

/** Which rows of content_streams a media type names (decision 0047's types; 24-hour channels are flagged). */
const STREAM_OF_MEDIA_TYPE: Record<Exclude<MediaType, 5>, SQL | undefined> = {
  1: and(eq(contentStreams.kind, 'live'), eq(contentStreams.is24h, false)),
  2: eq(contentStreams.kind, 'movie'),
  3: and(eq(contentStreams.kind, 'live'), eq(contentStreams.is24h, true)),
};

/** The library item a trash action names, if it exists and is of that type (retired ones too). */
export async function findLibraryItem(
  db: Database,
  mediaType: MediaType,
  mediaId: number,
): Promise<{ id: number } | undefined> {
  if (mediaType === MEDIA_TYPES.series) {
    const [row] = await db
      .select({ id: contentSeries.id })
      .from(contentSeries)
      .where(eq(contentSeries.id, mediaId));
    return row;
  }
  const [row] = await db
    .select({ id: contentStreams.id })
    .from(contentStreams)
    .where(and(eq(contentStreams.id, mediaId), STREAM_OF_MEDIA_TYPE[mediaType]));
  return row;
}

/** Queues the item; a second row for the same item violates a unique key (the service answers 409). */
export async function insertRemoval(
  db: Database,
  values: { mediaType: MediaType; mediaId: number; requestedBy: number },
): Promise<number> {
  const isSeries = values.mediaType === MEDIA_TYPES.series;
  const [row] = await db
    .insert(contentRemovals)
    .values({
      mediaType: values.mediaType,
      streamId: isSeries ? null : values.mediaId,
      seriesId: isSeries ? values.mediaId : null,
      requestedBy: values.requestedBy,
    })
    .returning({ id: contentRemovals.id });
  if (!row) throw new Error('content removal not inserted');
  return row.id;
}

/** The status of the removal row of an item, if it has one. */
export async function removalOfItem(
  db: Database,
  mediaType: MediaType,
  mediaId: number,
): Promise<{ id: number; status: number } | undefined> {
  const column = mediaType === MEDIA_TYPES.series ? contentRemovals.seriesId : contentRemovals.streamId;
  const [row] = await db
    .select({ id: contentRemovals.id, status: contentRemovals.status })
    .from(contentRemovals)
    .where(eq(column, mediaId));
  return row;
}

const requester = alias(accounts, 'requester');
const title = sql<string>`coalesce(${contentStreams.name}, ${contentSeries.name}, '')`;

const rowColumns = {
  id: contentRemovals.id,
  mediaType: contentRemovals.mediaType,
  streamId: contentRemovals.streamId,
  streamName: contentStreams.name,
  seriesId: contentRemovals.seriesId,
  seriesName: contentSeries.name,
  title,
  requester: requester.username,
  status: contentRemovals.status,
  createdAt: contentRemovals.createdAt,
  updatedAt: contentRemovals.updatedAt,
} as const;

export type RemovalRow = {
  id: number;
  mediaType: number;
  streamId: number | null;
  streamName: string | null;
  seriesId: number | null;
  seriesName: string | null;
  title: string;
  requester: string | null;
  status: number;
  createdAt: Date;
  updatedAt: Date;
};

function filtersOf(query: Omit<ContentRemovalQuery, 'page' | 'per' | 'order_by'>): SQL | undefined {
  return and(
    query.id === undefined ? undefined : eq(contentRemovals.id, query.id),
    query.media_type === undefined ? undefined : eq(contentRemovals.mediaType, query.media_type),
    query.status === undefined ? undefined : eq(contentRemovals.status, query.status),
    query.text_search ? ilike(title, containsPattern(query.text_search)) : undefined,
    query.reseller ? ilike(requester.username, containsPattern(query.reseller)) : undefined,
  );
}

/** The joins every read of the queue needs: the item's name (stream or series) and who sent it. */
function fromRemovals<T extends Record<string, unknown>>(db: Database, columns: T) {
  return db
    .select(columns as never)
    .from(contentRemovals)
    .leftJoin(contentStreams, eq(contentStreams.id, contentRemovals.streamId))
    .leftJoin(contentSeries, eq(contentSeries.id, contentRemovals.seriesId))
    .leftJoin(requester, eq(requester.id, contentRemovals.requestedBy));
}

const SORT_COLUMNS = {
  id: contentRemovals.id,
  created_at: contentRemovals.createdAt,
  updated_at: contentRemovals.updatedAt,
} as const;

/**
 * The two statements of a page of the queue: the page's rows and the count of every matching row. Each row
 * joins its item and requester by primary key; the default order (newest first) walks
 * content_removals_created_idx backwards and stops at the page (decision 0056).
 */
export function removalListStatements(db: Database, query: ContentRemovalQuery) {
  const where = filtersOf(query);
  const direction = query.order_by.direction === 'asc' ? asc : desc;
  return {
    page: fromRemovals(db, rowColumns)
      .where(where)
      .orderBy(direction(SORT_COLUMNS[query.order_by.field]), direction(contentRemovals.id))
      .limit(query.per)
      .offset((query.page - 1) * query.per),
    count: fromRemovals(db, { total: count() }).where(where),
  };
}

export async function listRemovals(
  db: Database,
  query: ContentRemovalQuery,
): Promise<{ rows: RemovalRow[]; total: number }> {
  const statements = removalListStatements(db, query);
  const rows = (await statements.page) as unknown as RemovalRow[];
  const [counted] = (await statements.count) as unknown as { total: number }[];
  return { rows, total: Number(counted?.total ?? 0) };
}

export async function findRemoval(db: Database, id: number): Promise<RemovalRow | undefined> {
  const [row] = (await fromRemovals(db, rowColumns).where(
    eq(contentRemovals.id, id),
  )) as unknown as RemovalRow[];
  return row;
}

/** Cancels a queued removal: its row goes, and the item is as it was. False when nothing was queued. */
export async function deleteQueuedRemoval(db: Database, id: number): Promise<boolean> {
  const deleted = await db
    .delete(contentRemovals)
    .where(and(eq(contentRemovals.id, id), eq(contentRemovals.status, REMOVAL_STATUS.queued)))
    .returning({ id: contentRemovals.id });
  return deleted.length > 0;
}

/**
 * The permanent removal, in one transaction: the queued row becomes status 1 and its item (a series with
 * every episode) is retired and marked removed, so no listing shows it and a re-sync keeps it retired.
 * Answers false when the row is not queued (gone, or already removed).
 */
export async function removePermanently(db: Database, id: number): Promise<boolean> {
  return runInTransaction(db, async (tx) => {
    const [row] = await tx
      .update(contentRemovals)
      .set({ status: REMOVAL_STATUS.removed, updatedAt: sql`now()` })
      .where(and(eq(contentRemovals.id, id), eq(contentRemovals.status, REMOVAL_STATUS.queued)))
      .returning({ streamId: contentRemovals.streamId, seriesId: contentRemovals.seriesId });
    if (!row) return false;
    const now = sql`now()`;
    const retired = { removedAt: now, updatedAt: now, retiredAt: sql`coalesce(retired_at, now())` };
    if (row.seriesId !== null) {
      await tx.update(contentSeries).set(retired).where(eq(contentSeries.id, row.seriesId));
      await tx
        .update(contentStreams)
        .set(retired)
        .where(and(eq(contentStreams.seriesId, row.seriesId), isNull(contentStreams.removedAt)));
    } else if (row.streamId !== null) {
      await tx.update(contentStreams).set(retired).where(eq(contentStreams.id, row.streamId));
    }
    return true;
  });
}
