import { useMutation, useQueryClient } from '@tanstack/react-query';
import { lineResyncResultSchema, type LineResyncResult } from '@panel/shared/lines/line-api';
import { apiRequest } from '@/lib/api-client';
import { refreshAfterLineChange } from '@/lib/queries/line-refresh';

/**
 * POST /api/users/:id/resync_p2p or /resync_hybrid: pushes the line's state to its service now. 503
 * (`service_unavailable`) carries the plain "not configured" sentence; nothing is queued then.
 */
export async function resyncLine({ id, system }: { id: number; system: 2 | 3 }): Promise<LineResyncResult> {
  const path = system === 2 ? 'resync_p2p' : 'resync_hybrid';
  return apiRequest(`/users/${id}/${path}`, lineResyncResultSchema, { method: 'POST' });
}

export function useResyncLine() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resyncLine,
    // The row menu shows a 503 as a warning with the server's own sentence.
    meta: { silentError: true },
    onSuccess: () => refreshAfterLineChange(queryClient),
  });
}
