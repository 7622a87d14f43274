import { queryOptions, useQuery } from '@tanstack/react-query';
import {
  contentSourceListSchema,
  type ContentSource,
} from '@panel/shared/content-sources/content-sources-api';
import { apiRequest } from '@/lib/api-client';
import { CONTENT_KEYS } from './content-source-keys';

/** GET /api/admin/content/sources: every source (a handful; not paged). */
export async function listContentSources(signal?: AbortSignal): Promise<ContentSource[]> {
  const answer = await apiRequest('/admin/content/sources', contentSourceListSchema, { signal });
  return answer.data;
}

export const contentSourcesQueryOptions = () =>
  queryOptions({
    queryKey: CONTENT_KEYS.sources,
    queryFn: ({ signal }) => listContentSources(signal),
    // The screen shows a failed list itself, with 'Tentar novamente'.
    meta: { silentError: true },
  });

export function useContentSources() {
  return useQuery(contentSourcesQueryOptions());
}
