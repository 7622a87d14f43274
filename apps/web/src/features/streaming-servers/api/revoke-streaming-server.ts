import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  streamingServerSchema,
  type StreamingServer,
} from '@panel/shared/streaming-servers/streaming-servers-api';
import { apiRequest } from '@/lib/api-client';
import { STREAMING_SERVER_KEYS } from './streaming-server-keys';

/** POST /api/admin/streaming-servers/:id/revoke: the token is refused from then on. */
export async function revokeStreamingServer(id: number): Promise<StreamingServer> {
  return apiRequest(`/admin/streaming-servers/${id}/revoke`, streamingServerSchema, { method: 'POST' });
}

export function useRevokeStreamingServer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeStreamingServer,
    meta: { silentError: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: STREAMING_SERVER_KEYS.list }),
  });
}
