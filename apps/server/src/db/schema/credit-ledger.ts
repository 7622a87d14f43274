import { LEDGER_KINDS } from '@panel/shared/money/ledger-entry-schema';
import { LOG_ACTIONS, LOG_TYPES } from '@panel/shared/logs/log-codes';
import { sql } from 'drizzle-orm';
import { bigserial, check, index, integer, numeric, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { inListCheck } from './in-list-check';

/**
 * Append-only statement of every balance change (docs/decisions/0010). A trigger of the migration
 * refuses UPDATE and DELETE. Account columns carry no foreign key on purpose: the history outlives
 * a deleted reseller, and ids are never reused.
 */
export const creditLedger = pgTable(
  'credit_ledger',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** Whose balance moved. */
    accountId: integer('account_id').notNull(),
    /** The other side: the other account of a transfer, the admin of a mint or burn. */
    counterpartyId: integer('counterparty_id'),
    actorId: integer('actor_id').notNull(),
    kind: text('kind', { enum: LEDGER_KINDS }).notNull(),
    action: text('action', { enum: LOG_ACTIONS }).notNull(),
    type: text('type', { enum: LOG_TYPES }).notNull(),
    lineId: integer('line_id'),
    targetAccountId: integer('target_account_id'),
    amount: numeric('amount', { precision: 14, scale: 2 }).notNull(),
    balanceBefore: numeric('balance_before', { precision: 14, scale: 2 }).notNull(),
    balanceAfter: numeric('balance_after', { precision: 14, scale: 2 }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('credit_ledger_account_idx').on(table.accountId, table.id),
    check('credit_ledger_amount_not_zero', sql`${table.amount} <> 0`),
    check(
      'credit_ledger_balance_step',
      sql`${table.balanceAfter} = ${table.balanceBefore} + ${table.amount}`,
    ),
    check('credit_ledger_balance_not_negative', sql`${table.balanceAfter} >= 0`),
    check('credit_ledger_kind', inListCheck('kind', LEDGER_KINDS)),
    check('credit_ledger_action', inListCheck('action', LOG_ACTIONS)),
    check('credit_ledger_type', inListCheck('type', LOG_TYPES)),
  ],
);

export type CreditLedgerRow = typeof creditLedger.$inferSelect;
