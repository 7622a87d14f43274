import { PANEL_TEXT_KEYS } from '@panel/shared/panel-texts/panel-texts-api';
import { check, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { inListCheck } from './in-list-check';

/**
 * The admin's edited text of a menu dialog (manual, server rules, responsibilities; decision 0059), stored
 * sanitised. A dialog without a row shows the default kept in packages/shared, so a fresh panel needs no
 * seed and "restore the default" is deleting the row.
 */
export const panelTexts = pgTable(
  'panel_texts',
  {
    key: text('key', { enum: PANEL_TEXT_KEYS }).primaryKey(),
    body: text('body').notNull(),
    updatedBy: integer('updated_by').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  () => [check('panel_texts_key', inListCheck('key', PANEL_TEXT_KEYS))],
);
