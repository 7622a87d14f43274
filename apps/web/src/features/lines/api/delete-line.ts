import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { linesQueryKeys } from './list-lines';

/** DELETE /api/users/:id (no refund). */
export async function deleteLine(id: number): Promise<void> {
  await apiRequest<void>(`/users/${id}`, { method: 'DELETE' });
}

export function useDeleteLine() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteLine,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: linesQueryKeys.all }),
  });
}
