import { useQuery } from '@tanstack/react-query';
import { contentSourceSchema, type ContentSource } from '@panel/shared/content-sources/content-sources-api';
import { apiRequest } from '@/lib/api-client';
import { CONTENT_KEYS } from './content-source-keys';

/** How often a running sync is asked about (docs/product/screens.md#content-sources). */
export const SYNC_POLL_MS = 1000;

/** GET /api/admin/content/sources/:id: one source, with its sync status and progress. */
export async function getContentSource(id: number, signal?: AbortSignal): Promise<ContentSource> {
  return apiRequest(`/admin/content/sources/${id}`, contentSourceSchema, { signal });
}

/**
 * Follows a running sync: asks every second while the answer says `running`, then stops. Enabled only
 * while the list shows the source running.
 */
export function useSyncPolling(id: number, running: boolean) {
  return useQuery({
    queryKey: CONTENT_KEYS.source(id),
    queryFn: ({ signal }) => getContentSource(id, signal),
    enabled: running,
    staleTime: 0,
    refetchInterval: (query) => (query.state.data?.sync_status === 'running' ? SYNC_POLL_MS : false),
    // A missed tick is asked again a second later; the card keeps the last progress meanwhile.
    meta: { silentError: true },
  });
}
