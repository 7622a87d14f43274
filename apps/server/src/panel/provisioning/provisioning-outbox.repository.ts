import type { ProvisionedSystem } from '@panel/shared/provisioning/provisioning-schemas';
import { and, asc, desc, eq, inArray, isNotNull, isNull, lt, lte, max, notExists, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/database';
import { outboxMarks } from '../../db/outbox-marks';
import { provisioningOutbox } from '../../db/schema';

const outbox = provisioningOutbox;

export interface ClaimedDelivery {
  id: number;
  lineId: number;
  system: ProvisionedSystem;
  event: string;
  payload: Record<string, unknown>;
  attempts: number;
}

export interface ClaimOptions {
  systems: readonly ProvisionedSystem[];
  limit: number;
  maxAttempts: number;
  /** How long a claimed row stays invisible to other workers; longer than one HTTP attempt. */
  leaseMs: number;
}

/**
 * Claims due rows for delivery, at most one per line and service: the oldest undelivered one, so a
 * service never sees a line's newer state before an older one. FOR UPDATE SKIP LOCKED lets several
 * server processes claim at once without waiting on or taking each other's rows; moving
 * next_attempt_at forward is the lease that hides a claimed row after this statement commits.
 * One statement is one short transaction on both PostgreSQL and PGlite.
 */
export async function claimDueDeliveries(db: Database, options: ClaimOptions): Promise<ClaimedDelivery[]> {
  if (options.systems.length === 0) return [];
  const older = alias(provisioningOutbox, 'older');
  const due = db
    .select({ id: outbox.id })
    .from(outbox)
    .where(
      and(
        isNull(outbox.deliveredAt),
        inArray(outbox.system, [...options.systems]),
        lt(outbox.attempts, options.maxAttempts),
        lte(outbox.nextAttemptAt, sql`now()`),
        // A failed older row blocks its line too: retrying it later must not overwrite newer state.
        notExists(
          db
            .select({ id: older.id })
            .from(older)
            .where(
              and(
                eq(older.lineId, outbox.lineId),
                eq(older.system, outbox.system),
                lt(older.id, outbox.id),
                isNull(older.deliveredAt),
              ),
            ),
        ),
      ),
    )
    .orderBy(asc(outbox.nextAttemptAt), asc(outbox.id))
    .limit(options.limit)
    .for('update', { skipLocked: true });
  const rows = await db
    .update(outbox)
    .set({ nextAttemptAt: sql`now() + (${options.leaseMs}::int * interval '1 millisecond')` })
    .where(inArray(outbox.id, due))
    .returning({
      id: outbox.id,
      lineId: outbox.lineId,
      system: outbox.system,
      event: outbox.event,
      payload: outbox.payload,
      attempts: outbox.attempts,
    });
  return rows.map((row) => ({ ...row, system: row.system as ProvisionedSystem }));
}

export interface LineProvisioningState {
  /** Undelivered changes still being tried, or waiting for an endpoint to be configured. */
  pending: number;
  /** Undelivered changes that used every attempt (until an operator retries them). */
  failed: number;
  lastDeliveredAt: Date | null;
  /** The newest error among the line's undelivered changes; null once everything went out. */
  lastError: string | null;
}

/** Delivery state of one line across both services. The caller checks the line is in scope first. */
export async function provisioningStateForLine(
  db: Database,
  lineId: number,
  maxAttempts: number,
): Promise<LineProvisioningState> {
  const [counts] = await db
    .select({
      pending:
        sql<number>`count(*) filter (where ${outbox.deliveredAt} is null and ${outbox.attempts} < ${maxAttempts}::int)`.mapWith(
          Number,
        ),
      failed:
        sql<number>`count(*) filter (where ${outbox.deliveredAt} is null and ${outbox.attempts} >= ${maxAttempts}::int)`.mapWith(
          Number,
        ),
      lastDeliveredAt: max(outbox.deliveredAt),
    })
    .from(outbox)
    .where(eq(outbox.lineId, lineId));
  const [withError] = await db
    .select({ lastError: outbox.lastError })
    .from(outbox)
    .where(and(eq(outbox.lineId, lineId), isNull(outbox.deliveredAt), isNotNull(outbox.lastError)))
    .orderBy(desc(outbox.id))
    .limit(1);
  return {
    pending: counts?.pending ?? 0,
    failed: counts?.failed ?? 0,
    lastDeliveredAt: counts?.lastDeliveredAt ?? null,
    lastError: withError?.lastError ?? null,
  };
}

export interface SystemBacklog {
  system: number;
  pending: number;
  failed: number;
  oldestPendingSeconds: number | null;
}

/** Undelivered rows per service, for the operator view; ages come from the database clock. */
export async function backlogBySystem(db: Database, maxAttempts: number): Promise<SystemBacklog[]> {
  return db
    .select({
      system: outbox.system,
      pending: sql<number>`count(*) filter (where ${outbox.attempts} < ${maxAttempts}::int)`.mapWith(Number),
      failed: sql<number>`count(*) filter (where ${outbox.attempts} >= ${maxAttempts}::int)`.mapWith(Number),
      oldestPendingSeconds: sql<
        number | null
      >`floor(extract(epoch from now() - min(${outbox.createdAt}) filter (where ${outbox.attempts} < ${maxAttempts}::int)))::int`,
    })
    .from(outbox)
    .where(isNull(outbox.deliveredAt))
    .groupBy(outbox.system);
}

/** Gives rows of one service (or both) that used every attempt a fresh set, due now; answers how many. */
export function resetFailedDeliveries(
  db: Database,
  maxAttempts: number,
  system?: ProvisionedSystem,
): Promise<number> {
  const only = system === undefined ? undefined : eq(outbox.system, system);
  return outboxMarks(db, outbox).resetFailed(maxAttempts, only);
}
