import { sql } from 'drizzle-orm';
import { bigserial, check, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Changes of resellers and lines waiting to reach the external panel (decision 0060), written in the
 * same transaction as the change while its synchronisation switch is on, delivered signed and retried by
 * the worker. `subject_id` is the reseller's account id or the line's id; no foreign key, so a deleted
 * reseller or line keeps its last event until it is delivered.
 */
export const externalPanelOutbox = pgTable(
  'external_panel_outbox',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    subject: text('subject').notNull(),
    subjectId: integer('subject_id').notNull(),
    event: text('event').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check('external_panel_outbox_subject_check', sql`${table.subject} in ('reseller', 'line')`),
    index('external_panel_outbox_pending_idx')
      .on(table.nextAttemptAt)
      .where(sql`${table.deliveredAt} is null`),
    index('external_panel_outbox_subject_idx').on(table.subject, table.subjectId, table.id),
  ],
);
