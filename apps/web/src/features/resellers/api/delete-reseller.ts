import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequestNoContent } from '@/lib/api-client';
import { useRefreshBalance } from '@/lib/queries/profile-query';
import { RESELLERS_KEY } from './list-resellers';

/** DELETE /api/resellers/:id (admin): credits back to its master, sub-resellers to REVENDAS_DELETADOS. */
export async function deleteReseller(id: number): Promise<void> {
  await apiRequestNoContent(`/resellers/${id}`, { method: 'DELETE' });
}

export function useDeleteReseller() {
  const queryClient = useQueryClient();
  const refreshBalance = useRefreshBalance();
  return useMutation({
    mutationFn: deleteReseller,
    onSuccess: async () => {
      // The removed reseller's credits may come back to the caller.
      refreshBalance();
      await queryClient.invalidateQueries({ queryKey: RESELLERS_KEY });
    },
  });
}
