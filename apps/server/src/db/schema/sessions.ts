import {
  bigserial,
  boolean,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
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
    /** What the sessions list names a session by (never the token's hash; decision 0134). */
    id: bigserial('id', { mode: 'number' }).notNull(),
    /** Browser and system read from the user agent at sign-in ('Chrome em Windows'). */
    device: text('device'),
    /** ISO country of `ip` at sign-in (app.geoIp). */
    country: text('country'),
    /** Opened while the panel setting requires two-factor sign-in the account lacks: only its setup answers (0132). */
    twoFactorSetup: boolean('two_factor_setup').notNull().default(false),
  },
  (table) => [index('sessions_account_idx').on(table.accountId), uniqueIndex('sessions_id_key').on(table.id)],
);

export type SessionRow = typeof sessions.$inferSelect;
