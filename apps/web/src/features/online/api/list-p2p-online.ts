import { queryOptions } from '@tanstack/react-query';
import { p2pOnlineListSchema, type P2pOnlineList } from '@panel/shared/online/online-api';
import { apiRequest } from '@/lib/api-client';
import { useListQuery } from '@/lib/list-state/use-list-query';
import { ONLINE_KEYS } from './online-keys';

/** GET /api/p2p-users/online: the active P2P sessions of the subtree (at most 1.000; decision 0046). */
export async function listP2pOnline(signal?: AbortSignal): Promise<P2pOnlineList> {
  return apiRequest('/p2p-users/online', p2pOnlineListSchema, { signal });
}

export function useP2pOnline() {
  return useListQuery(
    queryOptions({
      queryKey: ONLINE_KEYS.p2p(),
      queryFn: ({ signal }) => listP2pOnline(signal),
      // Who is watching changes by the second: every visit asks again.
      staleTime: 0,
    }),
  );
}
