import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { accounts, sessions } from '../../db/schema';

export interface SessionWithAccount {
  tokenHash: string;
  accountId: number;
  lastSeenAt: Date;
  expiresAt: Date;
  lockedAt: Date | null;
  endedAt: Date | null;
  username: string;
  role: 'admin' | 'publisher' | 'reseller';
  path: string;
  status: number;
  avatar: string;
}

function findSessionQuery(db: Database) {
  return db
    .select({
      tokenHash: sessions.tokenHash,
      accountId: sessions.accountId,
      lastSeenAt: sessions.lastSeenAt,
      expiresAt: sessions.expiresAt,
      lockedAt: sessions.lockedAt,
      endedAt: sessions.endedAt,
      username: accounts.username,
      role: accounts.role,
      path: accounts.path,
      status: accounts.status,
      avatar: accounts.avatar,
    })
    .from(sessions)
    .innerJoin(accounts, eq(accounts.id, sessions.accountId))
    .where(eq(sessions.tokenHash, sql.placeholder('tokenHash')))
    .prepare('find_session');
}

// Every authenticated request runs this first: built once per database handle, and a named prepared
// statement on PostgreSQL (parsed and planned once per connection), decision 0018.
const prepared = new WeakMap<Database, ReturnType<typeof findSessionQuery>>();

export async function findSession(db: Database, tokenHash: string): Promise<SessionWithAccount | undefined> {
  let query = prepared.get(db);
  if (!query) {
    query = findSessionQuery(db);
    prepared.set(db, query);
  }
  const rows = await query.execute({ tokenHash });
  return rows[0];
}

export async function insertSession(
  db: Database,
  values: { tokenHash: string; accountId: number; expiresAt: Date; ip: string; userAgent?: string },
): Promise<void> {
  await db.insert(sessions).values(values);
}

export async function touchSession(db: Database, tokenHash: string): Promise<void> {
  await db
    .update(sessions)
    .set({ lastSeenAt: sql`now()` })
    .where(eq(sessions.tokenHash, tokenHash));
}

export async function lockSession(db: Database, tokenHash: string): Promise<void> {
  await db
    .update(sessions)
    .set({ lockedAt: sql`now()` })
    .where(and(eq(sessions.tokenHash, tokenHash), isNull(sessions.lockedAt)));
}

export async function unlockSession(db: Database, tokenHash: string): Promise<void> {
  await db
    .update(sessions)
    .set({ lockedAt: null, lastSeenAt: sql`now()` })
    .where(eq(sessions.tokenHash, tokenHash));
}

export async function endSession(db: Database, tokenHash: string): Promise<void> {
  await db
    .update(sessions)
    .set({ endedAt: sql`now()` })
    .where(and(eq(sessions.tokenHash, tokenHash), isNull(sessions.endedAt)));
}

/** Ends every open session of an account at once (blocking, deletion, password change). */
export async function endAccountSessions(
  db: Database,
  accountId: number,
  exceptTokenHash?: string,
): Promise<void> {
  const conditions = [eq(sessions.accountId, accountId), isNull(sessions.endedAt)];
  if (exceptTokenHash) conditions.push(sql`${sessions.tokenHash} <> ${exceptTokenHash}`);
  await db
    .update(sessions)
    .set({ endedAt: sql`now()` })
    .where(and(...conditions));
}
