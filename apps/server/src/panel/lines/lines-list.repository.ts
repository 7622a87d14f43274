import {
  LINE_STATUS_FILTER_CODES,
  LINE_STATUS_FILTERS,
  type LineSortField,
} from '@panel/shared/lines/line-api';
import type { OrderBy } from '@panel/shared/lists/list-query';
import {
  and,
  asc,
  count,
  desc,
  eq,
  fillPlaceholders,
  gt,
  lt,
  lte,
  sql,
  type Placeholder,
  type SQL,
} from 'drizzle-orm';
import type { Database } from '../../db/database';
import { accounts, lines, type LineRow } from '../../db/schema';
import { containsPattern } from '../../lib/contains-pattern';
import { pathWithin, withinScope, type ListScope } from '../scope/caller-scope';
import type { LineRecord } from './lines.repository';
import { notWaitingCode } from './waiting-codes';

/**
 * Totals are counted exactly up to this many rows; past it the answer says "mais de 1.000"
 * (`total_exact: false`) instead of counting millions of rows on every page view (decision 0012). It was
 * 10.000: counting ten thousand index entries was most of the database work of every list view, and
 * capped the server at ~300 list views a second at a million lines (decision 0018). The count always runs
 * to the end, never against a clock, so the same data gets the same total however busy the machine is
 * (decision 0032).
 */
export const LINE_TOTAL_CAP = 1_000;

/**
 * The text the trigram index covers, written exactly as the index expression of `lines_search_trgm_idx`
 * (schema/lines.ts), so `ILIKE '%text%'` on it is answered by the GIN index.
 */
export const lineSearchText = sql`(coalesce(${lines.username}, '') || ' ' || coalesce(${lines.fullName}, '') || ' ' || coalesce(${lines.resellerNotes}, '') || ' ' || coalesce(${lines.macaddr}, ''))`;

export interface LineFilters {
  /** The caller's list scope (an admin: every line). */
  scope: ListScope;
  resellerId?: number;
  search?: string;
  /** Not yet expired and expiring at or before this instant. */
  expiringBy?: Date;
  status?: number;
  trial?: 0 | 1;
  system?: number;
  now: Date;
}

/** The status filter's codes are shared with the query schema that accepts them. */
function statusCondition(status: number | undefined, now: Date | Placeholder): SQL | undefined {
  switch (status) {
    case LINE_STATUS_FILTERS.active:
      return and(eq(lines.enabled, 1), gt(lines.expDate, now));
    case LINE_STATUS_FILTERS.blocked:
      return eq(lines.enabled, 0);
    case LINE_STATUS_FILTERS.expired:
      return and(eq(lines.enabled, 1), lte(lines.expDate, now));
    case LINE_STATUS_FILTERS.notExpired:
      return gt(lines.expDate, now);
    default:
      return undefined;
  }
}

const ORDER_COLUMNS = {
  enabled: lines.enabled,
  username: lines.username,
  exp_date: lines.expDate,
  reseller_notes: lines.resellerNotes,
  packages: lines.packageId,
  max_connections: lines.maxConnections,
  system: lines.system,
  id: lines.id,
} as const;

export interface LineListPage {
  rows: LineRecord[];
  /** More rows follow this page (one extra row was read to know it). */
  hasMore: boolean;
  /**
   * Rows matching the filters, counted up to LINE_TOTAL_CAP + 1; null for text searches, which are not
   * counted (decision 0018).
   */
  counted: number | null;
}

/**
 * One page of lines with their owners' usernames, sorted by the chosen column and then by id (a
 * unique tiebreaker: pages never overlap or skip rows with equal values), plus the capped count.
 *
 * The page and the count run at the same time (two connections of the pool on PostgreSQL). The count is
 * bounded by rows, not by time (decision 0032). The page reads one row more than it shows, so even
 * without a count (a text search) the answer knows whether another page exists.
 *
 * Both statements are built once per shape of the request (which filters, which sort) and kept as
 * prepared statements with placeholders (decision 0018): building them costs more than a fast index
 * read. Plans are never cached (the pools run with plan_cache_mode=force_custom_plan): a subtree's
 * `owner_path LIKE $1` needs the planner to see the prefix to use its index range.
 */
export async function listLineRecords(
  db: Database,
  filters: LineFilters,
  page: { offset: number; limit: number; orderBy: OrderBy<LineSortField> },
): Promise<LineListPage> {
  const shape = shapeOf(filters, page.orderBy);
  const values = statementValues(filters, page);
  const [rows, counted] = await Promise.all([
    preparedPage(db, shape).execute(values),
    // A text search is never counted: the trigram index answers a count only after reading the whole
    // posting lists of its trigrams (40–60 ms of PostgreSQL CPU for a common name at a million lines, and
    // a cancelled statement notices only at the end), so the page alone tells its total (decision 0018).
    shape.search
      ? null
      : preparedCount(db, shape)
          .execute(values)
          .then(([total]) => total?.value ?? 0),
  ]);
  return { rows: rows.slice(0, page.limit), hasMore: rows.length > page.limit, counted };
}

