import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  panelSettingsSchema,
  type PanelSettings,
  type PanelSettingsUpdate,
} from '@panel/shared/settings/panel-settings-api';
import { apiRequest } from '@/lib/api-client';
import { QUERY_ROOTS } from '@/lib/queries/query-keys';
import { PANEL_SETTINGS_KEY } from './panel-settings-keys';

/** PUT /api/admin/panel: changes the given settings and answers them all. */
export function savePanelSettings(update: PanelSettingsUpdate): Promise<PanelSettings> {
  return apiRequest('/admin/panel', panelSettingsSchema, { method: 'PUT', body: update });
}

/** The answer is the new state of every setting; the complements (read by the menu and /users) follow. */
export function useSavePanelSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: savePanelSettings,
    meta: { silentError: true },
    onSuccess: async (settings) => {
      queryClient.setQueryData(PANEL_SETTINGS_KEY, settings);
      await queryClient.invalidateQueries({ queryKey: QUERY_ROOTS.complements });
    },
  });
}
