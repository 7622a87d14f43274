import {
  TOP_VIEWED_ROWS,
  TOP_VIEWED_ROWS_ADMIN,
  viewsPercentage,
  type AnalyticsList,
  type AnalyticsPeriod,
  type AnalyticsQuery,
  type TopViewed,
  type TopViewedQuery,
  type TopViewedRow,
} from '@panel/shared/analytics/analytics-api';
import { listMeta } from '@panel/shared/lists/list-query';
import type { Database } from '../../db/database';
import type { Caller } from '../auth/caller';
import { rankViews } from './views-ranking.repository';
import { viewDay } from './views.repository';

const DAY_MS = 86_400_000;

/** A period of N days: today (UTC) and the N - 1 days before it. */
function periodDays(period: AnalyticsPeriod, now: number): { from: string; to: string } {
  return { from: viewDay(new Date(now - (period - 1) * DAY_MS)), to: viewDay(new Date(now)) };
}

/**
 * GET /api/analytics/views (docs/product/screens.md#analytics): the library's views, not a subtree's —
 * views are counted per item, not per reseller. Admins and publishers read it.
 */
export async function analyticsViews(db: Database, query: AnalyticsQuery): Promise<AnalyticsList> {
  const ranking = await rankViews(db, {
    type: query.type,
    ...periodDays(query.period, Date.now()),
    direction: query.order_by.direction,
    limit: query.per,
    offset: (query.page - 1) * query.per,
  });
  return {
    data: ranking.rows.map((row) => ({ ...row, percentage: viewsPercentage(row.total, ranking.views) })),
    meta: listMeta(query.page, query.per, ranking.items),
  };
}

/**
 * The dashboard's charts are the same for every caller and are read on every dashboard view, so the
 * admin-sized answer (10 rows a chart) is kept 60 s per period and day, per database; a non-admin gets its
 * first 5 rows (decision 0047).
 */
const TOP_VIEWED_TTL_MS = 60_000;
type Charts = { movies: TopViewedRow[]; series: TopViewedRow[] };
const chartCache = new WeakMap<Database, Map<string, { at: number; charts: Promise<Charts> }>>();

async function readCharts(db: Database, period: AnalyticsPeriod, now: number): Promise<Charts> {
  const days = periodDays(period, now);
  const top = (type: 'streams' | 'series') =>
    rankViews(db, { type, ...days, direction: 'desc', limit: TOP_VIEWED_ROWS_ADMIN, offset: 0 });
  const [movies, series] = await Promise.all([top('streams'), top('series')]);
  return { movies: movies.rows, series: series.rows };
}

/** GET /api/dashboard/top-viewed: the most viewed movies and series (docs/product/screens.md#dashboard). */
export async function topViewed(db: Database, caller: Caller, query: TopViewedQuery): Promise<TopViewed> {
  const now = Date.now();
  const cache = chartCache.get(db) ?? new Map<string, { at: number; charts: Promise<Charts> }>();
  chartCache.set(db, cache);
  const key = `${query.period}:${viewDay(new Date(now))}`;
  let entry = cache.get(key);
  if (!entry || now - entry.at >= TOP_VIEWED_TTL_MS) {
    for (const [staleKey, stale] of cache) if (now - stale.at >= TOP_VIEWED_TTL_MS) cache.delete(staleKey);
    entry = { at: now, charts: readCharts(db, query.period, now) };
    cache.set(key, entry);
    // A failed read is not kept: the next view tries again.
    entry.charts.catch(() => cache.delete(key));
  }
  const charts = await entry.charts;
  const rows = caller.role === 'admin' ? TOP_VIEWED_ROWS_ADMIN : TOP_VIEWED_ROWS;
  return { period: query.period, movies: charts.movies.slice(0, rows), series: charts.series.slice(0, rows) };
}
