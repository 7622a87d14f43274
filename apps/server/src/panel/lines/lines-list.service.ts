import {
  EXPIRY_INTERVAL_DAYS,
  type Line,
  type LineFilterQuery,
  type LineListQuery,
  type LineListResponse,
} from '@panel/shared/lines/line-api';
import { endOfPanelDay } from '@panel/shared/lines/panel-calendar';
import { listMeta, type SearchOption } from '@panel/shared/lists/list-query';
import type { Database } from '../../db/database';
import type { Caller } from '../auth/caller';
import { listScopeOf } from '../scope/caller-scope';
import { requireLineRecordInScope } from './line-scope';
import { fromSeconds, toLine } from './line-view';
import { nowSeconds } from '@panel/shared/time/unix-seconds';
import {
  LINE_TOTAL_CAP,
  listLineRecords,
  matchingLineIds,
  searchLineOptions,
  type LineFilters,
} from './lines-list.repository';

/** The /users list's query without its page. */
export type LineListFilters = Omit<LineListQuery, 'page' | 'per'>;

/**
 * `meta` of a line list (decision 0018). `total_exact: false` always means "more than `total`":
 * - counted (up to the cap, always to the end: decision 0032): exact up to 1.000, else total 1.000 and
 *   total_exact false;
 * - not counted (a text search): the page itself tells the truth —
 *   the last page gives the exact total, a full page with more behind it gives "more than the rows up to
 *   this page".
 * Whenever another page exists, `pages` lets the panel go to it, even past what the total covers.
 */
export function lineListMeta(
  query: { page: number; per: number },
  result: { rows: unknown[]; hasMore: boolean; counted: number | null },
): LineListResponse['meta'] {
  const reachable = query.page + (result.hasMore ? 1 : 0);
  if (result.counted !== null) {
    const exact = result.counted <= LINE_TOTAL_CAP;
    const meta = listMeta(query.page, query.per, exact ? result.counted : LINE_TOTAL_CAP);
    return { ...meta, pages: Math.max(meta.pages, reachable), total_exact: exact };
  }
  const seen = (query.page - 1) * query.per + result.rows.length;
  if (!result.hasMore && (result.rows.length > 0 || query.page === 1)) {
    return { ...listMeta(query.page, query.per, seen), total_exact: true };
  }
  return { page: query.page, per: query.per, pages: reachable, total: seen, total_exact: false };
}

/** The list's filters of a query, in the caller's scope: the page and the CSV export read the same rows. */
export function lineFiltersOf(caller: Caller, query: LineFilterQuery, now: number): LineFilters {
  return {
    scope: listScopeOf(caller),
    resellerId: query.reseller,
    search: query.search || undefined,
    expiringBy: query.expirationInterval
      ? fromSeconds(endOfPanelDay(now, EXPIRY_INTERVAL_DAYS[query.expirationInterval]))
      : undefined,
    status: query.status,
    trial: query.type === undefined ? undefined : query.type === 'trial' ? 1 : 0,
    system: query.system,
    now: fromSeconds(now),
  };
}

/**
 * "Every line matching the filters" of a bulk action (decision 0151): the ids /users would list with these
 * filters and order, the first `limit`, and whether more matched.
 */
export async function matchingLines(
  db: Database,
  caller: Caller,
  query: LineListFilters,
  limit: number,
): Promise<{ ids: number[]; capped: boolean }> {
  const ids = await matchingLineIds(db, lineFiltersOf(caller, query, nowSeconds()), query.order_by, limit);
  return { ids: ids.slice(0, limit), capped: ids.length > limit };
}

/**
 * GET /api/users: an admin sees every line, anyone else the lines of its subtree. `meta.total` is
 * exact up to 1.000 unless the list is a text search; see lineListMeta.
 */
export async function listLines(
  db: Database,
  caller: Caller,
  query: LineListQuery,
): Promise<LineListResponse> {
  const result = await listLineRecords(db, lineFiltersOf(caller, query, nowSeconds()), {
    offset: (query.page - 1) * query.per,
    limit: query.per,
    orderBy: query.order_by,
  });
  return {
    data: result.rows.map((row) => toLine(row.line, row.ownerUsername)),
    meta: lineListMeta(query, result),
  };
}

export async function getLine(db: Database, caller: Caller, id: number): Promise<Line> {
  const { line, ownerUsername } = await requireLineRecordInScope(db, caller, id);
  return toLine(line, ownerUsername);
}

/** POST /api/users/select_search: `{ label: username, value: id }`, at most 20, in scope. */
export async function searchLines(db: Database, caller: Caller, search: string): Promise<SearchOption[]> {
  const rows = await searchLineOptions(db, { scope: listScopeOf(caller), search });
  return rows.map((row) => ({ label: row.username, value: row.id }));
}
