import { SETUP_APPS } from '@panel/shared/setup-messages/setup-apps';
import { check, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { inListCheck } from './in-list-check';

/**
 * The admin's edited setup message per client app. An app without a row uses the default template kept in
 * packages/shared, so a fresh panel needs no seed and "restore the default" is deleting the row.
 */
export const setupMessageTemplates = pgTable(
  'setup_message_templates',
  {
    app: text('app', { enum: SETUP_APPS }).primaryKey(),
    body: text('body').notNull(),
    updatedBy: integer('updated_by').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  () => [check('setup_message_templates_app', inListCheck('app', SETUP_APPS))],
);
