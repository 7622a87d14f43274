import { queryOptions, useQuery } from '@tanstack/react-query';
import { panelSettingsSchema, type PanelSettings } from '@panel/shared/settings/panel-settings-api';
import { apiRequest } from '@/lib/api-client';
import { PANEL_SETTINGS_KEY } from './panel-settings-keys';

/** GET /api/admin/panel: every panel setting with its current value (docs/product/constants.md#panel-settings). */
export function getPanelSettings(signal?: AbortSignal): Promise<PanelSettings> {
  return apiRequest('/admin/panel', panelSettingsSchema, { signal });
}

export function usePanelSettings() {
  return useQuery(
    queryOptions({
      queryKey: PANEL_SETTINGS_KEY,
      queryFn: ({ signal }) => getPanelSettings(signal),
      // The screen shows a failed load itself, with 'Tentar novamente'.
      meta: { silentError: true },
    }),
  );
}
