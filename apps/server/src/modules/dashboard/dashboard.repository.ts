import { and, asc, count, eq, gt, lte, ne, sql } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { accounts, lines } from '../../db/schema/index';
import { lineScope } from '../lines/lines-list.repository';
import type { LineRecord } from '../lines/lines.repository';

/** Resellers below the caller (itself and REVENDAS_DELETADOS excluded); `scopePath` undefined: all. */
export async function countResellers(
  db: Database,
  scopePath: string | undefined,
  callerId: number,
): Promise<number> {
  const [row] = await db
    .select({ value: count() })
    .from(accounts)
    .where(
      and(
        eq(accounts.role, 'reseller'),
        eq(accounts.isDeletedBucket, false),
        ne(accounts.id, callerId),
        scopePath === undefined ? undefined : sql`${accounts.path} like ${`${scopePath}%`}`,
      ),
    );
  return row?.value ?? 0;
}

/** Lines of the subtree: all, active (enabled, not expired) and created since `newSince`, in one scan. */
export async function countLines(
  db: Database,
  scopePath: string | undefined,
  now: Date,
  newSince: Date,
): Promise<{ users: number; active: number; fresh: number }> {
  const [row] = await db
    .select({
      users: count(),
      active: sql<number>`(count(*) filter (where ${lines.enabled} = 1 and ${lines.expDate} > ${now}))::int`,
      fresh: sql<number>`(count(*) filter (where ${lines.createdAt} >= ${newSince}))::int`,
    })
    .from(lines)
    .where(lineScope(scopePath));
  return { users: row?.users ?? 0, active: row?.active ?? 0, fresh: row?.fresh ?? 0 };
}

/**
 * Paying lines (no trials: decision 0027) not yet expired that expire by `until`, soonest first (id
 * breaks ties). `is_trial` is in the scope index's INCLUDE, so the filter costs no table visit.
 */
export async function expiringLines(
  db: Database,
  scopePath: string | undefined,
  now: Date,
  until: Date,
  limit: number,
): Promise<LineRecord[]> {
  return db
    .select({ line: lines, ownerUsername: accounts.username })
    .from(lines)
    .innerJoin(accounts, eq(accounts.id, lines.resellerId))
    .where(and(lineScope(scopePath), eq(lines.isTrial, 0), gt(lines.expDate, now), lte(lines.expDate, until)))
    .orderBy(asc(lines.expDate), asc(lines.id))
    .limit(limit);
}
