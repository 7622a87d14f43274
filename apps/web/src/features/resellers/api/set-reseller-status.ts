import { useMutation, useQueryClient } from '@tanstack/react-query';
import { resellerSchema, type Reseller } from '@panel/shared/resellers/reseller-schema';
import { apiRequest } from '@/lib/api-client';
import { RESELLERS_KEY } from './list-resellers';

/**
 * POST /api/resellers/:id/block and /unblock (one request each, chosen by `blocked`); no body, so no
 * JSON content type (api-contract-resellers).
 */
export async function setResellerStatus({
  id,
  blocked,
}: {
  id: number;
  blocked: boolean;
}): Promise<Reseller> {
  return apiRequest(`/resellers/${id}/${blocked ? 'block' : 'unblock'}`, resellerSchema, {
    method: 'POST',
  });
}

export function useSetResellerStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setResellerStatus,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: RESELLERS_KEY }),
  });
}
