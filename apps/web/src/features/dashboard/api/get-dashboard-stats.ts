import { queryOptions, useQuery } from '@tanstack/react-query';
import { dashboardStatsSchema, type DashboardStats } from '@panel/shared/dashboard/dashboard-api';
import { apiRequest } from '@/lib/api-client';
import { QUERY_ROOTS } from '@/lib/queries/query-keys';

/** Every dashboard query lives under this key: any line change invalidates it whole (lib/queries/line-refresh). */
export const DASHBOARD_KEY = QUERY_ROOTS.dashboard;

/** GET /api/dashboard/stats: the counters of the caller's subtree. */
export async function getDashboardStats(signal?: AbortSignal): Promise<DashboardStats> {
  return apiRequest('/dashboard/stats', dashboardStatsSchema, { signal });
}

export const dashboardStatsQueryOptions = () =>
  queryOptions({
    queryKey: [...DASHBOARD_KEY, 'stats'],
    queryFn: ({ signal }) => getDashboardStats(signal),
  });

export function useDashboardStats() {
  return useQuery(dashboardStatsQueryOptions());
}
