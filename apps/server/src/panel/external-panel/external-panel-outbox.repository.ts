import { and, desc, isNotNull, isNull, max, sql } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { claimDueOutboxRows, type ClaimOptions, type ClaimedOutboxRow } from '../../db/outbox-claim';
import { externalPanelOutbox } from '../../db/schema';

const outbox = externalPanelOutbox;

export interface ClaimedSync extends ClaimedOutboxRow {
  subject: string;
  subjectId: number;
}

/**
 * Claims due rows, at most one per subject (a reseller or a line): its oldest undelivered one, so the
 * external panel never sees a newer state before an older one, even across retries (decision 0095).
 */
export async function claimDueSyncs(db: Database, options: ClaimOptions): Promise<ClaimedSync[]> {
  const rows = await claimDueOutboxRows<{ subject: string; subject_id: number }>(
    db,
    { table: outbox, orderedBy: ['subject', 'subject_id'], also: sql`o.subject, o.subject_id` },
    options,
  );
  return rows.map(({ subject, subject_id, ...row }) => ({ ...row, subject, subjectId: Number(subject_id) }));
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
