import { useMutation, useQueryClient } from '@tanstack/react-query';
import { contentSourceSchema, type ContentSource } from '@panel/shared/content-sources/content-sources-api';
import { apiRequest } from '@/lib/api-client';
import { CONTENT_KEYS } from './content-source-keys';
import { replaceSource } from './replace-source';

/** POST /api/admin/content/sources/:id/sync: 202 with the source, now running; 409 when it already is. */
export async function syncContentSource(id: number): Promise<ContentSource> {
  return apiRequest(`/admin/content/sources/${id}/sync`, contentSourceSchema, { method: 'POST' });
}

export function useSyncContentSource() {
  const queryClient = useQueryClient();
  return useMutation({
    // The screen says why a call was refused (showContentActionError).
    meta: { silentError: true },
    mutationFn: syncContentSource,
    // The list shows the source running at once, which starts following it (useSyncPolling).
    onSuccess: (source) => replaceSource(queryClient, source),
    // 409: it is running already (another tab, the schedule): the list asked again shows it running.
    onError: () => queryClient.invalidateQueries({ queryKey: CONTENT_KEYS.sources }),
  });
}
