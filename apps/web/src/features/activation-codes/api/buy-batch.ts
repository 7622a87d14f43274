import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  buyBatchResultSchema,
  type BuyBatchInput,
  type BuyBatchResult,
} from '@panel/shared/activation-codes/activation-codes-api';
import { apiRequest } from '@/lib/api-client';
import { useRefreshBalance } from '@/lib/queries/profile-query';
import { ACTIVATION_CODE_KEYS } from './activation-code-keys';

/** POST /api/activation-batches: buys a batch; the answer says what it cost and the balance after. */
export function buyBatch(input: BuyBatchInput): Promise<BuyBatchResult> {
  return apiRequest('/activation-batches', buyBatchResultSchema, { method: 'POST', body: input });
}

export function useBuyBatch() {
  const queryClient = useQueryClient();
  const refreshBalance = useRefreshBalance();
  return useMutation({
    mutationFn: buyBatch,
    meta: { silentError: true },
    onSuccess: () => {
      refreshBalance();
      return queryClient.invalidateQueries({ queryKey: ACTIVATION_CODE_KEYS.all });
    },
  });
}
