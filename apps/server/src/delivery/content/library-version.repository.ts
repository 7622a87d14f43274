import { sql } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { executeRows } from '../../db/execute-rows';

/**
 * The library's versions (decisions 0043, 0100), all drawn from the PostgreSQL sequence
 * `content_library_version` that every process reads: one per category (`content_categories.version`)
 * and one for the whole library (`content_library_epoch`). A version is raised after the change it stands
 * for has been written (committed), never before: a reader that sees the new version then also sees the
 * new rows, so no answer of old rows is filed under a new version. Versions only go up (`greatest`), so
 * two bumps racing never bring an older one back.
 */

/** What a bouquet set's cached answers are keyed by (decision 0100). */
export interface AnswerVersion {
  /** The highest of the whole library's version and its categories' versions: a new one, a new answer. */
  current: string;
  /** No answer of a version below it may be served, not even while the current one renders. */
  floor: string;
}

/**
 * The version of what lines with these bouquets see: one query, so a change written by any process is
 * seen here at once. Only categories the bouquets hold count, retired ones included (a retirement bumps
 * its category); a category leaving or joining a bouquet bumps the whole library.
 */
export async function answerVersion(db: Database, bouquetIds: readonly number[]): Promise<AnswerVersion> {
  const ids = `{${bouquetIds.filter(Number.isInteger).join(',')}}`;
  const [row] = await executeRows<{ current: string | number; floor: string | number }>(
    db,
    sql`select greatest(
        coalesce((select version from content_library_epoch where id = 1), 0),
        coalesce((select max(c.version) from content_categories c where c.id in
          (select bc.category_id from bouquet_categories bc where bc.bouquet_id = any(${ids}::int[]))), 0)
      )::text as current,
      coalesce((select hard_version from content_library_epoch where id = 1), 0)::text as floor`,
  );
  return { current: String(row?.current ?? '0'), floor: String(row?.floor ?? '0') };
}

/**
 * Raises the whole library's version: every cached answer is stale. `hard`: none of the stale answers
 * may be served while the new ones render (content that must leave every list at once).
 */
export async function bumpLibraryVersion(db: Database, options: { hard?: boolean } = {}): Promise<void> {
  const hard = options.hard === true;
  await db.execute(sql`insert into content_library_epoch as e (id, version, hard_version)
    select 1, n, case when ${hard}::boolean then n else 0 end from (select nextval('content_library_version') as n) v
    on conflict (id) do update set version = greatest(e.version, excluded.version),
      hard_version = case when ${hard}::boolean then greatest(e.hard_version, excluded.version) else e.hard_version end`);
}

/**
 * Raises the versions of these categories (a sync changed their rows): only answers of bouquet sets
 * holding one of them are stale.
 */
export async function bumpCategoryVersions(db: Database, categoryIds: Iterable<number>): Promise<void> {
  const ids = [...new Set(categoryIds)].filter(Number.isInteger);
  if (ids.length === 0) return;
  await db.execute(sql`update content_categories
    set version = greatest(version, nextval('content_library_version'))
    where id = any(${`{${ids.join(',')}}`}::int[])`);
}
