import {
  CATALOG_REQUEST_STATUS,
  type CatalogRequestListQuery,
  type CatalogRequestStatus,
  type MediaType,
} from '@panel/shared/catalog-requests/catalog-requests-api';
import { and, asc, count, desc, eq, ilike, isNull, ne, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/database';
import { affectedRowCount } from '../../db/execute-rows';
import type { Transaction } from '../../db/run-in-transaction';
import {
  accounts,
  catalogRequestRequesters,
  catalogRequests,
  contentSeries,
  contentStreams,
} from '../../db/schema';
import { containsPattern } from '../../lib/contains-pattern';
import type { ListScope } from '../scope/caller-scope';

const publisher = alias(accounts, 'request_publisher');

const totalRequests = sql<number>`(select count(*)::int from ${catalogRequestRequesters} as asked where asked.request_id = ${catalogRequests.id})`;

const requestColumns = {
  id: catalogRequests.id,
  tmdbId: catalogRequests.tmdbId,
  mediaType: catalogRequests.mediaType,
  mediaTitle: catalogRequests.mediaTitle,
  posterPath: catalogRequests.posterPath,
  releaseDate: catalogRequests.releaseDate,
  status: catalogRequests.status,
  publisherId: catalogRequests.publisherId,
  publisherUsername: publisher.username,
  totalRequests,
  createdAt: catalogRequests.createdAt,
  updatedAt: catalogRequests.updatedAt,
};

function selectRequests(db: Database) {
  return db
    .select(requestColumns)
    .from(catalogRequests)
    .leftJoin(publisher, eq(publisher.id, catalogRequests.publisherId));
}

export type CatalogRequestRecord = Awaited<ReturnType<typeof selectRequests>>[number];

const ORDER_COLUMNS = {
  tmdb_id: catalogRequests.tmdbId,
  media_title: catalogRequests.mediaTitle,
  media_type: catalogRequests.mediaType,
  media_release_date: catalogRequests.releaseDate,
  created_at: catalogRequests.createdAt,
  updated_at: catalogRequests.updatedAt,
  total_requests: totalRequests,
  status: catalogRequests.status,
} as const;

/**
 * Some account that asked for the request is in `scope` (and, with `username`, its username contains it):
 * what a reseller sees is what its subtree asked for (decision 0055).
 */
function askedBy(scope: ListScope, username?: string): SQL | undefined {
  if (scope.kind === 'all' && !username) return undefined;
  return sql`exists (select 1 from ${catalogRequestRequesters} as asked
    join ${accounts} as asker on asker.id = asked.account_id
    where asked.request_id = ${catalogRequests.id}
    ${scope.kind === 'subtree' ? sql`and asker.path like ${scope.pattern}` : sql``}
    ${username ? sql`and asker.username ilike ${containsPattern(username)}` : sql``})`;
}

export type CatalogRequestFilters = Omit<CatalogRequestListQuery, 'page' | 'per' | 'order_by'> & {
  scope: ListScope;
};

export async function listRequestRecords(
  db: Database,
  filters: CatalogRequestFilters,
  page: { offset: number; limit: number; orderBy: CatalogRequestListQuery['order_by'] },
): Promise<{ rows: CatalogRequestRecord[]; total: number }> {
  const where = and(
    askedBy(filters.scope, filters.reseller),
    filters.text_search ? ilike(catalogRequests.mediaTitle, containsPattern(filters.text_search)) : undefined,
    filters.tmdb_id !== undefined ? eq(catalogRequests.tmdbId, filters.tmdb_id) : undefined,
    filters.publisher_id !== undefined ? eq(catalogRequests.publisherId, filters.publisher_id) : undefined,
    filters.media_type ? eq(catalogRequests.mediaType, filters.media_type) : undefined,
    filters.release_year !== undefined
      ? sql`${catalogRequests.releaseDate} >= ${`${filters.release_year}-01-01`}::date
          and ${catalogRequests.releaseDate} < ${`${filters.release_year + 1}-01-01`}::date`
      : undefined,
    filters.status !== undefined ? eq(catalogRequests.status, filters.status) : undefined,
  );
  const direction = page.orderBy.direction === 'asc' ? asc : desc;
  const rows = await selectRequests(db)
    .where(where)
    .orderBy(direction(ORDER_COLUMNS[page.orderBy.field]), direction(catalogRequests.id))
    .limit(page.limit)
    .offset(page.offset);
  const [total] = await db.select({ value: count() }).from(catalogRequests).where(where);
  return { rows, total: total?.value ?? 0 };
}

/** One request if `scope` may see it (see askedBy). */
export async function findRequestRecord(
  db: Database,
  id: number,
  scope: ListScope,
): Promise<CatalogRequestRecord | undefined> {
  const [row] = await selectRequests(db).where(and(eq(catalogRequests.id, id), askedBy(scope)));
  return row;
}

export async function findRequestIdByTitle(
  db: Database,
  mediaType: MediaType,
  tmdbId: number,
): Promise<number | undefined> {
  const [row] = await db
    .select({ id: catalogRequests.id })
    .from(catalogRequests)
    .where(and(eq(catalogRequests.mediaType, mediaType), eq(catalogRequests.tmdbId, tmdbId)));
  return row?.id;
}

/**
 * Inserts the title's request unless another call did first: its id either way, and whether this call
 * inserted it (decision 0071: the answer says whether a new request was made).
 */
export async function insertRequest(
  tx: Transaction,
  values: {
    tmdbId: number;
    mediaType: MediaType;
    mediaTitle: string;
    posterPath: string | null;
    releaseDate: string | null;
  },
): Promise<{ id: number; created: boolean }> {
  const [inserted] = await tx
    .insert(catalogRequests)
    .values(values)
    .onConflictDoNothing()
    .returning({ id: catalogRequests.id });
  if (inserted) return { id: inserted.id, created: true };
  const id = await findRequestIdByTitle(tx, values.mediaType, values.tmdbId);
  if (id === undefined) throw new Error('catalog request not inserted');
  return { id, created: false };
}

/** Adds the account as a requester; false when it had already asked. */
export async function addRequester(tx: Transaction, requestId: number, accountId: number): Promise<boolean> {
  const inserted = await tx
    .insert(catalogRequestRequesters)
    .values({ requestId, accountId })
    .onConflictDoNothing()
    .returning({ requestId: catalogRequestRequesters.requestId });
  return inserted.length > 0;
}

export async function updateRequest(
  db: Database,
  id: number,
  fields: { status: CatalogRequestStatus; publisherId?: number | null },
): Promise<void> {
  await db
    .update(catalogRequests)
    .set({ ...fields, updatedAt: sql`now()` })
    .where(eq(catalogRequests.id, id));
}

export async function deleteRequest(db: Database, id: number): Promise<void> {
  await db.delete(catalogRequests).where(eq(catalogRequests.id, id));
}

/** The publisher account with this id, if it is one. */
export async function findPublisher(db: Database, id: number): Promise<{ id: number } | undefined> {
  const [row] = await db
    .select({ id: accounts.id })
    .from(accounts)
    .where(and(eq(accounts.id, id), eq(accounts.role, 'publisher')));
  return row;
}

/**
 * The publisher's dashboard (decision 0068): every request counted by status, and those whose publisher
 * is `me`; the queue ('Na fila') of `me` and of no publisher yet, or with `me` undefined (an admin) every
 * queued request: `me`'s first, then the oldest first.
 */
export async function catalogWorkRecords(db: Database, me: number | undefined, queueRows: number) {
  const statuses = await db
    .select({
      status: catalogRequests.status,
      total: sql<number>`count(*)::int`,
      mine: sql<number>`count(*) filter (where ${catalogRequests.publisherId} = ${me ?? null})::int`,
    })
    .from(catalogRequests)
    .groupBy(catalogRequests.status);
  const inQueue = and(
    eq(catalogRequests.status, CATALOG_REQUEST_STATUS.queued),
    me === undefined
      ? undefined
      : or(isNull(catalogRequests.publisherId), eq(catalogRequests.publisherId, me)),
  );
  const mineFirst = sql`(${catalogRequests.publisherId} is not distinct from ${me ?? null}) desc`;
  const [queue, [total]] = await Promise.all([
    selectRequests(db)
      .where(inQueue)
      .orderBy(mineFirst, asc(catalogRequests.createdAt), asc(catalogRequests.id))
      .limit(queueRows),
    db.select({ value: count() }).from(catalogRequests).where(inQueue),
  ]);
  return { statuses, queue, queueTotal: total?.value ?? 0 };
}

/** Every publisher with its requests in the queue (2), in processing (3) and in the catalog (1). */
export async function publisherSummaries(db: Database) {
  const countOf = (status: CatalogRequestStatus) =>
    sql<number>`count(${catalogRequests.id}) filter (where ${catalogRequests.status} = ${status})::int`;
  return db
    .select({
      id: accounts.id,
      username: accounts.username,
      queue: countOf(CATALOG_REQUEST_STATUS.queued),
      progress: countOf(CATALOG_REQUEST_STATUS.processing),
      catalog: countOf(CATALOG_REQUEST_STATUS.inCatalog),
    })
    .from(accounts)
    .leftJoin(catalogRequests, eq(catalogRequests.publisherId, accounts.id))
    .where(eq(accounts.role, 'publisher'))
    .groupBy(accounts.id, accounts.username)
    .orderBy(asc(accounts.username));
}

/** A publisher that stops being one leaves its requests without a publisher (decision 0054). */
export async function releasePublisherRequests(tx: Transaction, publisherId: number): Promise<void> {
  await tx
    .update(catalogRequests)
    .set({ publisherId: null, updatedAt: sql`now()` })
    .where(eq(catalogRequests.publisherId, publisherId));
}

/**
 * Requests whose title is in the library now (a movie by its TMDB id among the movies, a series among the
 * series, neither retired) move to 'No catálogo' (decision 0055); `requestId` limits it to one request.
 * The number of requests moved.
 */
export async function markRequestsInLibrary(db: Database, requestId?: number): Promise<number> {
  const tmdbText = sql`${catalogRequests.tmdbId}::text`;
  const inLibrary = sql`(
    (${catalogRequests.mediaType} = 'movie' and exists (select 1 from ${contentStreams}
      where ${contentStreams.kind} = 'movie' and ${contentStreams.tmdbId} = ${tmdbText}
        and ${contentStreams.tmdbId} is not null and ${contentStreams.retiredAt} is null))
    or (${catalogRequests.mediaType} = 'tv' and exists (select 1 from ${contentSeries}
      where ${contentSeries.tmdbId} = ${tmdbText}
        and ${contentSeries.tmdbId} is not null and ${contentSeries.retiredAt} is null)))`;
  const result = await db
    .update(catalogRequests)
    .set({ status: CATALOG_REQUEST_STATUS.inCatalog, updatedAt: sql`now()` })
    .where(
      and(
        ne(catalogRequests.status, CATALOG_REQUEST_STATUS.inCatalog),
        requestId === undefined ? undefined : eq(catalogRequests.id, requestId),
        inLibrary,
      ),
    );
  return affectedRowCount(result);
}
