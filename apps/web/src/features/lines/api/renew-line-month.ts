import { useMutation, useQueryClient } from '@tanstack/react-query';
import { lineActionResultSchema, type LineActionResult } from '@panel/shared/lines/line-api';
import { apiRequest } from '@/lib/api-client';
import { useRefreshBalance } from '@/lib/balance-refresh';
import { linesQueryKeys } from './list-lines';

/** POST /api/users/:id/renew: one calendar month, one credit per screen (the server charges it). */
export async function renewLineMonth(id: number): Promise<LineActionResult> {
  const body = await apiRequest<unknown>(`/users/${id}/renew`, { method: 'POST', body: { months: 1 } });
  return lineActionResultSchema.parse(body);
}

export function useRenewLineMonth() {
  const queryClient = useQueryClient();
  const refreshBalance = useRefreshBalance();
  return useMutation({
    mutationFn: renewLineMonth,
    onSuccess: async () => {
      refreshBalance();
      await queryClient.invalidateQueries({ queryKey: linesQueryKeys.all });
    },
  });
}
