import { sql } from 'drizzle-orm';
import { executeRows } from '../../db/execute-rows';
import type { Transaction } from '../../db/run-in-transaction';

/** Which of these item ids exist in the library (retired items still count: they were watched). */
export async function existingStreamIds(tx: Transaction, ids: readonly number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await executeRows<{ id: number }>(
    tx,
    sql`select id from content_streams where id = any(${sql.param(ids)}::int[])`,
  );
  return new Set(rows.map((row) => Number(row.id)));
}
