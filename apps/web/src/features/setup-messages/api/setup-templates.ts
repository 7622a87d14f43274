import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SetupApp } from '@panel/shared/setup-messages/setup-apps';
import {
  setupTemplateListSchema,
  setupTemplateSchema,
  type SetupTemplate,
} from '@panel/shared/setup-messages/setup-messages-api';
import { apiRequest } from '@/lib/api-client';
import { QUERY_ROOTS } from '@/lib/queries/query-keys';

/** Admin only; nothing else reads it. */
const TEMPLATES_KEY = ['setup-templates'] as const;

/** GET /api/admin/setup-messages: every app's template, edited or default. */
export async function listSetupTemplates(signal?: AbortSignal): Promise<SetupTemplate[]> {
  return (await apiRequest('/admin/setup-messages', setupTemplateListSchema, { signal })).data;
}

export function useSetupTemplates() {
  return useQuery(
    queryOptions({
      queryKey: TEMPLATES_KEY,
      queryFn: ({ signal }) => listSetupTemplates(signal),
      // The screen shows a failed list itself, with 'Tentar novamente'.
      meta: { silentError: true },
    }),
  );
}

/** PUT /api/admin/setup-messages/:app saves a text; DELETE restores the default. */
async function changeSetupTemplate(change: { app: SetupApp; body: string | null }): Promise<SetupTemplate> {
  const path = `/admin/setup-messages/${change.app}`;
  return change.body === null
    ? apiRequest(path, setupTemplateSchema, { method: 'DELETE' })
    : apiRequest(path, setupTemplateSchema, { method: 'PUT', body: { body: change.body } });
}

/** Saving or restoring refreshes the list and the lines' rendered messages. */
export function useChangeSetupTemplate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changeSetupTemplate,
    meta: { silentError: true },
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: TEMPLATES_KEY }),
        queryClient.invalidateQueries({ queryKey: QUERY_ROOTS.lines }),
      ]);
    },
  });
}
