import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  streamingServerSchema,
  type StreamingServer,
  type StreamingServerUpdate,
} from '@panel/shared/streaming-servers/streaming-servers-api';
import { apiRequest } from '@/lib/api-client';
import { STREAMING_SERVER_KEYS } from './streaming-server-keys';

/** PATCH /api/admin/streaming-servers/:id: name and control URL (the token stays). */
export async function updateStreamingServer(request: {
  id: number;
  input: StreamingServerUpdate;
}): Promise<StreamingServer> {
  return apiRequest(`/admin/streaming-servers/${request.id}`, streamingServerSchema, {
    method: 'PATCH',
    body: request.input,
  });
}

export function useUpdateStreamingServer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateStreamingServer,
    meta: { silentError: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: STREAMING_SERVER_KEYS.list }),
  });
}
