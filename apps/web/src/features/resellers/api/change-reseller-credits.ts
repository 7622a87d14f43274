import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreditChange } from '@panel/shared/resellers/credit-change-schema';
import { creditChangeResultSchema, type CreditChangeResult } from '@panel/shared/resellers/reseller-schema';
import { apiRequest } from '@/lib/api-client';
import { useRefreshBalance } from '@/lib/queries/profile-query';
import { RESELLERS_KEY } from './list-resellers';

/** POST /api/resellers/:id/credits: value > 0 gives from the caller, < 0 takes back to the caller. */
export async function changeResellerCredits({
  id,
  input,
}: {
  id: number;
  input: CreditChange;
}): Promise<CreditChangeResult> {
  return apiRequest(`/resellers/${id}/credits`, creditChangeResultSchema, { method: 'POST', body: input });
}

export function useChangeResellerCredits() {
  const queryClient = useQueryClient();
  const refreshBalance = useRefreshBalance();
  return useMutation({
    mutationFn: changeResellerCredits,
    meta: { silentError: true },
    onSuccess: async () => {
      refreshBalance();
      // The list, the options and the reseller's ledger.
      await queryClient.invalidateQueries({ queryKey: RESELLERS_KEY });
    },
  });
}
