import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequestNoContent } from '@/lib/api-client';
import { CONTENT_KEYS } from './content-source-keys';

/** PUT /api/admin/content/categories/:id/bouquets: the bouquets that hold the category, replaced. */
export async function setCategoryBouquets({ id, bouquetIds }: { id: number; bouquetIds: number[] }) {
  await apiRequestNoContent(`/admin/content/categories/${id}/bouquets`, {
    method: 'PUT',
    body: { bouquet_ids: bouquetIds },
  });
}

export function useSetCategoryBouquets() {
  const queryClient = useQueryClient();
  return useMutation({
    // The screen says why a call was refused (showContentActionError).
    meta: { silentError: true },
    mutationFn: setCategoryBouquets,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [...CONTENT_KEYS.root, 'categories'] }),
  });
}
