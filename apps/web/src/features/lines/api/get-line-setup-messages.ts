import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Line } from '@panel/shared/lines/line-api';
import {
  lineSetupMessagesSchema,
  type LineSetupMessages,
} from '@panel/shared/setup-messages/setup-messages-api';
import { apiRequest } from '@/lib/api-client';
import { QUERY_ROOTS } from '@/lib/queries/query-keys';

/** GET /api/users/:id/setup-messages: each fitting app's message, filled in, its QR address and the phone. */
export async function getLineSetupMessages(id: Line['id'], signal?: AbortSignal): Promise<LineSetupMessages> {
  return apiRequest(`/users/${id}/setup-messages`, lineSetupMessagesSchema, { signal });
}

/** Under the lines root: an edit of the line (credentials, phone, screens) asks for them again. */
export function useLineSetupMessages(id: Line['id']) {
  return useQuery(
    queryOptions({
      queryKey: [...QUERY_ROOTS.lines, 'setup-messages', id],
      queryFn: ({ signal }) => getLineSetupMessages(id, signal),
      // The admin edits the templates elsewhere: every opening asks again (one small request).
      staleTime: 0,
      // The panel shows the failure itself, with 'Tentar novamente'.
      meta: { silentError: true },
    }),
  );
}
