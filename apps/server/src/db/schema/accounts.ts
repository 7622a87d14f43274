import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  numeric,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';

/**
 * Admins, publishers and resellers in one tree. `path` is the materialised chain of ancestor ids
 * ('/1/7/42/'), so "is X in my subtree" is one indexed prefix match instead of a recursive query.
 */
export const accounts = pgTable(
  'accounts',
  {
    id: serial('id').primaryKey(),
    username: text('username').notNull(),
    passwordHash: text('password_hash').notNull(),
    email: text('email'),
    role: text('role', { enum: ['admin', 'publisher', 'reseller'] }).notNull(),
    parentId: integer('parent_id').references((): AnyPgColumn => accounts.id),
    path: text('path').notNull(),
    status: smallint('status').notNull().default(1),
    credits: numeric('credits', { precision: 14, scale: 2 }).notNull().default('0'),
    bonusCredits: numeric('bonus_credits', { precision: 14, scale: 2 }).notNull().default('0'),
    notes: text('notes'),
    avatar: text('avatar').notNull().default('avatar1'),
    darkMode: smallint('dark_mode').notNull().default(0),
    mobileTableMode: smallint('mobile_table_mode').notNull().default(0),
    /** The bucket that receives the lines and sub-resellers of deleted resellers (REVENDAS_DELETADOS). */
    isDeletedBucket: boolean('is_deleted_bucket').notNull().default(false),
    lastLoginAt: timestamp('last_login_at', { withTimezone: true }),
    lastIp: text('last_ip'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('accounts_username_lower_key').on(sql`lower(${table.username})`),
    index('accounts_path_idx').on(sql`${table.path} text_pattern_ops`),
    index('accounts_parent_idx').on(table.parentId),
    check('accounts_credits_not_negative', sql`${table.credits} >= 0`),
    check('accounts_status_flag', sql`${table.status} in (0, 1)`),
  ],
);

export type AccountRow = typeof accounts.$inferSelect;
