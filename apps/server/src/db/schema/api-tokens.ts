import { API_TOKEN_SCOPES, type ApiTokenScope } from '@panel/shared/api-tokens/api-tokens-api';
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { accounts } from './accounts';

/**
 * Scoped API tokens of admins and resellers (decision 0137): like sessions, only the SHA-256 of the random
 * token is stored, and every request looks it up, so a revocation is refused at once on every process.
 */
export const apiTokens = pgTable(
  'api_tokens',
  {
    id: serial('id').primaryKey(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    tokenHash: text('token_hash').notNull(),
    /** The token's last 4 characters, so its owner can tell tokens apart. */
    tokenHint: text('token_hint').notNull(),
    scopes: text('scopes').array().$type<ApiTokenScope[]>().notNull(),
    /** IPs and CIDR ranges the token is accepted from; empty: any address (decision 0138). */
    allowedAddresses: text('allowed_addresses')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    lastUsedIp: text('last_used_ip'),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    /** Who revoked it: its owner or an admin. */
    revokedBy: integer('revoked_by').references(() => accounts.id, { onDelete: 'set null' }),
  },
  (table) => [
    uniqueIndex('api_tokens_token_hash_key').on(table.tokenHash),
    index('api_tokens_account_idx').on(table.accountId),
    check(
      'api_tokens_scopes',
      sql`cardinality(${table.scopes}) > 0 and ${table.scopes} <@ array[${sql.raw(
        API_TOKEN_SCOPES.map((scope) => `'${scope}'`).join(', '),
      )}]::text[]`,
    ),
  ],
);

export type ApiTokenRow = typeof apiTokens.$inferSelect;
