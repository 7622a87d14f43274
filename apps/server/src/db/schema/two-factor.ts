import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  index,
  integer,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { accounts } from './accounts';

/**
 * An account's authenticator app (decision 0130). The secrets are encrypted (AES-256-GCM, lib/secret-box.ts);
 * `pending_secret` is the one shown while setting up, until a code of it confirms it. `last_step` is the
 * last 30-second step a code was accepted for: a code of that step or an earlier one is refused (no replay).
 * `reset_at`: an admin reset it, told to the account at its next sign-in (decision 0135).
 */
export const accountTwoFactor = pgTable('account_two_factor', {
  accountId: integer('account_id')
    .primaryKey()
    .references(() => accounts.id, { onDelete: 'cascade' }),
  secret: text('secret'),
  pendingSecret: text('pending_secret'),
  enabledAt: timestamp('enabled_at', { withTimezone: true }),
  lastStep: bigint('last_step', { mode: 'number' }),
  resetAt: timestamp('reset_at', { withTimezone: true }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** One-time recovery codes, only their SHA-256 kept; a used one keeps its row with `used_at` (decision 0131). */
export const twoFactorRecoveryCodes = pgTable(
  'two_factor_recovery_codes',
  {
    id: serial('id').primaryKey(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (table) => [uniqueIndex('two_factor_recovery_codes_key').on(table.accountId, table.codeHash)],
);

/**
 * The password step's ticket (decision 0131): the right password of an account with two-factor sign-in
 * opens no session but this, valid for minutes, ended by its first right code or too many wrong ones.
 * Only its SHA-256 is kept. An unlock's ticket names the session it unlocks.
 */
export const secondStepTickets = pgTable(
  'second_step_tickets',
  {
    ticketHash: text('ticket_hash').primaryKey(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    purpose: text('purpose', { enum: ['sign_in', 'unlock'] }).notNull(),
    sessionTokenHash: text('session_token_hash'),
    failures: smallint('failures').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (table) => [
    index('second_step_tickets_expires_idx').on(table.expiresAt),
    check('second_step_tickets_purpose', sql`${table.purpose} in ('sign_in', 'unlock')`),
  ],
);
