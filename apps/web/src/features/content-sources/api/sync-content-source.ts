import { useMutation, useQueryClient } from '@tanstack/react-query';
import { contentSourceSchema, type ContentSource } from '@panel/shared/content/content-sources-api';
import { apiRequest } from '@/lib/api-client';
import { replaceSource } from './replace-source';

/** POST /api/admin/content/sources/:id/sync: 202 with the source, now running; 409 when it already is. */
export async function syncContentSource(id: number): Promise<ContentSource> {
  return apiRequest(`/admin/content/sources/${id}/sync`, contentSourceSchema, { method: 'POST' });
}

export function useSyncContentSource() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: syncContentSource,
    // The list shows the source running at once, which starts following it (useSyncPolling).
    onSuccess: (source) => replaceSource(queryClient, source),
  });
}
