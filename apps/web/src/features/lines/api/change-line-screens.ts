import { useMutation, useQueryClient } from '@tanstack/react-query';
import { lineActionResultSchema, type LineActionResult } from '@panel/shared/lines/line-api';
import { apiRequest } from '@/lib/api-client';
import { refreshAfterPaidLineAction } from '@/lib/queries/line-refresh';

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
  return apiRequest(`/users/${id}/screens`, lineActionResultSchema, { method: 'POST', body: { screens } });
}

export function useChangeLineScreens() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changeLineScreens,
    meta: { silentError: true },
    onSuccess: () => refreshAfterPaidLineAction(queryClient),
  });
}
