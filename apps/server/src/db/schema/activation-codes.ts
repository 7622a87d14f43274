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
} from 'drizzle-orm/pg-core';
import { packages } from './catalog';
import { lines } from './lines';

/**
 * A batch of activation codes a reseller bought at once (decisions 0145–0149): one package, screens and
 * service, one ledger movement. `owner_id` carries no foreign key, like the ledger's accounts: a deleted
 * reseller's batches move to REVENDAS_DELETADOS with its lines. The package's months and the price paid
 * are copied in, so a later change of the package changes neither the codes' months nor their refunds.
 */
export const activationBatches = pgTable(
  'activation_batches',
  {
    id: serial('id').primaryKey(),
    ownerId: integer('owner_id').notNull(),
    /** Who bought it (the owner, or an admin acting for itself). */
    actorId: integer('actor_id').notNull(),
    packageId: integer('package_id')
      .notNull()
      .references(() => packages.id),
    system: smallint('system').notNull(),
    screens: smallint('screens').notNull(),
    isTrial: boolean('is_trial').notNull().default(false),
    months: smallint('months').notNull(),
    trialHours: smallint('trial_hours'),
    quantity: smallint('quantity').notNull(),
    note: text('note'),
    /** What one code cost its owner: what cancelling it gives back. */
    unitPrice: numeric('unit_price', { precision: 14, scale: 2 }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('activation_batches_owner_idx').on(table.ownerId, table.id),
    check('activation_batches_system', sql`${table.system} in (1, 2)`),
    check('activation_batches_quantity', sql`${table.quantity} between 1 and 500`),
    check('activation_batches_screens', sql`${table.screens} between 1 and 100`),
    check('activation_batches_price', sql`${table.unitPrice} >= 0`),
  ],
);

/**
 * One code of a batch. Its line (username and password = the code) waits with the waiting expiry until
 * the first use sets `activated_at` and the line's expiry in one conditional UPDATE (decision 0145); a
 * cancel sets `cancelled_at` and removes the line. Each happens at most once: both need the other unset,
 * so a code is refunded at most once (decision 0148).
 */
export const activationCodes = pgTable(
  'activation_codes',
  {
    id: serial('id').primaryKey(),
    batchId: integer('batch_id')
      .notNull()
      .references(() => activationBatches.id),
    code: text('code').notNull(),
    lineId: integer('line_id').references(() => lines.id, { onDelete: 'set null' }),
    activatedAt: timestamp('activated_at', { withTimezone: true }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('activation_codes_code_key').on(table.code),
    uniqueIndex('activation_codes_line_key')
      .on(table.lineId)
      .where(sql`${table.lineId} is not null`),
    index('activation_codes_batch_idx').on(table.batchId, table.id),
    check(
      'activation_codes_used_or_cancelled',
      sql`${table.activatedAt} is null or ${table.cancelledAt} is null`,
    ),
  ],
);

export type ActivationBatchRow = typeof activationBatches.$inferSelect;
export type ActivationCodeRow = typeof activationCodes.$inferSelect;
