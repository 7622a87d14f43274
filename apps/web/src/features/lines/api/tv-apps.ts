import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  connectTvResultSchema,
  dreamTvResultSchema,
  tvAppsStatusSchema,
  type ConnectTvResult,
  type DreamTvResult,
  type TvAppsStatus,
} from '@panel/shared/tv-apps/tv-apps-api';
import { apiRequest } from '@/lib/api-client';
import { refreshAfterLineChange } from '@/lib/queries/line-refresh';

/** GET /api/tv-apps/status: whether DreamTV and connect TV are configured on this server (decision 0051). */
export function useTvAppsStatus() {
  return useQuery({
    queryKey: ['tv-apps', 'status'],
    queryFn: ({ signal }): Promise<TvAppsStatus> =>
      apiRequest('/tv-apps/status', tvAppsStatusSchema, { signal }),
    staleTime: 60_000,
  });
}

export type DreamTvChange =
  { id: number; kind: 'connect' | 'update'; mac: string } | { id: number; kind: 'disconnect' };

const DREAMTV_METHOD = { connect: 'POST', update: 'PUT', disconnect: 'DELETE' } as const;

/** POST (connect), PUT (move to another MAC) or DELETE (disconnect) /api/users/:id/dreamtv. */
export async function changeDreamTv(change: DreamTvChange): Promise<DreamTvResult> {
  return apiRequest(`/users/${change.id}/dreamtv`, dreamTvResultSchema, {
    method: DREAMTV_METHOD[change.kind],
    ...(change.kind === 'disconnect' ? {} : { body: { mac: change.mac } }),
  });
}

export function useChangeDreamTv() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changeDreamTv,
    meta: { silentError: true },
    onSuccess: () => refreshAfterLineChange(queryClient),
  });
}

/** POST /api/users/:id/connect-tv { mac }: the line's playlist goes to that TV; nothing changes here. */
export async function connectTv({ id, mac }: { id: number; mac: string }): Promise<ConnectTvResult> {
  return apiRequest(`/users/${id}/connect-tv`, connectTvResultSchema, { method: 'POST', body: { mac } });
}

export function useConnectTv() {
  return useMutation({ mutationFn: connectTv, meta: { silentError: true } });
}
