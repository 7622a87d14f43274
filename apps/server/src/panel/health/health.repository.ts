import { sql } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { executeRows } from '../../db/execute-rows';

/**
 * The `created_at` of every migration drizzle recorded as applied (its journal's `when`, in
 * milliseconds). An empty list when the bookkeeping table does not exist yet (nothing migrated).
 */
export async function appliedMigrationTimes(db: Database): Promise<number[]> {
  const [table] = await executeRows<{ found: string | null }>(
    db,
    sql`select to_regclass('drizzle.__drizzle_migrations')::text as found`,
  );
  if (!table?.found) return [];
  const rows = await executeRows<{ created_at: string | number }>(
    db,
    sql`select created_at from drizzle.__drizzle_migrations`,
  );
  return rows.map((row) => Number(row.created_at));
}
