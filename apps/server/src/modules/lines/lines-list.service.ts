import {
  EXPIRY_INTERVAL_DAYS,
  type Line,
  type LineListQuery,
  type LineListResponse,
} from '@panel/shared/lines/line-api';
import { endOfPanelDay } from '@panel/shared/lines/panel-calendar';
import { listMeta, type SearchOption } from '@panel/shared/lists/list-query';
import type { Database } from '../../db/database';
import type { Caller } from '../../plugins/authenticate';
import { ownerUsernameOf, requireLineInScope } from './line-scope';
import { fromSeconds, toLine } from './line-view';
import { nowSeconds } from './line-identity';
import { LINE_TOTAL_CAP, listLineRecords, searchLineOptions } from './lines-list.repository';

function scopePathOf(caller: Caller): string | undefined {
  return caller.role === 'admin' ? undefined : caller.path;
}

/**
 * GET /api/users: an admin sees every line, anyone else the lines of its subtree. `meta.total` is
 * exact up to 10.000; beyond it `total_exact` is false and `total` is the cap.
 */
export async function listLines(
  db: Database,
  caller: Caller,
  query: LineListQuery,
): Promise<LineListResponse> {
  const now = nowSeconds();
  const { rows, counted } = await listLineRecords(
    db,
    {
      scopePath: scopePathOf(caller),
      resellerId: query.reseller,
      search: query.search || undefined,
      expiringBy: query.expirationInterval
        ? fromSeconds(endOfPanelDay(now, EXPIRY_INTERVAL_DAYS[query.expirationInterval]))
        : undefined,
      status: query.status,
      trial: query.type === undefined ? undefined : query.type === 'trial' ? 1 : 0,
      system: query.system,
      now: fromSeconds(now),
    },
    { offset: (query.page - 1) * query.per, limit: query.per, orderBy: query.order_by },
  );
  const exact = counted <= LINE_TOTAL_CAP;
  return {
    data: rows.map((row) => toLine(row.line, row.ownerUsername)),
    meta: { ...listMeta(query.page, query.per, exact ? counted : LINE_TOTAL_CAP), total_exact: exact },
  };
}

export async function getLine(db: Database, caller: Caller, id: number): Promise<Line> {
  const line = await requireLineInScope(db, caller, id);
  return toLine(line, await ownerUsernameOf(db, line));
}

/** POST /api/users/select_search: `{ label: username, value: id }`, at most 20, in scope. */
export async function searchLines(db: Database, caller: Caller, search: string): Promise<SearchOption[]> {
  const rows = await searchLineOptions(db, { scopePath: scopePathOf(caller), search });
  return rows.map((row) => ({ label: row.username, value: row.id }));
}
