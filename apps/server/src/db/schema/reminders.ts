import { REMINDER_WINDOWS } from '@panel/shared/reminders/reminder-windows';
import { RESELLER_WEBHOOK_EVENTS } from '@panel/shared/reseller-webhook/reseller-webhook-api';
import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  check,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { accounts } from './accounts';
import { inListCheck } from './in-list-check';
import { lines } from './lines';

/**
 * A reseller's edited reminder message per window (decision 0172). A window without a row uses the default
 * kept in packages/shared, so "restore the default" is deleting the row.
 */
export const reminderTemplates = pgTable(
  'reminder_templates',
  {
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    window: text('reminder_window', { enum: REMINDER_WINDOWS }).notNull(),
    body: text('body').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.accountId, table.window] }),
    check('reminder_templates_window', inListCheck('reminder_window', REMINDER_WINDOWS)),
  ],
);

/**
 * 'Marcar como enviado' on the 'Lembretes' screen (decision 0171): one row per line, window and the expiry
 * it was about, so a renewed line (a new expiry) is in its windows again, unsent.
 */
export const reminderMarks = pgTable(
  'reminder_marks',
  {
    lineId: integer('line_id')
      .notNull()
      .references(() => lines.id, { onDelete: 'cascade' }),
    window: text('reminder_window', { enum: REMINDER_WINDOWS }).notNull(),
    expDate: timestamp('exp_date', { withTimezone: true }).notNull(),
    sentBy: integer('sent_by').notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.lineId, table.window, table.expDate] }),
    check('reminder_marks_window', inListCheck('reminder_window', REMINDER_WINDOWS)),
  ],
);

/**
 * A reseller's own webhook and low-balance alert (decisions 0170, 0174). The signing secret is not stored:
 * it is derived from the server's signing secret, the account and `secret_version`, which a new secret
 * bumps. `low_balance_notified` is set when a 'balance.low' event is queued and cleared once the balance is
 * back at or above the threshold, so the event fires once per crossing.
 */
export const resellerNotifications = pgTable(
  'reseller_notifications',
  {
    accountId: integer('account_id')
      .primaryKey()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    webhookUrl: text('webhook_url'),
    secretVersion: integer('secret_version').notNull().default(1),
    lowBalanceThreshold: numeric('low_balance_threshold', { precision: 14, scale: 2 }),
    lowBalanceNotified: boolean('low_balance_notified').notNull().default(false),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check('reseller_notifications_threshold', sql`${table.lowBalanceThreshold} >= 0`),
    index('reseller_notifications_webhook_idx')
      .on(table.accountId)
      .where(sql`${table.webhookUrl} is not null`),
  ],
);

/**
 * Events for resellers' own webhooks (decision 0170), delivered signed by the outbox pass of decision 0060.
 * `dedupe_key` makes the periodic scan's events once per line, window and expiry (and a payment's once per
 * payment); no foreign key, so a deleted line's or reseller's event is still delivered or expires.
 */
export const resellerWebhookOutbox = pgTable(
  'reseller_webhook_outbox',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    accountId: integer('account_id').notNull(),
    event: text('event', { enum: RESELLER_WEBHOOK_EVENTS }).notNull(),
    dedupeKey: text('dedupe_key').unique('reseller_webhook_outbox_dedupe_key'),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check('reseller_webhook_outbox_event', inListCheck('event', RESELLER_WEBHOOK_EVENTS)),
    index('reseller_webhook_outbox_pending_idx')
      .on(table.nextAttemptAt)
      .where(sql`${table.deliveredAt} is null`),
    index('reseller_webhook_outbox_account_idx').on(table.accountId, table.id),
  ],
);
