import { boolean, integer, numeric, pgTable, serial, smallint, text } from 'drizzle-orm/pg-core';

/** Subscription packages (docs/product/entities.md#package, docs/product/constants.md#packages-and-systems). Ids are fixed by the product, so not serial. */
export const packages = pgTable('packages', {
  id: integer('id').primaryKey(),
  packageName: text('package_name').notNull(),
  isTrial: boolean('is_trial').notNull().default(false),
  isAdult: boolean('is_adult').notNull().default(false),
  officialDuration: smallint('official_duration').notNull(),
  officialCredits: numeric('official_credits', { precision: 10, scale: 2 }).notNull(),
  /** Trial packages last hours, not months. */
  trialHours: smallint('trial_hours'),
  isDefault: boolean('is_default').notNull().default(false),
  active: boolean('active').notNull().default(true),
});

/** Channel groups a line can see. */
export const bouquets = pgTable('bouquets', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  sortOrder: integer('sort_order').notNull().default(0),
  isAdult: boolean('is_adult').notNull().default(false),
});
