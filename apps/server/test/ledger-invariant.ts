import { and, eq, ne, sql } from 'drizzle-orm';
import type { Database } from '../src/db/database';
import { accounts, creditLedger } from '../src/db/schema/index';

export interface LedgerMismatch {
  id: number;
  username: string;
  credits: string;
  ledger: string;
}

/**
 * Accounts whose balance differs from the sum of their ledger rows (docs/decisions/0010). Admins are
 * left out: their balance never moves, and tests may give one a balance directly.
 */
export async function findLedgerMismatches(db: Database): Promise<LedgerMismatch[]> {
  const totals = db
    .select({
      accountId: creditLedger.accountId,
      total: sql<string>`sum(${creditLedger.amount})`.as('total'),
    })
    .from(creditLedger)
    .groupBy(creditLedger.accountId)
    .as('totals');
  return db
    .select({
      id: accounts.id,
      username: accounts.username,
      credits: sql<string>`${accounts.credits}::text`,
      ledger: sql<string>`coalesce(${totals.total}, 0)::text`,
    })
    .from(accounts)
    .leftJoin(totals, eq(totals.accountId, accounts.id))
    .where(and(ne(accounts.role, 'admin'), sql`${accounts.credits} <> coalesce(${totals.total}, 0)`));
}
