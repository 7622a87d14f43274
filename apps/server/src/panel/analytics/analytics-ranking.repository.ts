import type { AnalyticsType } from '@panel/shared/analytics/analytics-api';
import { inArray, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { executeRows } from '../../db/execute-rows';
import { contentRemovals, contentSeries, contentStreams } from '../../db/schema';

/** One item's views in a period. */
export interface ItemViews {
  id: number;
  total: number;
}

export interface RankingPeriod {
  type: AnalyticsType;
  /** First and last day of the period, YYYY-MM-DD (UTC), both included. */
  from: string;
  to: string;
}

/** Which rows of content_streams count for a type (decision 0047; 24-hour channels are flagged live rows). */
const STREAMS_OF_TYPE: Record<Exclude<AnalyticsType, 'series'>, SQL> = {
  streams: sql`s.kind = 'movie'`,
  channels: sql`s.kind = 'live' and not s.is_24h`,
  lives: sql`s.kind = 'live' and s.is_24h`,
};

/** Which rows of content_streams count for a type: a series counts its episodes. */
const ROWS_OF_TYPE: Record<AnalyticsType, SQL> = { ...STREAMS_OF_TYPE, series: sql`s.kind = 'episode'` };

/**
 * Every item of a type viewed in a period with its views, most viewed first, id breaking ties. One join of
 * the period's `content_views_daily` rows to the type's library rows, summed per item (a series: per
 * `series_id`, its episodes added up). Written as a join, PostgreSQL picks the cheaper side per type: few
 * items (channels, 24-hour channels) walk the `(stream_id, day)` index item by item; many items read the
 * period's `(day, stream_id)` key range and hash-join it (decision 0057 measured 3–10× less than summing
 * every viewed item first and joining afterwards). Retired items still count: their views happened; items
 * removed for good do not (decision 0056: they left the catalog, and the trash action has nothing left to
 * do on them).
 */
export function rankingStatement(period: RankingPeriod): SQL {
  const item = period.type === 'series' ? sql`s.series_id` : sql`s.id`;
  return sql`
    with ranked as (
      select ${item} as id, sum(v.views)::bigint as total
      from content_views_daily v join content_streams s on s.id = v.stream_id
      where v.day between ${period.from}::date and ${period.to}::date
        and ${ROWS_OF_TYPE[period.type]} and s.removed_at is null
      group by 1
    )
    select id, total::float8 as total from ranked order by total desc, id asc`;
}

export async function rankItems(db: Database, period: RankingPeriod): Promise<ItemViews[]> {
  const rows = await executeRows<{ id: number; total: number }>(db, rankingStatement(period));
  return rows.map((row) => ({ id: Number(row.id), total: Number(row.total) }));
}

/** Titles and images of a page of items: a series' name and cover, a stream's name and icon. */
export async function itemTitles(
  db: Database,
  type: AnalyticsType,
  ids: readonly number[],
): Promise<Map<number, { title: string; image: string }>> {
  if (ids.length === 0) return new Map();
  const rows =
    type === 'series'
      ? await db
          .select({ id: contentSeries.id, title: contentSeries.name, image: contentSeries.cover })
          .from(contentSeries)
          .where(inArray(contentSeries.id, [...ids]))
      : await db
          .select({ id: contentStreams.id, title: contentStreams.name, image: contentStreams.icon })
          .from(contentStreams)
          .where(inArray(contentStreams.id, [...ids]));
  return new Map(rows.map((row) => [row.id, { title: row.title, image: row.image }]));
}

/** The removal status of each of these items that has a removal row (a page of an analytics screen). */
export async function removalStatuses(
  db: Database,
  kind: 'streams' | 'series',
  ids: readonly number[],
): Promise<Map<number, number>> {
  if (ids.length === 0) return new Map();
  const column = kind === 'series' ? contentRemovals.seriesId : contentRemovals.streamId;
  const rows = await db
    .select({ id: column, status: contentRemovals.status })
    .from(contentRemovals)
    .where(inArray(column, [...ids]));
  return new Map(rows.flatMap((row) => (row.id === null ? [] : [[row.id, row.status] as const])));
}
