import type { AnalyticsType } from '@panel/shared/analytics/analytics-api';
import type { SortDirection } from '@panel/shared/lists/list-query';
import { sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/database';

/** One item of a ranking: its views in the period, with the title and image to show. */
export interface RankedItem {
  id: number;
  title: string;
  image: string;
  total: number;
}

export interface ViewRanking {
  /** Items of the type viewed in the period. */
  items: number;
  /** All views of the type in the period. */
  views: number;
  rows: RankedItem[];
}

export interface RankingRequest {
  type: AnalyticsType;
  /** First and last day of the period, YYYY-MM-DD (UTC), both included. */
  from: string;
  to: string;
  direction: SortDirection;
  limit: number;
  offset: number;
}

/** Which rows of content_streams count for a type (decision 0047; 24-hour channels are flagged live rows). */
const STREAMS_OF_TYPE: Record<Exclude<AnalyticsType, 'series'>, SQL> = {
  streams: sql`s.kind = 'movie'`,
  channels: sql`s.kind = 'live' and not s.is_24h`,
  lives: sql`s.kind = 'live' and s.is_24h`,
};

/**
 * The views of one type in a period, most (or least) viewed first, id breaking ties, one page of it,
 * with the type's totals. One statement: the period's rows of `content_views_daily` are read once through
 * its (day, stream_id) key range and summed per item; only then are they joined to the library (to keep a
 * type, or to add episodes up into their series), and titles and images are read for the page's rows
 * only. Retired items still count and show: their views happened.
 */
export async function rankViews(db: Database, request: RankingRequest): Promise<ViewRanking> {
  const order = request.direction === 'asc' ? sql`asc` : sql`desc`;
  const perItem = sql`
    per_item as (
      select v.stream_id, sum(v.views)::bigint as total
      from content_views_daily v
      where v.day between ${request.from}::date and ${request.to}::date
      group by v.stream_id
    )`;
  const ranked =
    request.type === 'series'
      ? sql`
    ranked as materialized (
      select s.series_id as id, sum(p.total)::bigint as total
      from per_item p join content_streams s on s.id = p.stream_id
      where s.kind = 'episode'
      group by s.series_id
    )`
      : sql`
    ranked as materialized (
      select p.stream_id as id, p.total
      from per_item p join content_streams s on s.id = p.stream_id
      where ${STREAMS_OF_TYPE[request.type]}
    )`;
  const titles =
    request.type === 'series'
      ? sql`left join content_series t on t.id = page.id`
      : sql`left join content_streams t on t.id = page.id`;
  const image = request.type === 'series' ? sql`t.cover` : sql`t.icon`;
  const result = (await db.execute(sql`
    with ${perItem}, ${ranked},
    totals as (select count(*)::int as items, coalesce(sum(total), 0)::float8 as views from ranked),
    page as (
      select id, total from ranked order by total ${order}, id asc limit ${request.limit} offset ${request.offset}
    )
    select totals.items, totals.views, page.id, page.total::float8 as total,
           coalesce(t.name, '') as title, coalesce(${image}, '') as image
    from totals
    left join page on true
    ${titles}
    order by page.total ${order}, page.id asc`)) as unknown as {
    rows: {
      items: number;
      views: number;
      id: number | null;
      total: number | null;
      title: string;
      image: string;
    }[];
  };
  const first = result.rows[0];
  return {
    items: first?.items ?? 0,
    views: Number(first?.views ?? 0),
    rows: result.rows
      .filter((row) => row.id !== null)
      .map((row) => ({
        id: Number(row.id),
        title: row.title,
        image: row.image,
        total: Number(row.total),
      })),
  };
}
