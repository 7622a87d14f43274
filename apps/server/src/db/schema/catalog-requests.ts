import { MEDIA_TYPES } from '@panel/shared/catalog-requests/catalog-requests-api';
import { sql } from 'drizzle-orm';
import {
  check,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { accounts } from './accounts';
import { inListCheck } from './in-list-check';

/**
 * Titles asked for the catalog (docs/product/screens.md#catalog-requests, decision 0055). One row per title
 * (a TMDB id is unique within its media type); the accounts that asked for it are rows of
 * `catalog_request_requesters`, so the same title asked by several resellers is one request with a count.
 */
export const catalogRequests = pgTable(
  'catalog_requests',
  {
    id: serial('id').primaryKey(),
    tmdbId: integer('tmdb_id').notNull(),
    mediaType: text('media_type').$type<(typeof MEDIA_TYPES)[number]>().notNull(),
    /** The title, poster path and release date as the metadata service gave them in pt-BR. */
    mediaTitle: text('media_title').notNull(),
    posterPath: text('poster_path'),
    releaseDate: date('release_date', { mode: 'string' }),
    /** 0 Em análise, 2 Na fila, 3 Em processamento, 1 No catálogo (docs/product/rules.md#catalog-and-domains). */
    status: smallint('status').notNull().default(2),
    publisherId: integer('publisher_id').references(() => accounts.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('catalog_requests_title_key').on(table.mediaType, table.tmdbId),
    index('catalog_requests_created_idx').on(table.createdAt, table.id),
    index('catalog_requests_publisher_idx').on(table.publisherId, table.status),
    check('catalog_requests_media_type', inListCheck('media_type', MEDIA_TYPES)),
    check('catalog_requests_status', sql`${table.status} in (0, 1, 2, 3)`),
  ],
);

/** Who asked for a request: one row per account, so asking twice changes nothing. */
export const catalogRequestRequesters = pgTable(
  'catalog_request_requesters',
  {
    requestId: integer('request_id')
      .notNull()
      .references(() => catalogRequests.id, { onDelete: 'cascade' }),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.requestId, table.accountId] }),
    index('catalog_request_requesters_account_idx').on(table.accountId),
  ],
);
