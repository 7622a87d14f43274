import { sql } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { executeRows } from '../../db/execute-rows';

export interface LedgerTotals {
  kind: string;
  rows: number;
  /** Σ |amount| in credits; a float is fine for a metric (the ledger itself stays exact). */
  credits: number;
}

type Row = { kind: string; rows: string | number; credits: string | number; last_id: string | number | null };

const toTotals = (rows: Row[]): LedgerTotals[] =>
  rows.map((row) => ({ kind: row.kind, rows: Number(row.rows), credits: Number(row.credits) }));

/**
 * Ledger rows with id above `afterId` and below the first one written in the last `settleSeconds`: the
 * settled prefix a caller may add to its running totals for good. The ledger is append-only (decision
 * 0010), so only a transaction still open after `settleSeconds` could commit a row inside that prefix later.
 */
export async function settledLedgerTotals(
  db: Database,
  afterId: number,
  settleSeconds: number,
): Promise<{ totals: LedgerTotals[]; lastId: number }> {
  const rows = await executeRows<Row>(
    db,
    sql`with recent as (
          select min(id) as first_id from credit_ledger
          where id > ${afterId} and created_at >= now() - make_interval(secs => ${settleSeconds}))
        select kind, count(*) as rows, coalesce(sum(abs(amount)), 0) as credits, max(id) as last_id
        from credit_ledger, recent
        where id > ${afterId} and (recent.first_id is null or id < recent.first_id)
        group by kind`,
  );
  const lastId = Math.max(afterId, ...rows.map((row) => Number(row.last_id ?? 0)));
  return { totals: toTotals(rows), lastId };
}

/** Ledger rows with id above `afterId` by kind (an index range scan of the primary key). */
export async function ledgerTotalsAfter(db: Database, afterId: number): Promise<LedgerTotals[]> {
  return toTotals(
    await executeRows<Row>(
      db,
      sql`select kind, count(*) as rows, coalesce(sum(abs(amount)), 0) as credits, null as last_id
          from credit_ledger where id > ${afterId} group by kind`,
    ),
  );
}
