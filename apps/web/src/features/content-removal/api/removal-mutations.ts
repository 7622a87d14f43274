import { useMutation, useQueryClient } from '@tanstack/react-query';
import { contentRemovalSchema, type ContentRemoval } from '@panel/shared/content-removal/content-removal-api';
import { apiRequest, apiRequestNoContent } from '@/lib/api-client';
import { REMOVALS_KEY } from './list-removals';

/** POST /api/catalog/garbage/:id/restore: 'cancelar exclusão', the queued row goes. */
export async function restoreRemoval(id: number): Promise<void> {
  await apiRequestNoContent(`/catalog/garbage/${id}/restore`, { method: 'POST' });
}

/** DELETE /api/catalog/garbage/:id: the item leaves the catalog for good (decision 0056). */
export async function removePermanently(id: number): Promise<ContentRemoval> {
  return apiRequest(`/catalog/garbage/${id}`, contentRemovalSchema, { method: 'DELETE' });
}

/** Both refresh the queue. */
function useRemovalMutation<O>(mutationFn: (id: number) => Promise<O>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    // The screen toasts the refusal itself (showErrorToast), with the server's message.
    meta: { silentError: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: REMOVALS_KEY }),
  });
}

export const useRestoreRemoval = () => useRemovalMutation(restoreRemoval);
export const useRemovePermanently = () => useRemovalMutation(removePermanently);
