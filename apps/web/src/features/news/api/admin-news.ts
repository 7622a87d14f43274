import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { adminNewsSchema, type AdminNews, type NewsUpdate } from '@panel/shared/news/news-schema';
import { apiRequest } from '@/lib/api-client';
import { newsQueryOptions } from './get-news';

const ADMIN_NEWS_KEY = ['news', 'admin'] as const;

/** GET /api/admin/news: the message and the pop-up switch as the admin set them. */
export async function getAdminNews(signal?: AbortSignal): Promise<AdminNews> {
  return apiRequest('/admin/news', adminNewsSchema, { signal });
}

export function useAdminNews() {
  return useQuery(
    queryOptions({
      queryKey: ADMIN_NEWS_KEY,
      queryFn: ({ signal }) => getAdminNews(signal),
      // The page shows a failed load itself, with 'Tentar novamente'.
      meta: { silentError: true },
    }),
  );
}

/** PUT /api/admin/news: message and switch in one request; the answer holds the sanitised message. */
async function saveNews(update: NewsUpdate): Promise<AdminNews> {
  return apiRequest('/admin/news', adminNewsSchema, { method: 'PUT', body: update });
}

export function useSaveNews() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveNews,
    meta: { silentError: true },
    onSuccess: async (saved) => {
      queryClient.setQueryData(ADMIN_NEWS_KEY, saved);
      await queryClient.invalidateQueries({ queryKey: newsQueryOptions().queryKey, exact: true });
    },
  });
}
