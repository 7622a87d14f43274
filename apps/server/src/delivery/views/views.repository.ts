import { sql } from 'drizzle-orm';
import type { Database } from '../../db/database';

/** One item's views on one day (UTC). */
export interface ViewCount {
  streamId: number;
  /** YYYY-MM-DD, UTC. */
  day: string;
  views: number;
}

/** The UTC day of an instant, as `content_views_daily.day` keeps it. */
export function viewDay(at: Date = new Date()): string {
  return at.toISOString().slice(0, 10);
}

/**
 * Adds views to the daily counters (decision 0044): one upsert for the whole batch. Rows for the same item
 * and day are summed first, since one INSERT … ON CONFLICT may not touch a row twice.
 */
export async function addViews(db: Database, counts: readonly ViewCount[]): Promise<void> {
  const summed = new Map<string, ViewCount>();
  for (const count of counts) {
    if (count.views <= 0) continue;
    const key = `${count.day}:${count.streamId}`;
    const found = summed.get(key);
    if (found) found.views += count.views;
    else summed.set(key, { ...count });
  }
  if (summed.size === 0) return;
  const rows = [...summed.values()];
  await db.execute(sql`
    insert into content_views_daily (day, stream_id, views)
    select * from unnest(
      ${`{${rows.map((row) => row.day).join(',')}}`}::date[],
      ${`{${rows.map((row) => row.streamId).join(',')}}`}::int[],
      ${`{${rows.map((row) => row.views).join(',')}}`}::int[]
    )
    on conflict (day, stream_id) do update set views = content_views_daily.views + excluded.views`);
}
