import { queryOptions, useQuery } from '@tanstack/react-query';
import {
  titleSearchAnswerSchema,
  titleSearchStatusSchema,
  type TitleSearchResult,
} from '@panel/shared/catalog-requests/catalog-requests-api';
import { apiRequest } from '@/lib/api-client';
import { toQueryString } from '@/lib/query-string';
import { CATALOG_REQUEST_KEYS } from './catalog-request-keys';

/** GET /api/catalog/search: the server asks the metadata service (its key never reaches the browser). */
export async function searchTitles(query: string, signal?: AbortSignal): Promise<TitleSearchResult[]> {
  return (await apiRequest(`/catalog/search${toQueryString({ query })}`, titleSearchAnswerSchema, { signal }))
    .results;
}

/** The search of the text typed (already debounced); nothing is asked for an empty text. */
export function useTitleSearch(query: string) {
  return useQuery({
    ...queryOptions({
      queryKey: [...CATALOG_REQUEST_KEYS.search, query],
      queryFn: ({ signal }) => searchTitles(query, signal),
      staleTime: 60_000,
    }),
    enabled: query.trim() !== '',
    retry: false,
    meta: { silentError: true },
  });
}

/** GET /api/catalog/search/status: whether the title search is configured on this server. */
export async function getSearchStatus(signal?: AbortSignal): Promise<{ configured: boolean }> {
  return apiRequest('/catalog/search/status', titleSearchStatusSchema, { signal });
}

export function useSearchStatus() {
  return useQuery({
    queryKey: CATALOG_REQUEST_KEYS.searchStatus,
    queryFn: ({ signal }) => getSearchStatus(signal),
    staleTime: Infinity,
  });
}
