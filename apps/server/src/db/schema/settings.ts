import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** Panel settings of docs/product/constants.md#panel-settings (key/value strings). */
export const settings = pgTable('settings', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** The global important message (one row, id 1). */
export const news = pgTable('news', {
  id: integer('id').primaryKey(),
  message: text('message').notNull().default(''),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Secrets the server generates on first start (signing key) so restarts keep sessions and captchas valid. */
export const appSecrets = pgTable('app_secrets', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
