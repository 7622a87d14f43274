import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  contentSourceSchema,
  type ContentSource,
  type ContentSourceInput,
  type ContentSourceUpdate,
} from '@panel/shared/content-sources/content-sources-api';
import { apiRequest } from '@/lib/api-client';
import { CONTENT_KEYS } from './content-source-keys';

export type SaveContentSourceRequest =
  { id?: undefined; input: ContentSourceInput } | { id: number; input: ContentSourceUpdate };

/** POST /api/admin/content/sources (new) or PATCH /api/admin/content/sources/:id (edit). */
export async function saveContentSource(request: SaveContentSourceRequest): Promise<ContentSource> {
  return request.id === undefined
    ? apiRequest('/admin/content/sources', contentSourceSchema, { method: 'POST', body: request.input })
    : apiRequest(`/admin/content/sources/${request.id}`, contentSourceSchema, {
        method: 'PATCH',
        body: request.input,
      });
}

export function useSaveContentSource() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveContentSource,
    // The form shows a refusal under its field, or as a toast (showFormError).
    meta: { silentError: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: CONTENT_KEYS.root }),
  });
}
