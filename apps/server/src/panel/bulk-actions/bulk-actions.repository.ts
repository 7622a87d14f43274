import type { BulkAction, BulkOutcome } from '@panel/shared/line-bulk/bulk-api';
import { toCents } from '@panel/shared/money/credits';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { bulkActionLines, bulkActions, type BulkActionLineRow, type BulkActionRow } from '../../db/schema';

/** A new bulk action and its lines, pending, in the order given; answers its id. */
export async function insertBulkAction(
  db: Database,
  values: { actorId: number; action: BulkAction; lineIds: readonly number[] },
): Promise<BulkActionRow> {
  const [row] = await db
    .insert(bulkActions)
    .values({
      actorId: values.actorId,
      kind: values.action.kind,
      action: values.action,
      total: values.lineIds.length,
    })
    .returning();
  if (!row) throw new Error('bulk action not inserted');
  await db
    .insert(bulkActionLines)
    .values(values.lineIds.map((lineId, position) => ({ bulkId: row.id, position, lineId })));
  return row;
}

/** The caller's own bulk action (nobody else's: another's id reads as missing). */
export async function findOwnBulkAction(
  db: Database,
  id: number,
  actorId: number,
): Promise<BulkActionRow | undefined> {
  const [row] = await db
    .select()
    .from(bulkActions)
    .where(and(eq(bulkActions.id, id), eq(bulkActions.actorId, actorId)));
  return row;
}

export interface BulkCounts {
  pending: number;
  done: number;
  refused: number;
  cancelled: number;
  chargedCents: number;
}

/** How many lines stand where, and what the lines done cost, in one statement. */
export async function countBulkLines(db: Database, bulkId: number): Promise<BulkCounts> {
  const rows = await db
    .select({
      outcome: bulkActionLines.outcome,
      lines: sql<number>`count(*)::int`,
      charged: sql<string>`coalesce(sum(${bulkActionLines.charged}), 0)::numeric(14,2)::text`,
    })
    .from(bulkActionLines)
    .where(eq(bulkActionLines.bulkId, bulkId))
    .groupBy(bulkActionLines.outcome);
  const counts: BulkCounts = { pending: 0, done: 0, refused: 0, cancelled: 0, chargedCents: 0 };
  for (const row of rows) {
    counts[row.outcome] = row.lines;
    counts.chargedCents += toCents(row.charged);
  }
  return counts;
}

/** The next pending lines, in order (not locked: each is claimed by its own transaction). */
export async function nextPendingLines(
  db: Database,
  bulkId: number,
  limit: number,
): Promise<Pick<BulkActionLineRow, 'position' | 'lineId'>[]> {
  return db
    .select({ position: bulkActionLines.position, lineId: bulkActionLines.lineId })
    .from(bulkActionLines)
    .where(and(eq(bulkActionLines.bulkId, bulkId), eq(bulkActionLines.outcome, 'pending')))
    .orderBy(asc(bulkActionLines.position))
    .limit(limit);
}

/**
 * Locks a bulk line for the transaction that does it, if it is still pending. A second run reaching the
 * same line waits here, then finds it no longer pending: no line is ever done twice.
 */
export async function claimPendingLine(db: Database, bulkId: number, position: number): Promise<boolean> {
  const [row] = await db
    .select({ position: bulkActionLines.position })
    .from(bulkActionLines)
    .where(
      and(
        eq(bulkActionLines.bulkId, bulkId),
        eq(bulkActionLines.position, position),
        eq(bulkActionLines.outcome, 'pending'),
      ),
    )
    .for('update');
  return row !== undefined;
}

export interface BulkLineSettlement {
  outcome: Exclude<BulkOutcome, 'pending'>;
  lineUsername?: string | null;
  reason?: string | null;
  charged?: string | null;
  link?: string | null;
  phone?: string | null;
}

/** Records what became of a pending line; a line already settled is left as it is. */
export async function settlePendingLine(
  db: Database,
  bulkId: number,
  position: number,
  settlement: BulkLineSettlement,
): Promise<void> {
  await db
    .update(bulkActionLines)
    .set({ ...settlement, updatedAt: new Date() })
    .where(
      and(
        eq(bulkActionLines.bulkId, bulkId),
        eq(bulkActionLines.position, position),
        eq(bulkActionLines.outcome, 'pending'),
      ),
    );
}

/** Every line still pending becomes cancelled with `reason` (the caller stopped the action). */
export async function cancelPendingLines(db: Database, bulkId: number, reason: string): Promise<void> {
  await db
    .update(bulkActionLines)
    .set({ outcome: 'cancelled', reason, updatedAt: new Date() })
    .where(and(eq(bulkActionLines.bulkId, bulkId), eq(bulkActionLines.outcome, 'pending')));
}

export async function listBulkLines(db: Database, bulkId: number): Promise<BulkActionLineRow[]> {
  return db
    .select()
    .from(bulkActionLines)
    .where(eq(bulkActionLines.bulkId, bulkId))
    .orderBy(asc(bulkActionLines.position));
}
