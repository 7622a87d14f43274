import { queryOptions, useQuery } from '@tanstack/react-query';
import { screensPolicySchema, type ScreensPolicy } from '@panel/shared/online/screens-policy';
import { apiRequest } from '@/lib/api-client';
import { QUERY_ROOTS } from '@/lib/queries/query-keys';

/** GET /api/users/screens-policy: how the server holds and frees screens (decision 0062). */
export function getScreensPolicy(signal?: AbortSignal): Promise<ScreensPolicy> {
  return apiRequest('/users/screens-policy', screensPolicySchema, { signal });
}

export const screensPolicyQueryOptions = () =>
  queryOptions({
    queryKey: [...QUERY_ROOTS.lines, 'screens-policy'],
    queryFn: ({ signal }) => getScreensPolicy(signal),
    // The dialog's policy block shows the failure itself, with 'Tentar novamente'.
    meta: { silentError: true },
    staleTime: 5 * 60_000,
  });

export function useScreensPolicy() {
  return useQuery(screensPolicyQueryOptions());
}
