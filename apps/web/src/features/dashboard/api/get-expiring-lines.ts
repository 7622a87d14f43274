import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { expiringLinesSchema, type ExpiringLines } from '@panel/shared/dashboard/dashboard-api';
import { apiRequest } from '@/lib/api-client';
import { DASHBOARD_KEY } from './get-dashboard-stats';

/** GET /api/dashboard/expiring: at most 5 lines expiring within 7 days, not yet expired, soonest first. */
export async function getExpiringLines(signal?: AbortSignal): Promise<ExpiringLines> {
  const body = await apiRequest<unknown>('/dashboard/expiring', { signal });
  return expiringLinesSchema.parse(body);
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

/**
 * A renewed line leaves the list at once (a renewal adds at least a month, past the 7-day window); the
 * refetch that follows brings the next line in, if any.
 */
export function dropExpiringLine(queryClient: QueryClient, lineId: number): void {
  queryClient.setQueryData(expiringLinesQueryOptions().queryKey, (current) =>
    current ? { data: current.data.filter((line) => line.id !== lineId) } : current,
  );
}
