import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { searchOptionSchema, type SearchOption } from '@panel/shared/lists/list-query';
import { apiRequest } from '@/lib/api-client';

const optionsSchema = z.array(searchOptionSchema);

/** POST /api/resellers/select_search: at most 20 `{ label: username, value: id }` of the caller's scope. */
export async function searchResellerOptions(search: string, signal?: AbortSignal): Promise<SearchOption[]> {
  return apiRequest('/resellers/select_search', optionsSchema, { method: 'POST', body: { search }, signal });
}

/** Under `['resellers']`, so every reseller change (create, delete, transfer) refreshes the options too. */
export const resellerOptionsQueryOptions = (search: string) =>
  queryOptions({
    queryKey: ['resellers', 'select-search', search],
    queryFn: ({ signal }) => searchResellerOptions(search, signal),
    placeholderData: keepPreviousData,
  });

export function useResellerOptions(search: string) {
  return useQuery(resellerOptionsQueryOptions(search));
}
