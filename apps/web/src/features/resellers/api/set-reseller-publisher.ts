import { useMutation, useQueryClient } from '@tanstack/react-query';
import { resellerSchema, type Reseller } from '@panel/shared/resellers/reseller-schema';
import { apiRequest } from '@/lib/api-client';
import { RESELLERS_KEY } from './list-resellers';

/** PUT /api/resellers/:id/publisher (admins; decision 0054): a publisher, or a reseller again. */
export async function setResellerPublisher({
  id,
  isPublisher,
}: {
  id: number;
  isPublisher: boolean;
}): Promise<Reseller> {
  return apiRequest(`/resellers/${id}/publisher`, resellerSchema, {
    method: 'PUT',
    body: { is_publisher: isPublisher },
  });
}

export function useSetResellerPublisher() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setResellerPublisher,
    meta: { silentError: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: RESELLERS_KEY }),
  });
}
