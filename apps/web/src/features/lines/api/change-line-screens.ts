import { useMutation, useQueryClient } from '@tanstack/react-query';
import { lineActionResultSchema, type LineActionResult } from '@panel/shared/lines/line-api';
import { apiRequest } from '@/lib/api-client';
import { useRefreshBalance } from '@/lib/balance-refresh';
import { linesQueryKeys } from './list-lines';

/**
 * POST /api/users/:id/screens { screens }: a signed change. More screens cost added × months left;
 * fewer cost nothing (no refund).
 */
export async function changeLineScreens({
  id,
  screens,
}: {
  id: number;
  screens: number;
}): Promise<LineActionResult> {
  return lineActionResultSchema.parse(
    await apiRequest<unknown>(`/users/${id}/screens`, { method: 'POST', body: { screens } }),
  );
}

export function useChangeLineScreens() {
  const queryClient = useQueryClient();
  const refreshBalance = useRefreshBalance();
  return useMutation({
    mutationFn: changeLineScreens,
    meta: { silentError: true },
    onSuccess: async () => {
      refreshBalance();
      await queryClient.invalidateQueries({ queryKey: linesQueryKeys.all });
    },
  });
}
