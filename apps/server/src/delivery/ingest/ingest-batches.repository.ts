import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { runInTransaction, type Transaction } from '../../db/run-in-transaction';
import { ingestBatches } from '../../db/schema';

export type IngestBatchKind = 'connections' | 'p2p-sessions' | 'views';

/**
 * Applies a batch once per (server, batch id) (decision 0045). The batch id is inserted first, in the same
 * transaction as the batch's changes: a second request with the same id waits on that row's unique key
 * until the first commits, then finds it and answers the stored result without applying anything. A
 * failed batch rolls back its id too, so it can be sent again. Stored as `<kind>/<batch id>`.
 */
export async function applyBatchOnce<T extends object>(
  db: Database,
  serverId: number,
  kind: IngestBatchKind,
  senderBatchId: string,
  apply: (tx: Transaction) => Promise<T>,
): Promise<T> {
  // Ids are the sender's and per kind: a views batch and a connections batch may share one.
  const batchId = `${kind}/${senderBatchId}`;
  return runInTransaction(db, async (tx) => {
    const inserted = await tx
      .insert(ingestBatches)
      .values({ serverId, batchId, result: {} })
      .onConflictDoNothing()
      .returning({ batchId: ingestBatches.batchId });
    if (inserted.length === 0) {
      const [stored] = await tx
        .select({ result: ingestBatches.result })
        .from(ingestBatches)
        .where(and(eq(ingestBatches.serverId, serverId), eq(ingestBatches.batchId, batchId)));
      return stored?.result as T;
    }
    const result = await apply(tx);
    await tx
      .update(ingestBatches)
      .set({ result: sql`${JSON.stringify(result)}::jsonb` })
      .where(and(eq(ingestBatches.serverId, serverId), eq(ingestBatches.batchId, batchId)));
    return result;
  });
}
