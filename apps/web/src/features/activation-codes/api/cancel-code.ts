import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  cancelCodeResultSchema,
  type CancelCodeResult,
} from '@panel/shared/activation-codes/activation-codes-api';
import { apiRequest } from '@/lib/api-client';
import { useRefreshBalance } from '@/lib/queries/profile-query';
import { ACTIVATION_CODE_KEYS } from './activation-code-keys';

/** POST /api/activation-codes/:id/cancel: an unused code stops working and its price comes back. */
export function cancelCode(id: number): Promise<CancelCodeResult> {
  return apiRequest(`/activation-codes/${id}/cancel`, cancelCodeResultSchema, { method: 'POST' });
}

export function useCancelCode() {
  const queryClient = useQueryClient();
  const refreshBalance = useRefreshBalance();
  return useMutation({
    mutationFn: cancelCode,
    meta: { silentError: true },
    onSuccess: () => {
      refreshBalance();
      return queryClient.invalidateQueries({ queryKey: ACTIVATION_CODE_KEYS.all });
    },
  });
}
