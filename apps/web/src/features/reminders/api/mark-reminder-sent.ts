import { useMutation, useQueryClient } from '@tanstack/react-query';
import { reminderSentSchema } from '@panel/shared/reminders/reminders-api';
import type { ReminderWindow } from '@panel/shared/reminders/reminder-windows';
import { apiRequest } from '@/lib/api-client';
import { REMINDER_KEYS } from './reminder-keys';

/** POST /api/reminders/:id/sent: the line's reminder of this window is marked as sent. */
export async function markReminderSent(input: { lineId: number; window: ReminderWindow }) {
  return apiRequest(`/reminders/${input.lineId}/sent`, reminderSentSchema, {
    method: 'POST',
    body: { window: input.window },
  });
}

export function useMarkReminderSent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markReminderSent,
    meta: { silentError: true },
    onSuccess: (_answer, input) =>
      queryClient.invalidateQueries({ queryKey: REMINDER_KEYS.list(input.window) }),
  });
}
