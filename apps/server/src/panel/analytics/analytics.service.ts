import {
  TOP_VIEWED_ROWS,
  TOP_VIEWED_ROWS_ADMIN,
  viewsPercentage,
  type AnalyticsList,
  type AnalyticsPeriod,
  type AnalyticsQuery,
  type AnalyticsType,
  type TopViewed,
  type TopViewedQuery,
  type TopViewedRow,
} from '@panel/shared/analytics/analytics-api';
import { listMeta } from '@panel/shared/lists/list-query';
import type { Database } from '../../db/database';
import type { Caller } from '../auth/caller';
import {
  itemTitles,
  rankItems,
  removalStatuses,
  type ItemViews,
  type RankingPeriod,
} from './analytics-ranking.repository';
import { viewDay } from '../../delivery/for-panel';

const DAY_MS = 86_400_000;

/**
 * Summing a period costs one pass over its rows (items viewed × days): ~0.2 s for 2,000 items a day over
 * 90 days, ~1 s for 20,000. A ranking of at least LARGE_RANKING_ITEMS items is kept 60 s per database,
 * type, period and day, so paging, turning the order and every reseller's dashboard read it once a minute;
 * smaller ones are summed exactly on every read (decision 0047).
 */
const LARGE_RANKING_ITEMS = 2_000;
const RANKING_TTL_MS = 60_000;

interface Ranking {
  /** Most viewed first, id breaking ties. */
  items: ItemViews[];
  /** All views of the type in the period. */
  views: number;
}
type Kept = { at: number; ranking: Promise<Ranking> };
const rankings = new WeakMap<Database, Map<string, Kept>>();

async function sumRanking(db: Database, period: RankingPeriod): Promise<Ranking> {
  const items = await rankItems(db, period);
  return { items, views: items.reduce((sum, item) => sum + item.total, 0) };
}

/**
 * A period of N days: today (UTC) and the N - 1 days before it. Readers arriving while a ranking is being
 * summed share that one read; once done, it is kept only when large.
 */
function rankingOf(db: Database, type: AnalyticsType, period: AnalyticsPeriod): Promise<Ranking> {
  const now = Date.now();
  const from = viewDay(new Date(now - (period - 1) * DAY_MS));
  const to = viewDay(new Date(now));
  const cache = rankings.get(db) ?? new Map<string, Kept>();
  rankings.set(db, cache);
  const key = `${type}:${from}:${to}`;
  const kept = cache.get(key);
  if (kept && now - kept.at < RANKING_TTL_MS) return kept.ranking;
  for (const [staleKey, stale] of cache) if (now - stale.at >= RANKING_TTL_MS) cache.delete(staleKey);
  const entry: Kept = { at: now, ranking: sumRanking(db, { type, from, to }) };
  cache.set(key, entry);
  const forget = () => {
    if (cache.get(key) === entry) cache.delete(key);
  };
  entry.ranking.then((ranking) => {
    if (ranking.items.length < LARGE_RANKING_ITEMS) forget();
  }, forget);
  return entry.ranking;
}

/** Drops the kept rankings: an item was removed for good and must leave them now (decision 0056). */
export function forgetRankings(db: Database): void {
  rankings.get(db)?.clear();
}

async function withTitles(db: Database, type: AnalyticsType, items: readonly ItemViews[]) {
  const titles = await itemTitles(
    db,
    type,
    items.map((item) => item.id),
  );
  return items.map((item) => ({ ...item, title: '', image: '', ...titles.get(item.id) }));
}

/**
 * GET /api/analytics/views (docs/product/screens.md#analytics): the library's views, not a subtree's —
 * views are counted per item, not per reseller. Admins and publishers read it.
 */
export async function analyticsViews(db: Database, query: AnalyticsQuery): Promise<AnalyticsList> {
  const ranking = await rankingOf(db, query.type, query.period);
  const ordered =
    query.order_by.direction === 'desc'
      ? ranking.items
      : ranking.items.toSorted((a, b) => a.total - b.total || a.id - b.id);
  const start = (query.page - 1) * query.per;
  const rows = await withTitles(db, query.type, ordered.slice(start, start + query.per));
  // Read on every page, not kept with the ranking: the trash action shows at once (decision 0057).
  const statuses = await removalStatuses(
    db,
    query.type === 'series' ? 'series' : 'streams',
    rows.map((row) => row.id),
  );
  return {
    data: rows.map((row) => ({
      id: row.id,
      title: row.title,
      image: row.image,
      total: row.total,
      percentage: viewsPercentage(row.total, ranking.views),
      removal_status: statuses.get(row.id) ?? null,
    })),
    meta: listMeta(query.page, query.per, ranking.items.length),
  };
}

/**
 * GET /api/dashboard/top-viewed: the most viewed movies and series of the whole library
 * (docs/product/screens.md#dashboard), 10 rows each for admins, 5 for everyone else.
 */
export async function topViewed(db: Database, caller: Caller, query: TopViewedQuery): Promise<TopViewed> {
  const rows = caller.role === 'admin' ? TOP_VIEWED_ROWS_ADMIN : TOP_VIEWED_ROWS;
  const chart = async (type: 'streams' | 'series'): Promise<TopViewedRow[]> => {
    const ranking = await rankingOf(db, type, query.period);
    const top = await withTitles(db, type, ranking.items.slice(0, rows));
    return top.map(({ id, title, image, total }) => ({ id, title, image, total }));
  };
  return { period: query.period, movies: await chart('streams'), series: await chart('series') };
}
