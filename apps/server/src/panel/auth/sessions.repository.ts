import { and, desc, eq, isNull, sql } from 'drizzle-orm';
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
  /** Opened only to set up the second step the panel requires (decision 0132). */
  twoFactorSetup: boolean;
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
      twoFactorSetup: sessions.twoFactorSetup,
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
  values: {
    tokenHash: string;
    accountId: number;
    expiresAt: Date;
    ip: string;
    userAgent?: string;
    device?: string;
    country?: string | null;
    twoFactorSetup?: boolean;
  },
): Promise<void> {
  await db.insert(sessions).values(values);
}

/** Whether the account signed in before at all, from this device, from this country (decision 0134). */
export async function knownPlaces(
  db: Database,
  accountId: number,
  device: string,
  country: string | null,
): Promise<{ any: boolean; device: boolean; country: boolean }> {
  const [row] = await db
    .select({
      any: sql<boolean>`count(*) > 0`,
      device: sql<boolean>`coalesce(bool_or(${sessions.device} = ${device}), false)`,
      country: sql<boolean>`coalesce(bool_or(${sessions.country} = ${country}), false)`,
    })
    .from(sessions)
    .where(eq(sessions.accountId, accountId));
  return { any: Boolean(row?.any), device: Boolean(row?.device), country: Boolean(row?.country) };
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

/** Ends every open session of an account at once (blocking, deletion, password change); how many ended. */
export async function endAccountSessions(
  db: Database,
  accountId: number,
  exceptTokenHash?: string,
): Promise<number> {
  const conditions = [eq(sessions.accountId, accountId), isNull(sessions.endedAt)];
  if (exceptTokenHash) conditions.push(sql`${sessions.tokenHash} <> ${exceptTokenHash}`);
  const ended = await db
    .update(sessions)
    .set({ endedAt: sql`now()` })
    .where(and(...conditions))
    .returning({ id: sessions.id });
  return ended.length;
}

export interface OpenSessionRow {
  id: number;
  tokenHash: string;
  device: string | null;
  userAgent: string | null;
  ip: string | null;
  country: string | null;
  createdAt: Date;
  lastSeenAt: Date;
  lockedAt: Date | null;
}

/** The account's sessions still open (not ended, not expired), the latest seen first (decision 0134). */
export async function listOpenSessions(db: Database, accountId: number): Promise<OpenSessionRow[]> {
  return db
    .select({
      id: sessions.id,
      tokenHash: sessions.tokenHash,
      device: sessions.device,
      userAgent: sessions.userAgent,
      ip: sessions.ip,
      country: sessions.country,
      createdAt: sessions.createdAt,
      lastSeenAt: sessions.lastSeenAt,
      lockedAt: sessions.lockedAt,
    })
    .from(sessions)
    .where(
      and(eq(sessions.accountId, accountId), isNull(sessions.endedAt), sql`${sessions.expiresAt} > now()`),
    )
    .orderBy(desc(sessions.lastSeenAt), desc(sessions.id));
}

/** Ends one open session of the account by its id; false when it has no such open session. */
export async function endSessionById(db: Database, accountId: number, id: number): Promise<boolean> {
  const ended = await db
    .update(sessions)
    .set({ endedAt: sql`now()` })
    .where(and(eq(sessions.accountId, accountId), eq(sessions.id, id), isNull(sessions.endedAt)))
    .returning({ id: sessions.id });
  return ended.length > 0;
}
