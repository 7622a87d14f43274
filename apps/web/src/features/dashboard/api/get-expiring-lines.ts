import { queryOptions, useQuery } from '@tanstack/react-query';
import { expiringLinesSchema, type ExpiringLines } from '@panel/shared/dashboard/dashboard-api';
import { apiRequest } from '@/lib/api-client';
import { DASHBOARD_KEY } from './get-dashboard-stats';

/** GET /api/dashboard/expiring: at most 5 lines expiring within 7 days, not yet expired, soonest first. */
export async function getExpiringLines(signal?: AbortSignal): Promise<ExpiringLines> {
  return apiRequest('/dashboard/expiring', expiringLinesSchema, { signal });
}

export const expiringLinesQueryOptions = () =>
  queryOptions({
    queryKey: [...DASHBOARD_KEY, 'expiring'],
    queryFn: ({ signal }) => getExpiringLines(signal),
    // The card shows its own failure and a retry (DataTable `error`).
    meta: { silentError: true },
  });

export function useExpiringLines() {
  return useQuery(expiringLinesQueryOptions());
}
