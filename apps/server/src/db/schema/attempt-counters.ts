import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Sign-in, unlock and password attempts, counted in the database so that every server process behind a
 * load balancer shares one allowance (decision 0021). `key` names what is counted ('sign-in:addr:…',
 * 'account:…', 'session:…'); a row whose window has ended counts from zero again.
 */
export const attemptCounters = pgTable('attempt_counters', {
  key: text('key').primaryKey(),
  hits: integer('hits').notNull(),
  windowEndsAt: timestamp('window_ends_at', { withTimezone: true }).notNull(),
  // Set on an account after repeated failures: refused until then, whatever the address (growing delay).
  blockedUntil: timestamp('blocked_until', { withTimezone: true }),
});
