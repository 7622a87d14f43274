import {
  REMINDER_LIST_MAX,
  REMINDER_MESSAGES,
  type ReminderList,
  type ReminderTemplate,
} from '@panel/shared/reminders/reminders-api';
import { DEFAULT_REMINDER_TEMPLATES } from '@panel/shared/reminders/reminder-templates';
import {
  REMINDER_WINDOWS,
  reminderWindowRange,
  type ReminderWindow,
} from '@panel/shared/reminders/reminder-windows';
import type { Database } from '../../db/database';
import { AppError } from '../../lib/app-error';
import type { Caller } from '../auth/caller';
import { resellerCustomerPage, renderReminder } from './reminder-message';
import {
  countWindows,
  deleteTemplate,
  listTemplates,
  listWindowLines,
  markReminderSent,
  saveTemplate,
  verifiedDomainsOf,
  type ExpiryRange,
} from './reminders.repository';

export function expiryRange(window: ReminderWindow, nowMs: number): ExpiryRange {
  const { after, until } = reminderWindowRange(window, nowMs);
  return { after: new Date(after), until: new Date(until) };
}

async function templatesOf(db: Database, accountId: number): Promise<Map<ReminderWindow, string>> {
  return new Map((await listTemplates(db, [accountId])).map((row) => [row.window, row.body]));
}

/**
 * The 'Lembretes' screen (decisions 0171, 0172): the caller's own customers in each window, each with its
 * message filled in, 'marcar como enviado', and the caller's templates. Only the caller's own lines, not
 * its sub-resellers': the message speaks for the reseller the customer buys from (decision 0171).
 */
export function createRemindersService(db: Database) {
  return {
    async list(caller: Caller, window: ReminderWindow, panelBaseUrl: string | null): Promise<ReminderList> {
      const now = Date.now();
      const ranges = Object.fromEntries(
        REMINDER_WINDOWS.map((each) => [each, expiryRange(each, now)]),
      ) as Record<ReminderWindow, ExpiryRange>;
      const [rows, counts, templates, domains] = await Promise.all([
        listWindowLines(db, caller.id, window, ranges[window], REMINDER_LIST_MAX),
        countWindows(db, caller.id, ranges),
        templatesOf(db, caller.id),
        verifiedDomainsOf(db, [caller.id]),
      ]);
      const page = resellerCustomerPage(domains.get(caller.id) ?? [], panelBaseUrl);
      return {
        window,
        counts,
        data: rows.map((line) => {
          const rendered = renderReminder(line, window, templates.get(window), page, now);
          return {
            line_id: line.id,
            username: line.username,
            full_name: line.fullName,
            phone: line.phone,
            exp_date: line.expDate.toISOString(),
            message: rendered.message,
            whatsapp_url: rendered.whatsappUrl,
            sent_at: line.sentAt?.toISOString() ?? null,
          };
        }),
      };
    },

    /** A line that is not the caller's answers 404; one that left the window since the list was read, 422. */
    async markSent(caller: Caller, lineId: number, window: ReminderWindow): Promise<{ sent_at: string }> {
      const outcome = await markReminderSent(db, caller.id, lineId, window, expiryRange(window, Date.now()));
      if (outcome === 'missing') throw AppError.notFound();
      if (outcome === 'outside')
        throw new AppError(422, 'validation_failed', REMINDER_MESSAGES.notInWindow, 'window');
      return { sent_at: outcome.toISOString() };
    },

    async templates(caller: Caller): Promise<ReminderTemplate[]> {
      const edited = await templatesOf(db, caller.id);
      return REMINDER_WINDOWS.map((window) => ({
        window,
        body: edited.get(window) ?? DEFAULT_REMINDER_TEMPLATES[window],
        edited: edited.has(window),
        default_body: DEFAULT_REMINDER_TEMPLATES[window],
      }));
    },

    async saveTemplate(caller: Caller, window: ReminderWindow, body: string): Promise<ReminderTemplate[]> {
      await saveTemplate(db, caller.id, window, body);
      return this.templates(caller);
    },

    async restoreTemplate(caller: Caller, window: ReminderWindow): Promise<ReminderTemplate[]> {
      await deleteTemplate(db, caller.id, window);
      return this.templates(caller);
    },
  };
}
export type RemindersService = ReturnType<typeof createRemindersService>;
