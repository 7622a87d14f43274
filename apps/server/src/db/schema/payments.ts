import {
  PAYMENT_ACCOUNT_PROVIDERS,
  PAYMENT_PROVIDERS,
  PAYMENT_PURPOSES,
  PAYMENT_STATES,
  RENEWAL_PENDING_REASONS,
} from '@panel/shared/payments/payments-api';
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { accounts } from './accounts';
import { packages } from './catalog';
import { inListCheck } from './in-list-check';

/**
 * How a reseller receives its customers' money (decision 0161): its PIX key for a static BR Code, or its own
 * Mercado Pago account. The access token and the webhook secret are sealed (AES-256-GCM, lib/secret-box.ts,
 * bound to the account id); `mercadopago_token_hint` is the token's last 4 characters, to show.
 */
export const paymentAccounts = pgTable(
  'payment_accounts',
  {
    accountId: integer('account_id')
      .primaryKey()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    provider: text('provider', { enum: PAYMENT_ACCOUNT_PROVIDERS }).notNull().default('none'),
    pixKey: text('pix_key'),
    merchantName: text('merchant_name'),
    merchantCity: text('merchant_city'),
    mercadopagoAccessToken: text('mercadopago_access_token'),
    mercadopagoTokenHint: text('mercadopago_token_hint'),
    mercadopagoWebhookSecret: text('mercadopago_webhook_secret'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  () => [check('payment_accounts_provider', inListCheck('provider', PAYMENT_ACCOUNT_PROVIDERS))],
);

/** The customer's price in reais of a renewal by a package, per reseller (decision 0161). */
export const paymentPrices = pgTable(
  'payment_prices',
  {
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    packageId: integer('package_id')
      .notNull()
      .references(() => packages.id, { onDelete: 'cascade' }),
    price: numeric('price', { precision: 12, scale: 2 }).notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.accountId, table.packageId] }),
    check('payment_prices_positive', sql`${table.price} > 0`),
  ],
);

/**
 * What an account sells its direct resellers by PIX (decision 0183): whether they may buy, the price in
 * reais of one credit (null until set) and, in `credit_sale_packs`, fixed prices for exact quantities.
 */
export const creditSaleSettings = pgTable(
  'credit_sale_settings',
  {
    accountId: integer('account_id')
      .primaryKey()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    enabled: boolean('enabled').notNull().default(false),
    unitPrice: numeric('unit_price', { precision: 12, scale: 2 }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check('credit_sale_unit_price_positive', sql`${table.unitPrice} is null or ${table.unitPrice} > 0`),
    check('credit_sale_enabled_priced', sql`not ${table.enabled} or ${table.unitPrice} is not null`),
  ],
);

export const creditSalePacks = pgTable(
  'credit_sale_packs',
  {
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    credits: integer('credits').notNull(),
    price: numeric('price', { precision: 12, scale: 2 }).notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.accountId, table.credits] }),
    check('credit_sale_packs_credits', sql`${table.credits} between 1 and 10000`),
    check('credit_sale_packs_price_positive', sql`${table.price} > 0`),
  ],
);

/**
 * One charge to a customer and what became of it (decisions 0160, 0163, 0164). `reference` is the PIX txid
 * and Mercado Pago's external_reference. The state only moves forward through conditional updates, which is
 * what makes a notification delivered twice renew once. Like the ledger, the account and line columns have
 * no foreign key: the history outlives a deleted reseller or line.
 */
export const payments = pgTable(
  'payments',
  {
    id: serial('id').primaryKey(),
    reference: text('reference').notNull(),
    /** Who receives the money (and whose credits renew the line). */
    accountId: integer('account_id').notNull(),
    purpose: text('purpose', { enum: PAYMENT_PURPOSES }).notNull(),
    provider: text('provider', { enum: PAYMENT_PROVIDERS }).notNull(),
    state: text('state', { enum: PAYMENT_STATES }).notNull().default('pending'),
    renewalPendingReason: text('renewal_pending_reason', { enum: RENEWAL_PENDING_REASONS }),
    amount: numeric('amount', { precision: 12, scale: 2 }).notNull(),
    lineId: integer('line_id'),
    lineUsername: text('line_username'),
    packageId: integer('package_id'),
    /** A credit purchase (decision 0184): the reseller that buys from `account_id`, and the whole credits. */
    buyerAccountId: integer('buyer_account_id'),
    buyerUsername: text('buyer_username'),
    credits: integer('credits'),
    providerPaymentId: text('provider_payment_id'),
    pixCode: text('pix_code'),
    ticketUrl: text('ticket_url'),
    /** Who started the charge: the reseller from the panel (the customer page will leave it null). */
    createdBy: integer('created_by'),
    /** Who confirmed a static PIX's receipt; null when the provider did. */
    confirmedBy: integer('confirmed_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    renewedAt: timestamp('renewed_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('payments_reference_key').on(table.reference),
    uniqueIndex('payments_provider_payment_key')
      .on(table.accountId, table.providerPaymentId)
      .where(sql`${table.providerPaymentId} is not null`),
    index('payments_account_created_idx').on(table.accountId, table.createdAt),
    // The buyer's 'Comprar créditos' history.
    index('payments_buyer_created_idx')
      .on(table.buyerAccountId, table.createdAt)
      .where(sql`${table.buyerAccountId} is not null`),
    // The workers' passes read only the payments still waiting for something.
    index('payments_waiting_idx')
      .on(table.state, table.updatedAt)
      .where(sql`${table.state} in ('pending', 'renewal_pending')`),
    check('payments_amount_positive', sql`${table.amount} > 0`),
    check('payments_purpose', inListCheck('purpose', PAYMENT_PURPOSES)),
    check('payments_provider', inListCheck('provider', PAYMENT_PROVIDERS)),
    check('payments_state', inListCheck('state', PAYMENT_STATES)),
    check(
      'payments_renewal_line',
      sql`${table.purpose} <> 'line_renewal' or (${table.lineId} is not null and ${table.packageId} is not null)`,
    ),
    check(
      'payments_credit_purchase',
      sql`${table.purpose} <> 'credit_purchase' or (${table.buyerAccountId} is not null and ${table.buyerAccountId} <> ${table.accountId} and ${table.credits} between 1 and 10000)`,
    ),
  ],
);

export type PaymentRow = typeof payments.$inferSelect;
export type PaymentAccountRow = typeof paymentAccounts.$inferSelect;
export type CreditSaleSettingsRow = typeof creditSaleSettings.$inferSelect;
