import type { ReminderWindow } from '@panel/shared/reminders/reminder-windows';

/** Query keys of the 'Lembretes' screen (docs/product/screens.md#reminders). */
export const REMINDER_KEYS = {
  all: ['reminders'] as const,
  list: (window: ReminderWindow) => ['reminders', 'list', window] as const,
  templates: ['reminders', 'templates'] as const,
};
