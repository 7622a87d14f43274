import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { NewReseller } from '@panel/shared/resellers/new-reseller-schema';
import { resellerSchema, type Reseller } from '@panel/shared/resellers/reseller-schema';
import { apiRequest } from '@/lib/api-client';
import { useRefreshBalance } from '@/lib/queries/profile-query';
import { RESELLERS_KEY } from './list-resellers';

/** POST /api/resellers: the new reseller's credits leave the caller's balance (an admin mints them). */
export async function createReseller(input: NewReseller): Promise<Reseller> {
  return apiRequest('/resellers', resellerSchema, { method: 'POST', body: input });
}

export function useCreateReseller() {
  const queryClient = useQueryClient();
  const refreshBalance = useRefreshBalance();
  return useMutation({
    mutationFn: createReseller,
    // The form shows the refusal (under the field the server names).
    meta: { silentError: true },
    onSuccess: async () => {
      refreshBalance();
      await queryClient.invalidateQueries({ queryKey: RESELLERS_KEY });
    },
  });
}
