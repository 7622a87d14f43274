import { BRAND_LOGO_TYPES } from '@panel/shared/customer-page/customer-page-api';
import { check, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { accounts } from './accounts';
import { inListCheck } from './in-list-check';

/**
 * A reseller's branding on its customer page (decisions 0175, 0178): the name, colour and WhatsApp number
 * shown to its customers, and its logo. The logo is kept here (base64 of the checked image, at most
 * BRAND_LOGO_MAX_BYTES) so every process serves it without shared files; `updated_at` versions its URL.
 */
export const accountBrandings = pgTable(
  'account_brandings',
  {
    accountId: integer('account_id')
      .primaryKey()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    /** At most BRAND_NAME_MAX characters; empty: the account's username. */
    name: text('name').notNull().default(''),
    /** '#rrggbb' lowercase, or empty: DEFAULT_BRAND_COLOR. */
    color: text('color').notNull().default(''),
    /** Digits with the country code ('5511987654321'), or empty. */
    whatsapp: text('whatsapp').notNull().default(''),
    logoType: text('logo_type', { enum: BRAND_LOGO_TYPES }),
    logoBase64: text('logo_base64'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  () => [check('account_brandings_logo_type', inListCheck('logo_type', BRAND_LOGO_TYPES))],
);

export type AccountBrandingRow = typeof accountBrandings.$inferSelect;
