import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { EditReseller } from '@panel/shared/resellers/edit-reseller-schema';
import { resellerSchema, type Reseller } from '@panel/shared/resellers/reseller-schema';
import { apiRequest } from '@/lib/api-client';
import { RESELLERS_KEY } from './list-resellers';

/** PUT /api/resellers/:id: an empty password keeps the current one; '' notes clear them. */
export async function updateReseller({ id, input }: { id: number; input: EditReseller }): Promise<Reseller> {
  return apiRequest(`/resellers/${id}`, resellerSchema, { method: 'PUT', body: input });
}

export function useUpdateReseller() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateReseller,
    meta: { silentError: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: RESELLERS_KEY }),
  });
}
