import { useMutation, useQueryClient } from '@tanstack/react-query';
import { lineSchema, type Line } from '@panel/shared/lines/line-api';
import { apiRequest } from '@/lib/api-client';
import { refreshAfterLineChange } from '@/lib/queries/line-refresh';

/** POST /api/users/:id/block or /unblock (no body, so no JSON content type). */
export async function setLineStatus({ id, blocked }: { id: number; blocked: boolean }): Promise<Line> {
  return apiRequest(`/users/${id}/${blocked ? 'block' : 'unblock'}`, lineSchema, { method: 'POST' });
}

export function useSetLineStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setLineStatus,
    onSuccess: () => refreshAfterLineChange(queryClient),
  });
}
