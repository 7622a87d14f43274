import type { SQL } from 'drizzle-orm';
import type { Database } from './database';

/**
 * The rows a raw statement answers. PGlite and node-postgres both answer `{ rows }` from `db.execute`,
 * which drizzle types differently per driver: this is the one place that says so.
 */
export async function executeRows<T>(db: Database, statement: SQL): Promise<T[]> {
  return rowsOf<T>(await db.execute(statement));
}

/** The rows of a result `db.execute` already answered. */
export function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

/** How many rows an UPDATE or DELETE touched (node-postgres `rowCount`, PGlite `affectedRows`). */
export function affectedRowCount(result: unknown): number {
  const counted = result as { rowCount?: number | null; affectedRows?: number };
  return counted.rowCount ?? counted.affectedRows ?? 0;
}
