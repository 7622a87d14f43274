import { queryOptions, useQuery } from '@tanstack/react-query';
import {
  streamingServerListSchema,
  type StreamingServer,
} from '@panel/shared/streaming-servers/streaming-servers-api';
import { apiRequest } from '@/lib/api-client';
import { STREAMING_SERVER_KEYS } from './streaming-server-keys';

/** GET /api/admin/streaming-servers: every server (a handful; not paged). */
export async function listStreamingServers(signal?: AbortSignal): Promise<StreamingServer[]> {
  const answer = await apiRequest('/admin/streaming-servers', streamingServerListSchema, { signal });
  return answer.data;
}

export function useStreamingServers() {
  return useQuery(
    queryOptions({
      queryKey: STREAMING_SERVER_KEYS.list,
      queryFn: ({ signal }) => listStreamingServers(signal),
      // The screen shows a failed list itself, with 'Tentar novamente'.
      meta: { silentError: true },
    }),
  );
}
