import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { onlineConnectionListSchema, type OnlineConnectionList } from '@panel/shared/online/online-api';
import { apiRequest } from '@/lib/api-client';
import { useListQuery } from '@/lib/list-state/use-list-query';
import { toQueryString } from '@/lib/query-string';
import { ONLINE_KEYS } from './online-keys';

/** GET /api/users/connections: the active IPTV connections of the caller's subtree, newest first. */
export async function listOnlineConnections(
  params: { page: number; per: number },
  signal?: AbortSignal,
): Promise<OnlineConnectionList> {
  return apiRequest(`/users/connections${toQueryString({ ...params })}`, onlineConnectionListSchema, {
    signal,
  });
}

export const onlineConnectionsQueryOptions = (params: { page: number; per: number }) =>
  queryOptions({
    queryKey: ONLINE_KEYS.iptv(params),
    queryFn: ({ signal }) => listOnlineConnections(params, signal),
    placeholderData: keepPreviousData,
    // Who is watching changes by the second: every visit asks again (the rows seen last stay meanwhile).
    staleTime: 0,
  });

export function useOnlineConnections(params: { page: number; per: number }) {
  return useListQuery(onlineConnectionsQueryOptions(params));
}
