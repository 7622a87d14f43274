import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  resellerNotificationsSchema,
  type ResellerNotifications,
} from '@panel/shared/reseller-webhook/reseller-webhook-api';
import { apiRequest } from '@/lib/api-client';
import { NOTIFICATIONS_KEY } from './notification-settings';

/** POST /api/profile/notifications/secret: a new signing secret; the old one stops at once. */
export async function rotateWebhookSecret(): Promise<ResellerNotifications> {
  return apiRequest('/profile/notifications/secret', resellerNotificationsSchema, { method: 'POST' });
}

export function useRotateWebhookSecret() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: rotateWebhookSecret,
    meta: { silentError: true },
    onSuccess: (settings) => queryClient.setQueryData(NOTIFICATIONS_KEY, settings),
  });
}
