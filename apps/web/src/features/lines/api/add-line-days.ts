import { useMutation, useQueryClient } from '@tanstack/react-query';
import { lineActionResultSchema, type LineActionResult } from '@panel/shared/lines/line-api';
import { apiRequest } from '@/lib/api-client';
import { useRefreshBalance } from '@/lib/balance-refresh';
import { linesQueryKeys } from './list-lines';

/** POST /api/users/:id/add-days { days: 1..3 }: the P2P extension, days / 30 credits. */
export async function addLineDays({ id, days }: { id: number; days: number }): Promise<LineActionResult> {
  return lineActionResultSchema.parse(
    await apiRequest<unknown>(`/users/${id}/add-days`, { method: 'POST', body: { days } }),
  );
}

export function useAddLineDays() {
  const queryClient = useQueryClient();
  const refreshBalance = useRefreshBalance();
  return useMutation({
    mutationFn: addLineDays,
    meta: { silentError: true },
    onSuccess: async () => {
      refreshBalance();
      await queryClient.invalidateQueries({ queryKey: linesQueryKeys.all });
    },
  });
}
