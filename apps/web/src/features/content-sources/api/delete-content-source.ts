import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequestNoContent } from '@/lib/api-client';
import { CONTENT_KEYS } from './content-source-keys';

/** DELETE /api/admin/content/sources/:id: the source and what it imported. */
export async function deleteContentSource(id: number): Promise<void> {
  await apiRequestNoContent(`/admin/content/sources/${id}`, { method: 'DELETE' });
}

export function useDeleteContentSource() {
  const queryClient = useQueryClient();
  return useMutation({
    // The screen says why a call was refused (showContentActionError).
    meta: { silentError: true },
    mutationFn: deleteContentSource,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: CONTENT_KEYS.root }),
  });
}
