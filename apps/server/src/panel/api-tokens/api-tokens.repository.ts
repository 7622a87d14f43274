import type { ApiTokenScope } from '@panel/shared/api-tokens/api-tokens-api';
import { and, count, desc, eq, gt, isNull, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { accounts, apiTokens, type ApiTokenRow } from '../../db/schema';

/** A token row with its owner's name. */
export type ApiTokenWithOwner = ApiTokenRow & { owner: string };

/** What the check of every token request reads: the token and its owner as a Caller needs it. */
export interface ApiTokenWithAccount {
  id: number;
  name: string;
  scopes: ApiTokenScope[];
  allowedAddresses: string[];
  expiresAt: Date | null;
  revokedAt: Date | null;
  lastUsedAt: Date | null;
  lastUsedIp: string | null;
  accountId: number;
  username: string;
  role: 'admin' | 'publisher' | 'reseller';
  path: string;
  status: number;
}

function findQuery(db: Database) {
  return db
    .select({
      id: apiTokens.id,
      name: apiTokens.name,
      scopes: apiTokens.scopes,
      allowedAddresses: apiTokens.allowedAddresses,
      expiresAt: apiTokens.expiresAt,
      revokedAt: apiTokens.revokedAt,
      lastUsedAt: apiTokens.lastUsedAt,
      lastUsedIp: apiTokens.lastUsedIp,
      accountId: accounts.id,
      username: accounts.username,
      role: accounts.role,
      path: accounts.path,
      status: accounts.status,
    })
    .from(apiTokens)
    .innerJoin(accounts, eq(accounts.id, apiTokens.accountId))
    .where(eq(apiTokens.tokenHash, sql.placeholder('tokenHash')))
    .prepare('find_api_token');
}

// Every token request runs it first, like the session lookup: prepared once per database handle (decision 0018).
const prepared = new WeakMap<Database, ReturnType<typeof findQuery>>();

/** The token with this hash, read on every request (decision 0137): a revocation counts at once. */
export async function findApiToken(
  db: Database,
  tokenHash: string,
): Promise<ApiTokenWithAccount | undefined> {
  let query = prepared.get(db);
  if (!query) {
    query = findQuery(db);
    prepared.set(db, query);
  }
  const rows = await query.execute({ tokenHash });
  return rows[0];
}

export async function touchApiToken(db: Database, id: number, ip: string): Promise<void> {
  await db
    .update(apiTokens)
    .set({ lastUsedAt: sql`now()`, lastUsedIp: ip })
    .where(eq(apiTokens.id, id));
}

export async function insertApiToken(
  db: Database,
  values: {
    accountId: number;
    name: string;
    tokenHash: string;
    tokenHint: string;
    scopes: ApiTokenScope[];
    allowedAddresses: string[];
    expiresAt: Date | null;
  },
): Promise<ApiTokenRow> {
  const [row] = await db.insert(apiTokens).values(values).returning();
  if (!row) throw new Error('API token insert returned nothing');
  return row;
}

/** Tokens neither revoked nor expired of an account. */
export async function countActiveApiTokens(db: Database, accountId: number): Promise<number> {
  const [row] = await db
    .select({ total: count() })
    .from(apiTokens)
    .where(
      and(
        eq(apiTokens.accountId, accountId),
        isNull(apiTokens.revokedAt),
        or(isNull(apiTokens.expiresAt), gt(apiTokens.expiresAt, sql`now()`)),
      ),
    );
  return row?.total ?? 0;
}

/** One account's tokens, or every account's (the admin's list); newest first. */
export async function listApiTokens(
  db: Database,
  filter: { accountId: number } | 'all',
): Promise<ApiTokenWithOwner[]> {
  const rows = await db
    .select({ token: apiTokens, owner: accounts.username })
    .from(apiTokens)
    .innerJoin(accounts, eq(accounts.id, apiTokens.accountId))
    .where(filter === 'all' ? undefined : eq(apiTokens.accountId, filter.accountId))
    .orderBy(desc(apiTokens.id));
  return rows.map(({ token, owner }) => ({ ...token, owner }));
}

export async function findApiTokenById(db: Database, id: number): Promise<ApiTokenWithOwner | undefined> {
  const [row] = await db
    .select({ token: apiTokens, owner: accounts.username })
    .from(apiTokens)
    .innerJoin(accounts, eq(accounts.id, apiTokens.accountId))
    .where(eq(apiTokens.id, id));
  return row ? { ...row.token, owner: row.owner } : undefined;
}

/** Sets revoked_at once; answers whether this call revoked it. */
export async function revokeApiToken(db: Database, id: number, revokedBy: number): Promise<boolean> {
  const rows = await db
    .update(apiTokens)
    .set({ revokedAt: sql`now()`, revokedBy })
    .where(and(eq(apiTokens.id, id), isNull(apiTokens.revokedAt)))
    .returning({ id: apiTokens.id });
  return rows.length > 0;
}
