import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequestNoContent } from '@/lib/api-client';
import { refreshAfterLineChange } from '@/lib/queries/line-refresh';

/** DELETE /api/users/:id (no refund). */
export async function deleteLine(id: number): Promise<void> {
  await apiRequestNoContent(`/users/${id}`, { method: 'DELETE' });
}

export function useDeleteLine() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteLine,
    onSuccess: () => refreshAfterLineChange(queryClient),
  });
}
