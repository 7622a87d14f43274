import type { ProvisionedSystem } from '@panel/shared/provisioning/provisioning-schemas';
import { and, desc, eq, isNotNull, isNull, max, sql } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { claimDueOutboxRows, type ClaimOptions, type ClaimedOutboxRow } from '../../db/outbox-claim';
import { outboxMarks } from '../../db/outbox-marks';
import { provisioningOutbox } from '../../db/schema';

const outbox = provisioningOutbox;

export interface ClaimedDelivery extends ClaimedOutboxRow {
  lineId: number;
  system: ProvisionedSystem;
}

/**
 * Claims due rows of the configured services, at most one per line and service: the oldest undelivered
 * one, so a service never sees a line's newer state before an older one (the shared claim, decision 0095).
 */
export async function claimDueDeliveries(
  db: Database,
  options: ClaimOptions & { systems: readonly ProvisionedSystem[] },
): Promise<ClaimedDelivery[]> {
  if (options.systems.length === 0) return [];
  const rows = await claimDueOutboxRows<{ line_id: number; system: number }>(
    db,
    {
      table: outbox,
      orderedBy: ['line_id', 'system'],
      where: sql`o.system = any(${sql.param([...options.systems])}::int[])`,
      also: sql`o.line_id, o.system`,
    },
    options,
  );
  return rows.map(({ line_id, system, ...row }) => ({
    ...row,
    lineId: Number(line_id),
    system: Number(system) as ProvisionedSystem,
  }));
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