type ListPage = { offset: number; limit: number; orderBy: OrderBy<LineSortField> };

/** One statement as the database receives it: its SQL text and the values bound to its parameters. */
export interface BoundStatement {
  sql: string;
  params: unknown[];
}

/**
 * The statements `listLineRecords` runs for these filters and page (the count is null for a text
 * search, which is not counted), built by the same functions and bound to the same values. The index
 * tests EXPLAIN exactly these, so a change that takes the list off its indexes fails them.
 */
export function lineListStatements(
  db: Database,
  filters: LineFilters,
  page: ListPage,
): { page: BoundStatement; count: BoundStatement | null } {
  const shape = shapeOf(filters, page.orderBy);
  const values = statementValues(filters, page);
  const bind = (query: { toSQL(): { sql: string; params: unknown[] } }): BoundStatement => {
    const { sql: text, params } = query.toSQL();
    return { sql: text, params: fillPlaceholders(params, values) };
  };
  return { page: bind(pageQuery(db, shape)), count: shape.search ? null : bind(countQuery(db, shape)) };
}

/** Which conditions a request has (not their values): the key of its prepared statements. */
interface ListShape {
  scope: boolean;
  reseller: boolean;
  search: boolean;
  expiring: boolean;
  status?: number;
  trial: boolean;
  system: boolean;
  orderBy: OrderBy<LineSortField>;
}

function shapeOf(filters: LineFilters, orderBy: OrderBy<LineSortField>): ListShape {
  return {
    scope: filters.scope.kind === 'subtree',
    reseller: filters.resellerId !== undefined,
    search: Boolean(filters.search),
    expiring: filters.expiringBy !== undefined,
    status: LINE_STATUS_FILTER_CODES.includes(filters.status ?? -1) ? filters.status : undefined,
    trial: filters.trial !== undefined,
    system: filters.system !== undefined,
    orderBy,
  };
}

function statementValues(filters: LineFilters, page: ListPage): Record<string, unknown> {
  return {
    limit: page.limit + 1,
    offset: page.offset,
    scope: filters.scope.kind === 'subtree' ? filters.scope.pattern : null,
    reseller: filters.resellerId ?? null,
    search: filters.search ? containsPattern(filters.search) : null,
    now: filters.now,
    expiringBy: filters.expiringBy ?? null,
    trial: filters.trial ?? null,
    system: filters.system ?? null,
  };
}

/** The filters as conditions on placeholders: one statement text per shape, whatever the values. */
function shapeConditions(shape: ListShape): SQL | undefined {
  const now = sql.placeholder('now');
  return and(
    shape.scope ? pathWithin(lines.ownerPath, sql.placeholder('scope')) : undefined,
    notWaitingCode(lines.expDate),
    shape.reseller ? eq(lines.resellerId, sql.placeholder('reseller')) : undefined,
    shape.search ? sql`${lineSearchText} ilike ${sql.placeholder('search')}` : undefined,
    shape.expiring
      ? and(gt(lines.expDate, now), lte(lines.expDate, sql.placeholder('expiringBy')))
      : undefined,
    statusCondition(shape.status, now),
    shape.trial ? eq(lines.isTrial, sql.placeholder('trial')) : undefined,
    shape.system ? eq(lines.system, sql.placeholder('system')) : undefined,
  );
}

const pageStatements = new WeakMap<Database, Map<string, ReturnType<typeof buildPage>>>();
const countStatements = new WeakMap<Database, Map<string, ReturnType<typeof buildCount>>>();

/** A statement name from its text, so equal texts share one name (and the benchmark can name it too). */
export function statementName(prefix: string, text: string): string {
  let hash = 0x811c9dc5;
  for (let index = 0; index < text.length; index++)
    hash = Math.imul(hash ^ text.charCodeAt(index), 0x01000193);
  return `${prefix}_${(hash >>> 0).toString(36)}`;
}

function pageQuery(db: Database, shape: ListShape) {
  const direction = shape.orderBy.direction === 'asc' ? asc : desc;
  return db
    .select({ line: lines, ownerUsername: accounts.username })
    .from(lines)
    .innerJoin(accounts, eq(accounts.id, lines.resellerId))
    .where(shapeConditions(shape))
    .orderBy(direction(ORDER_COLUMNS[shape.orderBy.field]), direction(lines.id))
    .limit(sql.placeholder('limit'))
    .offset(sql.placeholder('offset'));
}

function buildPage(db: Database, shape: ListShape) {
  const query = pageQuery(db, shape);
  return query.prepare(statementName('lines_page', query.toSQL().sql));
}

/** Counting stops after CAP + 1 rows: cheap on any indexed filter, exact whenever it is small enough to matter. */
function countQuery(db: Database, shape: ListShape) {
  const capped = db
    .select({ one: sql<number>`1`.as('one') })
    .from(lines)
    .where(shapeConditions(shape))
    .limit(LINE_TOTAL_CAP + 1)
    .as('capped');
  return db.select({ value: count() }).from(capped);
}

