import { queryOptions, useQuery } from '@tanstack/react-query';
import { catalogWorkSchema, type CatalogWork } from '@panel/shared/dashboard/catalog-work';
import { apiRequest } from '@/lib/api-client';
import { DASHBOARD_KEY } from './get-dashboard-stats';

/** GET /api/dashboard/catalog: the publisher's requests by status and its queue (decision 0068). */
export async function getCatalogWork(signal?: AbortSignal): Promise<CatalogWork> {
  return apiRequest('/dashboard/catalog', catalogWorkSchema, { signal });
}

export const catalogWorkQueryOptions = () =>
  queryOptions({
    queryKey: [...DASHBOARD_KEY, 'catalog'],
    queryFn: ({ signal }) => getCatalogWork(signal),
    // The dashboard shows its own failure and a retry, once.
    meta: { silentError: true },
    // A request edited on /requests/catalog moves between these counts: read again on each visit.
    staleTime: 0,
  });

export function useCatalogWork() {
  return useQuery(catalogWorkQueryOptions());
}
