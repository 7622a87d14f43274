import { queryOptions, useQuery } from '@tanstack/react-query';
import { externalPanelStatusSchema, type ExternalPanelStatus } from '@panel/shared/settings/external-panel';
import { apiRequest } from '@/lib/api-client';
import { EXTERNAL_PANEL_KEY } from './panel-settings-keys';

/** GET /api/admin/external-panel: whether the external panel is configured and its delivery backlog (decision 0060). */
export function getExternalPanelStatus(signal?: AbortSignal): Promise<ExternalPanelStatus> {
  return apiRequest('/admin/external-panel', externalPanelStatusSchema, { signal });
}

export function useExternalPanelStatus() {
  return useQuery(
    queryOptions({
      queryKey: EXTERNAL_PANEL_KEY,
      queryFn: ({ signal }) => getExternalPanelStatus(signal),
      meta: { silentError: true },
    }),
  );
}
