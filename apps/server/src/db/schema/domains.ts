import { SHORT_LINK_TYPES } from '@panel/shared/domains/short-link-types';
import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  check,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { accounts } from './accounts';
import { inListCheck } from './in-list-check';
import { lines } from './lines';

/**
 * A reseller's own domains (docs/product/screens.md#domains). A row is an account's claim of a host name;
 * several accounts may claim a host while none has verified it, and the first to verify takes it: its
 * claim is the only verified row of the host, the others are deleted (decision 0070), because a short link
 * is answered by the request's Host. A domain carries links only once verified (`verified_at`): its DNS
 * points at the panel, or it serves `verification_token`.
 */
export const domains = pgTable(
  'domains',
  {
    id: serial('id').primaryKey(),
    ownerId: integer('owner_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    /** Lowercase host name, no scheme, port or trailing dot. */
    domain: text('domain').notNull(),
    isDefault: boolean('is_default').notNull().default(false),
    verificationToken: text('verification_token').notNull(),
    verifiedAt: timestamp('verified_at', { withTimezone: true }),
    /** When verification last ran and why it failed (null when it passed or never ran). */
    checkedAt: timestamp('checked_at', { withTimezone: true }),
    checkError: text('check_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    // One claim per account and host; lookups by host use its first column.
    uniqueIndex('domains_domain_owner_key').on(table.domain, table.ownerId),
    // One verified claim per host (decision 0070).
    uniqueIndex('domains_verified_domain_key')
      .on(table.domain)
      .where(sql`${table.verifiedAt} is not null`),
    index('domains_owner_idx').on(table.ownerId, table.id),
    // One default per account, kept by the database under concurrent "set default" requests.
    uniqueIndex('domains_one_default_per_owner')
      .on(table.ownerId)
      .where(sql`${table.isDefault}`),
    check('domains_domain_lowercase', sql`${table.domain} = lower(${table.domain})`),
  ],
);

export type DomainRow = typeof domains.$inferSelect;

/**
 * Short links of a line on a domain (`GET http(s)://<domain>/<code>` redirects to the line's playlist of
 * `type`). A link dies with its line: deleting the line or the domain deletes it, and the redirect refuses
 * a blocked or expired line.
 */
export const shortLinks = pgTable(
  'short_links',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    code: text('code').notNull(),
    domainId: integer('domain_id')
      .notNull()
      .references(() => domains.id, { onDelete: 'cascade' }),
    lineId: integer('line_id')
      .notNull()
      .references(() => lines.id, { onDelete: 'cascade' }),
    type: text('type', { enum: SHORT_LINK_TYPES }).notNull(),
    createdBy: integer('created_by').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('short_links_code_key').on(table.code),
    index('short_links_line_idx').on(table.lineId),
    index('short_links_domain_idx').on(table.domainId),
    check('short_links_type', inListCheck('type', SHORT_LINK_TYPES)),
  ],
);

export type ShortLinkRow = typeof shortLinks.$inferSelect;
