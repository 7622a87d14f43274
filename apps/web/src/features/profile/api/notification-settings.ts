import { queryOptions, useQuery } from '@tanstack/react-query';
import {
  resellerNotificationsSchema,
  type ResellerNotifications,
} from '@panel/shared/reseller-webhook/reseller-webhook-api';
import { apiRequest } from '@/lib/api-client';

export const NOTIFICATIONS_KEY = ['profile', 'notifications'] as const;

/** GET /api/profile/notifications: the webhook's address and secret and the low-balance threshold. */
export async function getNotificationSettings(signal?: AbortSignal): Promise<ResellerNotifications> {
  return apiRequest('/profile/notifications', resellerNotificationsSchema, { signal });
}

export function useNotificationSettings() {
  return useQuery(
    queryOptions({
      queryKey: NOTIFICATIONS_KEY,
      queryFn: ({ signal }) => getNotificationSettings(signal),
      meta: { silentError: true },
    }),
  );
}
