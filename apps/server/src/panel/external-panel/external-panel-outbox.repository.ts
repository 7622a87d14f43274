import { and, asc, desc, eq, inArray, isNotNull, isNull, lt, lte, max, notExists, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/database';
import { externalPanelOutbox } from '../../db/schema';

const outbox = externalPanelOutbox;

export interface ClaimedSync {
  id: number;
  subject: string;
  subjectId: number;
  event: string;
  payload: Record<string, unknown>;
  attempts: number;
}

/**
 * Claims due rows, at most one per subject (a reseller or a line): its oldest undelivered one, so the
 * external panel never sees a newer state before an older one, even across retries. FOR UPDATE SKIP LOCKED
 * and the lease (next_attempt_at moved forward) as the provisioning outbox does (decision 0013).
 */
export async function claimDueSyncs(
  db: Database,
  options: { limit: number; maxAttempts: number; leaseMs: number },
): Promise<ClaimedSync[]> {
  const older = alias(externalPanelOutbox, 'older');
  const due = db
    .select({ id: outbox.id })
    .from(outbox)
    .where(
      and(
        isNull(outbox.deliveredAt),
        lt(outbox.attempts, options.maxAttempts),
        lte(outbox.nextAttemptAt, sql`now()`),
        notExists(
          db
            .select({ id: older.id })
            .from(older)
            .where(
              and(
                eq(older.subject, outbox.subject),
                eq(older.subjectId, outbox.subjectId),
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
  return db
    .update(outbox)
    .set({ nextAttemptAt: sql`now() + (${options.leaseMs}::int * interval '1 millisecond')` })
    .where(inArray(outbox.id, due))
    .returning({
      id: outbox.id,
      subject: outbox.subject,
      subjectId: outbox.subjectId,
      event: outbox.event,
      payload: outbox.payload,
      attempts: outbox.attempts,
    });
}

export interface SyncBacklog {
  pending: number;
  failed: number;
  lastDeliveredAt: Date | null;
  lastError: string | null;
}

/** Undelivered rows (still tried / every attempt used), the newest delivery and the newest error. */
export async function syncBacklog(db: Database, maxAttempts: number): Promise<SyncBacklog> {
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
    .from(outbox);
  const [withError] = await db
    .select({ lastError: outbox.lastError })
    .from(outbox)
    .where(and(isNull(outbox.deliveredAt), isNotNull(outbox.lastError)))
    .orderBy(desc(outbox.id))
    .limit(1);
  return {
    pending: counts?.pending ?? 0,
    failed: counts?.failed ?? 0,
    lastDeliveredAt: counts?.lastDeliveredAt ?? null,
    lastError: withError?.lastError ?? null,
  };
}
