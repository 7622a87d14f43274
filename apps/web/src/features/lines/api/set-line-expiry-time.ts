import { useMutation, useQueryClient } from '@tanstack/react-query';
import { lineSchema, type Line } from '@panel/shared/lines/line-api';
import { apiRequest } from '@/lib/api-client';
import { refreshAfterLineChange } from '@/lib/queries/line-refresh';

/** POST /api/users/:id/set-expiry-time: the expiry moves to 23:59 of its own panel day (free; not trials). */
export async function setLineExpiryTime(id: number): Promise<Line> {
  return apiRequest(`/users/${id}/set-expiry-time`, lineSchema, { method: 'POST' });
}

export function useSetLineExpiryTime() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setLineExpiryTime,
    onSuccess: () => refreshAfterLineChange(queryClient),
  });
}
