import { LOG_ACTIONS, LOG_TYPES } from '@panel/shared/logs/log-codes';
import {
  bigserial,
  check,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { inListCheck } from './in-list-check';

export type LogDetails = Record<string, string | number | null>;

/**
 * The audit log of docs/product/constants.md#log-codes (append-only, like the ledger). Usernames are copied in when the row is
 * written, so a log still reads right after a rename, a transfer or a deletion.
 */
export const logs = pgTable(
  'logs',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    action: text('action', { enum: LOG_ACTIONS }).notNull(),
    type: text('type', { enum: LOG_TYPES }).notNull(),
    actorId: integer('actor_id').notNull(),
    actorUsername: text('actor_username').notNull(),
    /** The actor's master when it acted. */
    masterId: integer('master_id'),
    masterUsername: text('master_username'),
    targetAccountId: integer('target_account_id'),
    targetUsername: text('target_username'),
    lineId: integer('line_id'),
    lineUsername: text('line_username'),
    value: numeric('value', { precision: 14, scale: 2 }),
    valueInt: integer('value_int'),
    actorCreditsBefore: numeric('actor_credits_before', { precision: 14, scale: 2 }),
    actorCreditsAfter: numeric('actor_credits_after', { precision: 14, scale: 2 }),
    targetCreditsBefore: numeric('target_credits_before', { precision: 14, scale: 2 }),
    targetCreditsAfter: numeric('target_credits_after', { precision: 14, scale: 2 }),
    details: jsonb('details').$type<LogDetails>(),
    /** The API token the actor acted through, by its name then (decision 0139); null: the panel. */
    apiTokenName: text('api_token_name'),
  },
  (table) => [
    index('logs_created_idx').on(table.createdAt.desc()),
    index('logs_actor_idx').on(table.actorId, table.createdAt),
    index('logs_target_idx').on(table.targetAccountId, table.createdAt),
    index('logs_action_type_idx').on(table.action, table.type, table.createdAt),
    check('logs_action', inListCheck('action', LOG_ACTIONS)),
    check('logs_type', inListCheck('type', LOG_TYPES)),
  ],
);

export type LogRow = typeof logs.$inferSelect;
export type NewLogRow = typeof logs.$inferInsert;
