import { useMutation, useQueryClient } from '@tanstack/react-query';
import { lineActionResultSchema, type LineActionResult } from '@panel/shared/lines/line-api';
import { apiRequest } from '@/lib/api-client';
import { refreshAfterPaidLineAction } from '@/lib/queries/line-refresh';

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
  return apiRequest(`/users/${id}/renew`, lineActionResultSchema, {
    method: 'POST',
    body: convertTrial ? { months: 1, convert_trial: true } : { months: 1 },
  });
}

export function useRenewLineMonth() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: renewLineMonth,
    onSuccess: () => refreshAfterPaidLineAction(queryClient),
  });
}
