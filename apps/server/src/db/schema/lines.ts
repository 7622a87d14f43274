import { sql } from 'drizzle-orm';
import {
  bigserial,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { accounts } from './accounts';
import { packages } from './catalog';

/**
 * Customer lines (docs/product/entities.md#line). `owner_path` copies the owning reseller's `accounts.path`, so a subtree
 * filter over millions of lines is one index range instead of a join per row (kept in step when a reseller
 * moves). Indexes follow the list filters and sorts of /users (docs/data-model.md).
 */
export const lines = pgTable(
  'lines',
  {
    id: serial('id').primaryKey(),
    resellerId: integer('reseller_id')
      .notNull()
      .references(() => accounts.id),
    ownerPath: text('owner_path').notNull(),
    username: text('username').notNull(),
    password: text('password').notNull(),
    fullName: text('full_name'),
    macaddr: text('macaddr'),
    phone: text('phone'),
    maxConnections: smallint('max_connections').notNull().default(1),
    enabled: smallint('enabled').notNull().default(1),
    expDate: timestamp('exp_date', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    isTrial: smallint('is_trial').notNull().default(0),
    system: smallint('system').notNull().default(1),
    extraDays: smallint('extra_days').notNull().default(0),
    extraDaysEnabled: smallint('extra_days_enabled').notNull().default(1),
    resellerNotes: text('reseller_notes'),
    packageId: integer('package_id')
      .notNull()
      .references(() => packages.id),
    bouquets: integer('bouquets')
      .array()
      .notNull()
      .default(sql`'{}'::integer[]`),
    dreamtvDeviceId: text('dreamtv_device_id'),
    dreamtvPlaylistId: text('dreamtv_playlist_id'),
    // The box a hybrid line's portal is locked to (decision 0114): bound by its first get_profile, cleared by
    // 'Liberar aparelho' and by a change of MAC (trigger of migration 0024).
    portalSn: text('portal_sn'),
    portalDeviceId: text('portal_device_id'),
    portalDeviceId2: text('portal_device_id2'),
    portalModel: text('portal_model'),
    /** The last time another box was refused (shown to the reseller until released). */
    portalRefusedAt: timestamp('portal_refused_at', { withTimezone: true }),
    /** The handshake nonce get_profile adopted: only that session reads content (decision 0113). */
    portalSession: text('portal_session'),
  },
  (table) => [
    uniqueIndex('lines_username_key').on(table.username),
    uniqueIndex('lines_macaddr_key')
      .on(table.macaddr)
      .where(sql`${table.macaddr} is not null`),
    // Both also INCLUDE (enabled, is_trial, system), the first also created_at — migration 0006, decision
    // 0018 — so filtered counts of a subtree or an owner are index-only; drizzle's builder cannot say INCLUDE.
    index('lines_owner_path_exp_idx').on(sql`${table.ownerPath} text_pattern_ops`, table.expDate),
    index('lines_reseller_exp_idx').on(table.resellerId, table.expDate),
    index('lines_exp_idx').on(table.expDate),
    index('lines_enabled_exp_idx').on(table.enabled, table.expDate),
    index('lines_trial_exp_idx').on(table.isTrial, table.expDate),
    index('lines_system_idx').on(table.system),
    // Foreign key to packages: "is this package in use?" and the delete check stay index lookups.
    index('lines_package_idx').on(table.packageId),
    index('lines_search_trgm_idx').using(
      'gin',
      sql`(coalesce(${table.username}, '') || ' ' || coalesce(${table.fullName}, '') || ' ' || coalesce(${table.resellerNotes}, '') || ' ' || coalesce(${table.macaddr}, '')) gin_trgm_ops`,
    ),
    check('lines_system_code', sql`${table.system} in (1, 2, 3)`),
    check('lines_enabled_flag', sql`${table.enabled} in (0, 1)`),
    check('lines_trial_flag', sql`${table.isTrial} in (0, 1)`),
    check('lines_screens_positive', sql`${table.maxConnections} >= 1`),
    check('lines_extra_days_range', sql`${table.extraDays} between 0 and 3`),
  ],
);

export type LineRow = typeof lines.$inferSelect;

/**
 * Changes of P2P and hybrid lines waiting to reach their provisioning endpoint, written in the same
 * transaction as the change (transactional outbox) and delivered with retries by the worker.
 */
export const provisioningOutbox = pgTable(
  'provisioning_outbox',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    lineId: integer('line_id').notNull(),
    system: smallint('system').notNull(),
    event: text('event').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('provisioning_outbox_pending_idx')
      .on(table.nextAttemptAt)
      .where(sql`${table.deliveredAt} is null`),
    index('provisioning_outbox_line_idx').on(table.lineId, table.id),
  ],
);

/**
 * Events the panel sends to a hybrid line's box through the portal's watchdog (decision 0116): a message
 * (`send_msg`) shown until the box confirms it.
 */
export const portalEvents = pgTable(
  'portal_events',
  {
    id: serial('id').primaryKey(),
    lineId: integer('line_id')
      .notNull()
      .references(() => lines.id, { onDelete: 'cascade' }),
    event: text('event').notNull(),
    message: text('message').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
  },
  (table) => [
    index('portal_events_pending_idx')
      .on(table.lineId, table.id)
      .where(sql`${table.confirmedAt} is null`),
  ],
);
