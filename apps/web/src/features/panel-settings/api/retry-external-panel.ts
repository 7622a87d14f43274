import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  externalPanelRetryResultSchema,
  type ExternalPanelRetryResult,
} from '@panel/shared/settings/external-panel';
import { apiRequest } from '@/lib/api-client';
import { EXTERNAL_PANEL_KEY } from './panel-settings-keys';

/** POST /api/admin/external-panel/retry: failed changes go back to the delivery queue (decision 0061). */
export function retryExternalPanel(): Promise<ExternalPanelRetryResult> {
  return apiRequest('/admin/external-panel/retry', externalPanelRetryResultSchema, {
    method: 'POST',
    body: {},
  });
}

/** The status below the switches is read again: the failed count moves to pending. */
export function useRetryExternalPanel() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: retryExternalPanel,
    meta: { silentError: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: EXTERNAL_PANEL_KEY }),
  });
}
