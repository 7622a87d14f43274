import { REMINDER_WINDOWS } from '@panel/shared/reminders/reminder-windows';
import type { Database } from '../../db/database';
import { eventPayload } from '../reseller-webhook/reseller-events';
import { queueEvents } from '../reseller-webhook/reseller-webhook.repository';
import { renderReminder, resellerCustomerPage } from './reminder-message';
import {
  listTemplates,
  reminderDedupeKey,
  unqueuedWindowLines,
  verifiedDomainsOf,
} from './reminders.repository';
import { expiryRange } from './reminders.service';

/** Lines one window queues per pass; a larger backlog is taken by the next passes. */
const SCAN_BATCH = 500;

/**
 * The workers' periodic pass (decision 0171): every line of a reseller with a webhook address that is in a
 * reminder window gets one 'line.expiring' (7, 3, 1) or 'line.expired' event per window and expiry, with
 * the message the 'Lembretes' screen shows. Answers how many events were queued.
 */
export async function queueReminderEvents(
  db: Database,
  panelBaseUrl: string | null,
  nowMs: number = Date.now(),
): Promise<number> {
  let queued = 0;
  for (const window of REMINDER_WINDOWS) {
    const rows = await unqueuedWindowLines(db, window, expiryRange(window, nowMs), SCAN_BATCH);
    if (rows.length === 0) continue;
    const owners = [...new Set(rows.map((row) => row.ownerId))];
    const [templates, domains] = await Promise.all([
      listTemplates(db, owners),
      verifiedDomainsOf(db, owners),
    ]);
    const bodies = new Map(templates.map((row) => [`${row.accountId}:${row.window}`, row.body]));
    const event = window === 'expired' ? ('line.expired' as const) : ('line.expiring' as const);
    queued += await queueEvents(
      db,
      rows.map((line) => {
        const page = resellerCustomerPage(domains.get(line.ownerId) ?? [], panelBaseUrl);
        const reminder = renderReminder(line, window, bodies.get(`${line.ownerId}:${window}`), page, nowMs);
        return {
          accountId: line.ownerId,
          event,
          dedupeKey: reminderDedupeKey(line.id, window, line.expDate),
          payload: eventPayload(
            event,
            { id: line.ownerId, username: line.ownerUsername },
            {
              window,
              days_left: reminder.daysLeft,
              line: {
                id: line.id,
                username: line.username,
                full_name: line.fullName,
                phone: line.phone,
                max_connections: line.maxConnections,
                exp_date: line.expDate.toISOString(),
              },
              customer_page_url: page,
              message: reminder.message,
              whatsapp_url: reminder.whatsappUrl,
            },
            new Date(nowMs),
          ),
        };
      }),
    );
  }
  return queued;
}
