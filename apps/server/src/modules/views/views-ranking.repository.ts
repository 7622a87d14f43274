import type { AnalyticsType } from '@panel/shared/analytics/analytics-api';
import { inArray, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { contentSeries, contentStreams } from '../../db/schema/index';

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

/**
 * Every item of a type viewed in a period with its views, most viewed first, id breaking ties. The
 * period's rows of `content_views_daily` are read once through its (day, stream_id) key range and summed
 * per item; only then are they joined to the library, to keep the type's items or to add episodes up into
 * their series. Retired items still count: their views happened.
 */
export function rankingStatement(period: RankingPeriod): SQL {
  const perItem = sql`
    per_item as (
      select v.stream_id, sum(v.views)::bigint as total
      from content_views_daily v
      where v.day between ${period.from}::date and ${period.to}::date
      group by v.stream_id
    )`;
  const ranked =
    period.type === 'series'
      ? sql`
    ranked as (
      select s.series_id as id, sum(p.total)::bigint as total
      from per_item p join content_streams s on s.id = p.stream_id
      where s.kind = 'episode'
      group by s.series_id
    )`
      : sql`
    ranked as (
      select p.stream_id as id, p.total
      from per_item p join content_streams s on s.id = p.stream_id
      where ${STREAMS_OF_TYPE[period.type]}
    )`;
  return sql`with ${perItem}, ${ranked} select id, total::float8 as total from ranked order by total desc, id asc`;
}

export async function rankItems(db: Database, period: RankingPeriod): Promise<ItemViews[]> {
  const result = (await db.execute(rankingStatement(period))) as unknown as {
    rows: { id: number; total: number }[];
  };
  return result.rows.map((row) => ({ id: Number(row.id), total: Number(row.total) }));
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
