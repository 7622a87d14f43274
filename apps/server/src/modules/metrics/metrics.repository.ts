import { sql } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { creditLedger } from '../../db/schema/index';

export interface LedgerTotals {
  kind: string;
  rows: number;
  /** Σ |amount| in credits; a float is fine for a metric (the ledger itself stays exact). */
  credits: number;
}

/** Rows and credits moved by ledger kind, read from the database so every process reports the same. */
export async function ledgerTotalsByKind(db: Database): Promise<LedgerTotals[]> {
  return db
    .select({
      kind: creditLedger.kind,
      rows: sql<number>`count(*)`.mapWith(Number),
      credits: sql<number>`coalesce(sum(abs(${creditLedger.amount})), 0)`.mapWith(Number),
    })
    .from(creditLedger)
    .groupBy(creditLedger.kind);
}
