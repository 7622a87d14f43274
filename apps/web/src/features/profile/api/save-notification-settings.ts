import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  resellerNotificationsSchema,
  type ResellerNotifications,
  type ResellerNotificationsInput,
} from '@panel/shared/reseller-webhook/reseller-webhook-api';
import { apiRequest } from '@/lib/api-client';
import { profileQueryOptions } from '@/lib/queries/profile-query';
import { NOTIFICATIONS_KEY } from './notification-settings';

/** PUT /api/profile/notifications: an empty address or threshold turns it off. */
export async function saveNotificationSettings(
  input: ResellerNotificationsInput,
): Promise<ResellerNotifications> {
  return apiRequest('/profile/notifications', resellerNotificationsSchema, { method: 'PUT', body: input });
}

/** Saving refreshes the settings and the profile (the top bar's low-balance warning reads its threshold). */
export function useSaveNotificationSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveNotificationSettings,
    meta: { silentError: true },
    onSuccess: async (settings) => {
      queryClient.setQueryData(NOTIFICATIONS_KEY, settings);
      await queryClient.invalidateQueries({ queryKey: profileQueryOptions().queryKey });
    },
  });
}
