import { sql } from 'drizzle-orm';
import type { Database } from '../../db/database';

/**
 * The `created_at` of every migration drizzle recorded as applied (its journal's `when`, in
 * milliseconds). An empty list when the bookkeeping table does not exist yet (nothing migrated).
 */
export async function appliedMigrationTimes(db: Database): Promise<number[]> {
  const table = await db.execute<{ found: string | null }>(
    sql`select to_regclass('drizzle.__drizzle_migrations')::text as found`,
  );
  if (!table.rows[0]?.found) return [];
  const rows = await db.execute<{ created_at: string | number }>(
    sql`select created_at from drizzle.__drizzle_migrations`,
  );
  return rows.rows.map((row) => Number(row.created_at));
}
