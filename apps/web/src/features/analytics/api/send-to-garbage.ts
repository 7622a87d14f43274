import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  contentRemovalSchema,
  type ContentRemoval,
  type ContentRemovalInput,
} from '@panel/shared/content-removal/content-removal-api';
import { apiRequest } from '@/lib/api-client';
import { ANALYTICS_KEY } from './list-analytics';

/** POST /api/catalog/garbage: the trash action (decision 0056). */
export async function sendToGarbage(input: ContentRemovalInput): Promise<ContentRemoval> {
  return apiRequest('/catalog/garbage', contentRemovalSchema, { method: 'POST', body: input });
}

export function useSendToGarbage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendToGarbage,
    // The screen toasts the refusal itself (showErrorToast), with the server's message.
    meta: { silentError: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ANALYTICS_KEY }),
  });
}
