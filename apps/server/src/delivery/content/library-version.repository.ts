import { sql } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { executeRows } from '../../db/execute-rows';

/**
 * The library's version (decision 0043): a PostgreSQL sequence every process reads. It is bumped after a
 * change that can alter what a line sees has been written (committed), never before: a reader that sees
 * the new version then also sees the new rows, so no answer of old rows is filed under a new version.
 */
export async function libraryVersion(db: Database): Promise<string> {
  const [row] = await executeRows<{ last_value: string | number; is_called: boolean }>(
    db,
    sql`select last_value, is_called from content_library_version`,
  );
  return row && row.is_called ? String(row.last_value) : '0';
}

/** Bumps the version: every cached player answer of the previous one is stale. */
export async function bumpLibraryVersion(db: Database): Promise<void> {
  await db.execute(sql`select nextval('content_library_version')`);
}
