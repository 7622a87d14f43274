import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { reminderListSchema, type ReminderList } from '@panel/shared/reminders/reminders-api';
import type { ReminderWindow } from '@panel/shared/reminders/reminder-windows';
import { apiRequest } from '@/lib/api-client';
import { REMINDER_KEYS } from './reminder-keys';

/** GET /api/reminders?window=: the caller's customers in the window, their messages and every window's count. */
export async function listReminders(window: ReminderWindow, signal?: AbortSignal): Promise<ReminderList> {
  return apiRequest(`/reminders?window=${window}`, reminderListSchema, { signal });
}

export function useReminders(window: ReminderWindow) {
  return useQuery(
    queryOptions({
      queryKey: REMINDER_KEYS.list(window),
      queryFn: ({ signal }) => listReminders(window, signal),
      // The tabs keep their counts while the next window loads.
      placeholderData: keepPreviousData,
      // The screen shows a failed list itself, with 'Tentar novamente'.
      meta: { silentError: true },
    }),
  );
}
