import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { accounts } from './accounts';

/**
 * Server-side sessions: the bearer token is random and only its SHA-256 is stored, so logout,
 * lock and blocking a reseller take effect on the very next request.
 */
export const sessions = pgTable(
  'sessions',
  {
    tokenHash: text('token_hash').primaryKey(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    lockedAt: timestamp('locked_at', { withTimezone: true }),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    ip: text('ip'),
    userAgent: text('user_agent'),
  },
  (table) => [index('sessions_account_idx').on(table.accountId)],
);

export type SessionRow = typeof sessions.$inferSelect;
