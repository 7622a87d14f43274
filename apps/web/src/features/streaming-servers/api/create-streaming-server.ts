import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  createdStreamingServerSchema,
  type CreatedStreamingServer,
  type StreamingServerInput,
} from '@panel/shared/streaming-servers/streaming-servers-api';
import { apiRequest } from '@/lib/api-client';
import { STREAMING_SERVER_KEYS } from './streaming-server-keys';

/** POST /api/admin/streaming-servers: the new server and its token, answered once. */
export async function createStreamingServer(input: StreamingServerInput): Promise<CreatedStreamingServer> {
  return apiRequest('/admin/streaming-servers', createdStreamingServerSchema, {
    method: 'POST',
    body: input,
  });
}

export function useCreateStreamingServer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createStreamingServer,
    // The form shows a refusal under its field, or as a toast.
    meta: { silentError: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: STREAMING_SERVER_KEYS.list }),
  });
}
