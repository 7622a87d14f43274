import { useMutation, useQueryClient } from '@tanstack/react-query';
import { reminderTemplateListSchema, type ReminderTemplate } from '@panel/shared/reminders/reminders-api';
import type { ReminderWindow } from '@panel/shared/reminders/reminder-windows';
import { apiRequest } from '@/lib/api-client';
import { REMINDER_KEYS } from './reminder-keys';

/** PUT /api/reminders/templates/:window saves a text; DELETE (body null) restores the default. */
export async function changeReminderTemplate(change: {
  window: ReminderWindow;
  body: string | null;
}): Promise<ReminderTemplate[]> {
  const path = `/reminders/templates/${change.window}`;
  const answer =
    change.body === null
      ? await apiRequest(path, reminderTemplateListSchema, { method: 'DELETE' })
      : await apiRequest(path, reminderTemplateListSchema, { method: 'PUT', body: { body: change.body } });
  return answer.data;
}

/** Saving or restoring refreshes the templates and the rendered messages of every window. */
export function useChangeReminderTemplate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changeReminderTemplate,
    meta: { silentError: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: REMINDER_KEYS.all }),
  });
}
