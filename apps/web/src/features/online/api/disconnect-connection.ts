import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { OnlineConnectionList } from '@panel/shared/online/online-api';
import { apiRequestNoContent } from '@/lib/api-client';
import { ONLINE_KEYS } from './online-keys';

/** POST /api/users/connections/:id/disconnect (decision 0044). */
export async function disconnectConnection(id: number): Promise<void> {
  await apiRequestNoContent(`/users/connections/${id}/disconnect`, { method: 'POST' });
}

/**
 * Disconnecting removes the row from the page at once; a page left empty is asked again (the rows behind
 * it move up, or the footer steps back to the last page): docs/product/screens.md#online-users.
 */
export function useDisconnectConnection(params: { page: number; per: number }) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: disconnectConnection,
    onSuccess: async (_result, id) => {
      const key = ONLINE_KEYS.iptv(params);
      const page = queryClient.setQueryData<OnlineConnectionList>(key, (current) =>
        current ? { ...current, data: current.data.filter((row) => row.id !== id) } : current,
      );
      // Every page moved: the emptied one is asked again at once, the others when they are shown.
      if (!page || page.data.length === 0)
        await queryClient.invalidateQueries({ queryKey: ONLINE_KEYS.iptvPages() });
    },
  });
}
