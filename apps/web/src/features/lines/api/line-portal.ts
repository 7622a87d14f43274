import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { linePortalSchema, type LinePortal } from '@panel/shared/portal/portal-api';
import type { Line } from '@panel/shared/lines/line-api';
import { apiRequest, apiRequestNoContent } from '@/lib/api-client';
import { QUERY_ROOTS } from '@/lib/queries/query-keys';

/** GET /api/users/:id/portal: a hybrid line's portal address, MAC and the box it is locked to. */
export async function getLinePortal(id: Line['id'], signal?: AbortSignal): Promise<LinePortal> {
  return apiRequest(`/users/${id}/portal`, linePortalSchema, { signal });
}

const portalKey = (id: Line['id']) => [...QUERY_ROOTS.lines, 'portal', id] as const;

export const linePortalQueryOptions = (id: Line['id']) =>
  queryOptions({ queryKey: portalKey(id), queryFn: ({ signal }) => getLinePortal(id, signal) });

export function useLinePortal(id: Line['id']) {
  return useQuery(linePortalQueryOptions(id));
}

/** POST /api/users/:id/portal/release-device: 'Liberar aparelho'. */
export async function releasePortalDevice(id: Line['id']): Promise<LinePortal> {
  return apiRequest(`/users/${id}/portal/release-device`, linePortalSchema, { method: 'POST' });
}

export function useReleasePortalDevice(id: Line['id']) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => releasePortalDevice(id),
    onSuccess: (portal) => queryClient.setQueryData(portalKey(id), portal),
  });
}

/** POST /api/users/:id/portal/message: a message shown on the box. */
export async function sendPortalMessage({ id, message }: { id: Line['id']; message: string }): Promise<void> {
  await apiRequestNoContent(`/users/${id}/portal/message`, { method: 'POST', body: { message } });
}

export function useSendPortalMessage() {
  return useMutation({ mutationFn: sendPortalMessage });
}
