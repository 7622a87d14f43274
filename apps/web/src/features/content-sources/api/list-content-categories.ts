import { useQuery } from '@tanstack/react-query';
import {
  contentCategoryListSchema,
  type ContentCategory,
} from '@panel/shared/content-sources/content-sources-api';
import type { CategoryKind } from '@panel/shared/content/stream-kinds';
import { apiRequest } from '@/lib/api-client';
import { CONTENT_KEYS } from './content-source-keys';

/** GET /api/admin/content/categories?kind=: the library's categories of one kind with their bouquets. */
export async function listContentCategories(
  kind: CategoryKind,
  signal?: AbortSignal,
): Promise<ContentCategory[]> {
  const answer = await apiRequest(`/admin/content/categories?kind=${kind}`, contentCategoryListSchema, {
    signal,
  });
  return answer.data;
}

export function useContentCategories(kind: CategoryKind) {
  return useQuery({
    queryKey: CONTENT_KEYS.categories(kind),
    queryFn: ({ signal }) => listContentCategories(kind, signal),
    meta: { silentError: true },
  });
}
