import { queryOptions, useQuery } from '@tanstack/react-query';
import { reminderTemplateListSchema, type ReminderTemplate } from '@panel/shared/reminders/reminders-api';
import { apiRequest } from '@/lib/api-client';
import { REMINDER_KEYS } from './reminder-keys';

/** GET /api/reminders/templates: the caller's template of each window, edited or default. */
export async function listReminderTemplates(signal?: AbortSignal): Promise<ReminderTemplate[]> {
  return (await apiRequest('/reminders/templates', reminderTemplateListSchema, { signal })).data;
}

export function useReminderTemplates() {
  return useQuery(
    queryOptions({
      queryKey: REMINDER_KEYS.templates,
      queryFn: ({ signal }) => listReminderTemplates(signal),
      meta: { silentError: true },
    }),
  );
}
