import type { LineSortField } from '@panel/shared/lines/line-api';
import type { OrderBy } from '@panel/shared/lists/list-query';
import { and, asc, count, desc, eq, gt, like, lt, lte, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { accounts, lines, type LineRow } from '../../db/schema/index';
import { containsPattern } from '../resellers/resellers.repository';
import type { LineRecord } from './lines.repository';

/**
 * Totals are counted exactly up to this many rows; past it the answer says "more than 10.000"
 * (`total_exact: false`) instead of counting millions of rows on every page view (decision 0012).
 */
export const LINE_TOTAL_CAP = 10_000;

/**
 * The text the trigram index covers, written exactly as the index expression of `lines_search_trgm_idx`
 * (schema/lines.ts), so `ILIKE '%text%'` on it is answered by the GIN index.
 */
export const lineSearchText = sql`(coalesce(${lines.username}, '') || ' ' || coalesce(${lines.fullName}, '') || ' ' || coalesce(${lines.resellerNotes}, '') || ' ' || coalesce(${lines.macaddr}, ''))`;

export interface LineFilters {
  /** Path of the caller's subtree; undefined for an admin (every line). */
  scopePath?: string;
  resellerId?: number;
  search?: string;
  /** Not yet expired and expiring at or before this instant. */
  expiringBy?: Date;
  status?: number;
  trial?: 0 | 1;
  system?: number;
  now: Date;
}

/** `owner_path LIKE '/1/7/%'`: one range of the text_pattern_ops index for a subtree. */
export function lineScope(scopePath: string | undefined): SQL | undefined {
  return scopePath === undefined ? undefined : like(lines.ownerPath, `${scopePath}%`);
}

function statusCondition(status: number | undefined, now: Date): SQL | undefined {
  switch (status) {
    case 1:
      return and(eq(lines.enabled, 1), gt(lines.expDate, now));
    case 0:
      return eq(lines.enabled, 0);
    case 3:
      return and(eq(lines.enabled, 1), lte(lines.expDate, now));
    case 4:
      return gt(lines.expDate, now);
    default:
      return undefined;
  }
}

export function lineConditions(filters: LineFilters): SQL | undefined {
  return and(
    lineScope(filters.scopePath),
    filters.resellerId === undefined ? undefined : eq(lines.resellerId, filters.resellerId),
    filters.search ? sql`${lineSearchText} ilike ${containsPattern(filters.search)}` : undefined,
    filters.expiringBy
      ? and(gt(lines.expDate, filters.now), lte(lines.expDate, filters.expiringBy))
      : undefined,
    statusCondition(filters.status, filters.now),
    filters.trial === undefined ? undefined : eq(lines.isTrial, filters.trial),
    filters.system === undefined ? undefined : eq(lines.system, filters.system),
  );
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

/**
 * One page of lines with their owners' usernames, sorted by the chosen column and then by id (a
 * unique tiebreaker: pages never overlap or skip rows with equal values), plus the capped count.
 */
export async function listLineRecords(
  db: Database,
  filters: LineFilters,
  page: { offset: number; limit: number; orderBy: OrderBy<LineSortField> },
): Promise<{ rows: LineRecord[]; counted: number }> {
  const where = lineConditions(filters);
  const direction = page.orderBy.direction === 'asc' ? asc : desc;
  const rows = await db
    .select({ line: lines, ownerUsername: accounts.username })
    .from(lines)
    .innerJoin(accounts, eq(accounts.id, lines.resellerId))
    .where(where)
    .orderBy(direction(ORDER_COLUMNS[page.orderBy.field]), direction(lines.id))
    .limit(page.limit)
    .offset(page.offset);
  // Counting stops after CAP + 1 rows: cheap on any filter, exact whenever it is small enough to matter.
  const capped = db
    .select({ one: sql<number>`1`.as('one') })
    .from(lines)
    .where(where)
    .limit(LINE_TOTAL_CAP + 1)
    .as('capped');
  const [total] = await db.select({ value: count() }).from(capped);
  return { rows, counted: total?.value ?? 0 };
}

/** Options for searchable selects: lines in scope whose search text contains `search`, by username. */
export async function searchLineOptions(
  db: Database,
  filters: { scopePath?: string; search: string },
): Promise<{ id: number; username: string }[]> {
  return db
    .select({ id: lines.id, username: lines.username })
    .from(lines)
    .where(
      and(
        lineScope(filters.scopePath),
        filters.search ? sql`${lineSearchText} ilike ${containsPattern(filters.search)}` : undefined,
      ),
    )
    .orderBy(asc(lines.username))
    .limit(20);
}

/**
 * Removes the lines of a subtree (undefined: all) that expired before `expiredBefore` (trials only
 * when asked) and answers the removed rows. The owner_path/exp_date and is_trial/exp_date indexes
 * cover both shapes.
 */
export async function deleteExpiredLines(
  db: Database,
  options: { scopePath?: string; trialsOnly: boolean; expiredBefore: Date },
): Promise<LineRow[]> {
  return db
    .delete(lines)
    .where(
      and(
        lineScope(options.scopePath),
        options.trialsOnly ? eq(lines.isTrial, 1) : undefined,
        options.trialsOnly
          ? lte(lines.expDate, options.expiredBefore)
          : lt(lines.expDate, options.expiredBefore),
      ),
    )
    .returning();
}
