import { useMutation, useQueryClient } from '@tanstack/react-query';
import { resellerSchema, type Reseller } from '@panel/shared/resellers/reseller-schema';
import type { TransferResellerInput } from '@panel/shared/resellers/transfer-reseller-schema';
import { apiRequest } from '@/lib/api-client';
import { RESELLERS_KEY } from './list-resellers';

/** POST /api/resellers/transfer (admin): the reseller and its subtree move under the new master. */
export async function transferReseller(input: TransferResellerInput): Promise<Reseller> {
  return apiRequest('/resellers/transfer', resellerSchema, { method: 'POST', body: input });
}

export function useTransferReseller() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: transferReseller,
    meta: { silentError: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: RESELLERS_KEY }),
  });
}
