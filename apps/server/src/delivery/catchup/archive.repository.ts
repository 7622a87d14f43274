import { sql } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { executeRows } from '../../db/execute-rows';
import { categoryVisibleTo } from '../content/line-content-scope';

/** What a catch-up request reads of a live channel (decision 0120). */
export interface ArchiveChannel {
  streamId: number;
  name: string;
  /** Days of archive; 0 without one. */
  archiveDays: number;
  /** The source's archive URL template, or null (derived from an Xtream live URL). */
  archiveUrl: string | null;
  /** The channel's first source URL. */
  sourceUrl: string | null;
  /** The zone the source's archive URLs read dates in; null: UTC. */
  timezone: string | null;
  deliveryMode: 'redirect' | 'proxy';
}

/**
 * A live, not retired stream by id with its archive columns and its source's zone and delivery mode, when
 * its category is in one of `bouquets` (docs/product/rules.md#line-content); else undefined.
 */
export async function findArchiveChannel(
  db: Database,
  streamId: number,
  bouquets: readonly number[],
): Promise<ArchiveChannel | undefined> {
  const ids = `{${bouquets.filter(Number.isInteger).join(',')}}`;
  const visible = sql`and ${categoryVisibleTo(sql`s.category_id`, sql`${ids}::int[]`)}`;
  const [row] = await executeRows<ArchiveChannel>(
    db,
    sql`select s.id as "streamId", s.name, s.archive_days as "archiveDays", s.archive_url as "archiveUrl",
        s.source_urls[1] as "sourceUrl", src.timezone,
        coalesce(src.delivery_mode, 'redirect') as "deliveryMode"
      from content_streams s left join content_sources src on src.id = s.source_id
      where s.id = ${streamId} and s.kind = 'live' and s.retired_at is null ${visible}`,
  );
  return row;
}

/**
 * The live streams with an archive whose guide channel is `epgChannelId` and whose category is in one of
 * `bouquets`, by id: the channels a programme of the guide can be watched again on.
 */
export async function archiveChannelsOfGuide(
  db: Database,
  epgChannelId: string,
  bouquets: readonly number[],
): Promise<{ id: number; archiveDays: number }[]> {
  const ids = `{${bouquets.filter(Number.isInteger).join(',')}}`;
  return executeRows<{ id: number; archiveDays: number }>(
    db,
    sql`select s.id, s.archive_days as "archiveDays" from content_streams s
      where s.epg_channel_id = ${epgChannelId} and s.kind = 'live' and s.retired_at is null
        and s.archive_days > 0 and ${categoryVisibleTo(sql`s.category_id`, sql`${ids}::int[]`)}
      order by s.id`,
  );
}
