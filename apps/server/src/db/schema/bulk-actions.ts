import { BULK_KINDS, BULK_OUTCOMES, type BulkAction } from '@panel/shared/line-bulk/bulk-api';
import {
  bigint,
  bigserial,
  check,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { accounts } from './accounts';
import { inListCheck } from './in-list-check';

/**
 * One action on many lines (decision 0150): who asked for it, what (the validated action, its parameters
 * included) and when. Its lines are `bulk_action_lines`; the panel runs them in chunks under this id.
 */
export const bulkActions = pgTable(
  'bulk_actions',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    actorId: integer('actor_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: BULK_KINDS }).notNull(),
    action: jsonb('action').$type<BulkAction>().notNull(),
    total: smallint('total').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('bulk_actions_actor_idx').on(table.actorId, table.createdAt),
    check('bulk_actions_kind', inListCheck('kind', BULK_KINDS)),
  ],
);

/**
 * Each line of a bulk action and what became of it: pending until its own transaction does it (done, with
 * what it cost) or refuses it (with the single-line action's message); cancelled when the caller stopped
 * before it. No foreign key to `lines`: a deleted line (or an id out of reach) keeps its row.
 */
export const bulkActionLines = pgTable(
  'bulk_action_lines',
  {
    bulkId: bigint('bulk_id', { mode: 'number' })
      .notNull()
      .references(() => bulkActions.id, { onDelete: 'cascade' }),
    position: smallint('position').notNull(),
    lineId: integer('line_id').notNull(),
    /** Copied in when the line is reached, so the result still names a line deleted or renamed later. */
    lineUsername: text('line_username'),
    outcome: text('outcome', { enum: BULK_OUTCOMES }).notNull().default('pending'),
    reason: text('reason'),
    charged: numeric('charged', { precision: 14, scale: 2 }),
    /** The renewal message's WhatsApp link and the phone it goes to (decision 0152). */
    link: text('link'),
    phone: text('phone'),
    updatedAt: timestamp('updated_at', { withTimezone: true }),
  },
  (table) => [
    primaryKey({ columns: [table.bulkId, table.position] }),
    check('bulk_action_lines_outcome', inListCheck('outcome', BULK_OUTCOMES)),
  ],
);

export type BulkActionRow = typeof bulkActions.$inferSelect;
export type BulkActionLineRow = typeof bulkActionLines.$inferSelect;
