import { sql, type SQL } from 'drizzle-orm';
import type { Transaction } from '../../db/run-in-transaction';

// Any constant works; it only has to differ from the migration lock of db/database.ts.
const ACCOUNT_TREE_LOCK_KEY = 727_002;

/**
 * Guards the shape of the account tree until the transaction ends (docs/decisions/0011).
 *
 * - `reshape` (transfer, delete): rewrites the paths of a whole subtree; runs alone.
 * - `keep` (create under a parent, edit, block, move credits): many run at once, never during a
 *   reshape. A child inserted while its parent's subtree moves would otherwise keep the old path
 *   prefix (a row the subtree UPDATE cannot see), and a scope check made at the start of the
 *   transaction stays true until it commits.
 */
export async function lockAccountTree(tx: Transaction, mode: 'reshape' | 'keep'): Promise<void> {
  await tx.execute(
    mode === 'reshape'
      ? sql`select pg_advisory_xact_lock(${ACCOUNT_TREE_LOCK_KEY}::bigint)`
      : sql`select pg_advisory_xact_lock_shared(${ACCOUNT_TREE_LOCK_KEY}::bigint)`,
  );
}

/**
 * `keep` without waiting, as an expression to select in a transaction's first statement (one round trip
 * less per line action): true when taken; false when a reshape holds the lock — the caller then takes
 * it with lockAccountTree (waiting) and reads again, so nothing is ever decided without it.
 */
export function tryKeepAccountTree(): SQL<boolean> {
  return sql<boolean>`pg_try_advisory_xact_lock_shared(${ACCOUNT_TREE_LOCK_KEY}::bigint)`;
}
