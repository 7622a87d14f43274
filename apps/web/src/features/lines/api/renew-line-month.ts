import { useMutation, useQueryClient } from '@tanstack/react-query';
import { lineActionResultSchema, type LineActionResult } from '@panel/shared/lines/line-api';
import { apiRequest } from '@/lib/api-client';
import { useRefreshBalance } from '@/lib/balance-refresh';
import { linesQueryKeys } from './list-lines';

/**
 * POST /api/users/:id/renew: one calendar month, one credit per screen (the server charges it).
 * `convertTrial`: the reseller confirmed turning a trial into a paid line (decision 0027).
 */
export async function renewLineMonth({
  id,
  convertTrial,
}: {
  id: number;
  convertTrial: boolean;
}): Promise<LineActionResult> {
  const body = await apiRequest<unknown>(`/users/${id}/renew`, {
    method: 'POST',
    body: convertTrial ? { months: 1, convert_trial: true } : { months: 1 },
  });
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
