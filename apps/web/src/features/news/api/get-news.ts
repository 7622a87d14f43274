import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '@/lib/api-client';

/** GET /api/news (api-contract-foundation). */
export const newsSchema = z.object({ message: z.string(), show_modal_message: z.boolean() });
export type News = z.infer<typeof newsSchema>;

export async function getNews(signal?: AbortSignal): Promise<News> {
  return newsSchema.parse(await apiRequest<unknown>('/news', { signal }));
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
