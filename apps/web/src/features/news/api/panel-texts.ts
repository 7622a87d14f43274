import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  panelTextListSchema,
  panelTextSchema,
  type PanelText,
  type PanelTextKey,
} from '@panel/shared/panel-texts/panel-texts-api';
import { apiRequest } from '@/lib/api-client';

/** GET /api/panel-texts: the manual, server rules and responsibilities texts (every role). */
export async function listPanelTexts(signal?: AbortSignal): Promise<PanelText[]> {
  return (await apiRequest('/panel-texts', panelTextListSchema, { signal })).data;
}

export const panelTextsQueryOptions = () =>
  queryOptions({
    queryKey: ['panel-texts'],
    queryFn: ({ signal }) => listPanelTexts(signal),
    // The dialogs and the admin page show a failed load themselves, with 'Tentar novamente'.
    meta: { silentError: true },
  });

export function usePanelTexts() {
  return useQuery(panelTextsQueryOptions());
}

/** PUT /api/admin/panel-texts/:key saves a text; DELETE (body null) restores the default. */
async function changePanelText(change: { key: PanelTextKey; body: string | null }): Promise<PanelText> {
  const path = `/admin/panel-texts/${change.key}`;
  return change.body === null
    ? apiRequest(path, panelTextSchema, { method: 'DELETE' })
    : apiRequest(path, panelTextSchema, { method: 'PUT', body: { body: change.body } });
}

export function useChangePanelText() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changePanelText,
    meta: { silentError: true },
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: panelTextsQueryOptions().queryKey });
    },
  });
}
