import { queryOptions, useQuery } from '@tanstack/react-query';
import { dashboardStatsSchema, type DashboardStats } from '@panel/shared/dashboard/dashboard-api';
import { apiRequest } from '@/lib/api-client';

/** Every dashboard query lives under this key: a renewal invalidates it whole (counters and list). */
export const DASHBOARD_KEY = ['dashboard'] as const;

/** GET /api/dashboard/stats: the counters of the caller's subtree. */
export async function getDashboardStats(signal?: AbortSignal): Promise<DashboardStats> {
  const body = await apiRequest<unknown>('/dashboard/stats', { signal });
  return dashboardStatsSchema.parse(body);
}

export const dashboardStatsQueryOptions = () =>
  queryOptions({
    queryKey: [...DASHBOARD_KEY, 'stats'],
    queryFn: ({ signal }) => getDashboardStats(signal),
  });

export function useDashboardStats() {
  return useQuery(dashboardStatsQueryOptions());
}
