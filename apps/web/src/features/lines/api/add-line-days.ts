import { useMutation, useQueryClient } from '@tanstack/react-query';
import { lineActionResultSchema, type LineActionResult } from '@panel/shared/lines/line-api';
import { apiRequest } from '@/lib/api-client';
import { refreshAfterPaidLineAction } from '@/lib/queries/line-refresh';

/** POST /api/users/:id/add-days { days: 1..3 }: the P2P extension, days / 30 credits. */
export async function addLineDays({ id, days }: { id: number; days: number }): Promise<LineActionResult> {
  return apiRequest(`/users/${id}/add-days`, lineActionResultSchema, { method: 'POST', body: { days } });
}

export function useAddLineDays() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addLineDays,
    meta: { silentError: true },
    onSuccess: () => refreshAfterPaidLineAction(queryClient),
  });
}
