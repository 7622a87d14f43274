import { queryOptions, useQuery } from '@tanstack/react-query';
import { complementsSchema, type Complements } from '@panel/shared/catalog/catalog-api';
import { apiRequest } from '@/lib/api-client';

/** GET /api/complements: here only for the packages a line can be renewed with. */
export async function getComplements(signal?: AbortSignal): Promise<Complements> {
  const body = await apiRequest<unknown>('/complements', { signal });
  return complementsSchema.parse(body);
}

export const complementsQueryOptions = () =>
  queryOptions({
    queryKey: ['complements'],
    queryFn: ({ signal }) => getComplements(signal),
    // Packages and settings change rarely; one load serves every renewal of the visit.
    staleTime: 5 * 60_000,
  });

export function useComplements() {
  return useQuery(complementsQueryOptions());
}
