import { queryOptions, useQuery } from '@tanstack/react-query';
import { importantMessageSchema, type ImportantMessage } from '@panel/shared/news/news-schema';
import { apiRequest } from '@/lib/api-client';

/** GET /api/news (api-contract-foundation). */
export type News = ImportantMessage;

export async function getNews(signal?: AbortSignal): Promise<News> {
  return apiRequest('/news', importantMessageSchema, { signal });
}

export const newsQueryOptions = () =>
  queryOptions({
    queryKey: ['news'],
    queryFn: ({ signal }) => getNews(signal),
    staleTime: 5 * 60_000,
    // A missing notice must not bother anyone with an error toast.
    meta: { silentError: true },
  });

export function useNews() {
  return useQuery(newsQueryOptions());
}
