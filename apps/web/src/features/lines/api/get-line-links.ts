import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PlaylistLinks } from '@panel/shared/content/playlist-links';
import type { Line } from '@panel/shared/lines/line-api';
import { lineLinksResponseSchema } from '@panel/shared/lines/line-links';
import { apiRequest } from '@/lib/api-client';
import { QUERY_ROOTS } from '@/lib/queries/query-keys';

/** GET /api/users/:id/links: the line's player API base, M3U, M3U Plus, HLS and EPG addresses. */
export async function getLineLinks(id: Line['id'], signal?: AbortSignal): Promise<PlaylistLinks> {
  const answer = await apiRequest(`/users/${id}/links`, lineLinksResponseSchema, { signal });
  return answer.links;
}

/** Under the lines root: a change of username or password (edit, hybrid transfer) asks for them again. */
export const lineLinksQueryOptions = (id: Line['id']) =>
  queryOptions({
    queryKey: [...QUERY_ROOTS.lines, 'links', id],
    queryFn: ({ signal }) => getLineLinks(id, signal),
    // The links block shows the failure itself, with 'Tentar novamente'.
    meta: { silentError: true },
  });

export function useLineLinks(id: Line['id']) {
  return useQuery(lineLinksQueryOptions(id));
}
