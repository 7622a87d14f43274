import { queryOptions, useQuery } from '@tanstack/react-query';
import { topViewedSchema, type TopViewed } from '@panel/shared/analytics/analytics-api';
import { apiRequest } from '@/lib/api-client';

/**
 * GET /api/dashboard/top-viewed: the library's most viewed movies and series of the last 7 days, 10 each
 * for admins, 5 for everyone else (decision 0047).
 */
export async function getTopViewed(signal?: AbortSignal): Promise<TopViewed> {
  return apiRequest('/dashboard/top-viewed', topViewedSchema, { signal });
}

export const topViewedQueryOptions = () =>
  queryOptions({
    // Not under the dashboard's root: a line action refreshes that root, and views do not follow lines.
    queryKey: ['analytics', 'top-viewed'],
    queryFn: ({ signal }) => getTopViewed(signal),
    // Views move slowly and the server keeps large rankings a minute (decision 0047).
    staleTime: 60_000,
    // Each chart card shows its own failure and a retry.
    meta: { silentError: true },
  });

export function useTopViewed() {
  return useQuery(topViewedQueryOptions());
}