function buildCount(db: Database, shape: ListShape) {
  const query = countQuery(db, shape);
  return query.prepare(statementName('lines_count', query.toSQL().sql));
}

function cached<T>(
  store: WeakMap<Database, Map<string, T>>,
  db: Database,
  shape: ListShape,
  build: () => T,
): T {
  let byShape = store.get(db);
  if (!byShape) {
    byShape = new Map();
    store.set(db, byShape);
  }
  const key = JSON.stringify(shape);
  let statement = byShape.get(key);
  if (!statement) {
    statement = build();
    byShape.set(key, statement);
  }
  return statement;
}

const preparedPage = (db: Database, shape: ListShape) =>
  cached(pageStatements, db, shape, () => buildPage(db, shape));
const preparedCount = (db: Database, shape: ListShape) =>
  cached(countStatements, db, shape, () => buildCount(db, shape));

const EXPORT_ORDER: OrderBy<LineSortField> = { field: 'id', direction: 'desc' };

/**
 * One page of the CSV export (decision 0155): the list's filters, newest first, keyset on the primary
 * key (`id <= through`), so every page is one index range however deep the file goes and rows never
 * repeat or go missing between pages. The statement is prepared per shape, like the list's.
 */
export async function lineExportPage(
  db: Database,
  filters: LineFilters,
  page: { through: number; limit: number },
): Promise<LineRecord[]> {
  const shape = shapeOf(filters, EXPORT_ORDER);
  const values = { ...statementValues(filters, { offset: 0, limit: page.limit, orderBy: EXPORT_ORDER }) };
  return preparedExportPage(db, shape).execute({ ...values, limit: page.limit, through: page.through });
}

function buildExportPage(db: Database, shape: ListShape) {
  const query = db
    .select({ line: lines, ownerUsername: accounts.username })
    .from(lines)
    .innerJoin(accounts, eq(accounts.id, lines.resellerId))
    .where(and(shapeConditions(shape), lte(lines.id, sql.placeholder('through'))))
    .orderBy(desc(lines.id))
    .limit(sql.placeholder('limit'));
  return query.prepare(statementName('lines_export', query.toSQL().sql));
}

const exportStatements = new WeakMap<Database, Map<string, ReturnType<typeof buildExportPage>>>();
const preparedExportPage = (db: Database, shape: ListShape) =>
  cached(exportStatements, db, shape, () => buildExportPage(db, shape));

/**
 * Ids of the lines matching the filters, in the list's order (then id), at most `limit` + 1 so the caller
 * knows whether more matched (decision 0151): the /users list's own conditions, so "every line matching
 * the filters" is exactly what the list shows, page after page.
 */
export async function matchingLineIds(
  db: Database,
  filters: LineFilters,
  orderBy: OrderBy<LineSortField>,
  limit: number,
): Promise<number[]> {
  const shape = shapeOf(filters, orderBy);
  const direction = orderBy.direction === 'asc' ? asc : desc;
  const query = db
    .select({ id: lines.id })
    .from(lines)
    .where(shapeConditions(shape))
    .orderBy(direction(ORDER_COLUMNS[orderBy.field]), direction(lines.id))
    .limit(sql.placeholder('limit'));
  const rows = await query
    .prepare(statementName('lines_ids', query.toSQL().sql))
    .execute(statementValues(filters, { offset: 0, limit, orderBy }));
  return rows.map((row) => row.id);
}

/** Options for searchable selects: lines in scope whose search text contains `search`, by username. */
export async function searchLineOptions(
  db: Database,
  filters: { scope: ListScope; search: string },
): Promise<{ id: number; username: string }[]> {
  return db
    .select({ id: lines.id, username: lines.username })
    .from(lines)
    .where(
      and(
        withinScope(filters.scope, lines.ownerPath),
        notWaitingCode(lines.expDate),
        filters.search ? sql`${lineSearchText} ilike ${containsPattern(filters.search)}` : undefined,
      ),
    )
    .orderBy(asc(lines.username))
    .limit(20);
}

/**
 * Removes the lines of a scope that expired before `expiredBefore` (trials only
 * when asked) and answers the removed rows. The owner_path/exp_date and is_trial/exp_date indexes
 * cover both shapes.
 */
export async function deleteExpiredLines(
  db: Database,
  options: { scope: ListScope; trialsOnly: boolean; expiredBefore: Date },
): Promise<LineRow[]> {
  return db
    .delete(lines)
    .where(
      and(
        withinScope(options.scope, lines.ownerPath),
        options.trialsOnly ? eq(lines.isTrial, 1) : undefined,
        options.trialsOnly
          ? lte(lines.expDate, options.expiredBefore)
          : lt(lines.expDate, options.expiredBefore),
      ),
    )
    .returning();
}
