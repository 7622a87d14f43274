import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { accounts, type AccountRow } from '../../db/schema';

export async function findAccountByUsername(db: Database, username: string): Promise<AccountRow | undefined> {
  const rows = await db
    .select()
    .from(accounts)
    .where(sql`lower(${accounts.username}) = lower(${username})`)
    .limit(1);
  return rows[0];
}

export async function findAccountById(db: Database, id: number): Promise<AccountRow | undefined> {
  const rows = await db.select().from(accounts).where(eq(accounts.id, id)).limit(1);
  return rows[0];
}

export async function recordLogin(db: Database, id: number, ip: string): Promise<void> {
  await db
    .update(accounts)
    .set({ lastLoginAt: sql`now()`, lastIp: ip })
    .where(eq(accounts.id, id));
}

export async function updatePreferences(
  db: Database,
  id: number,
  preferences: { darkMode?: number; mobileTableMode?: number; avatar?: string },
): Promise<void> {
  if (Object.values(preferences).every((value) => value === undefined)) return;
  await db.update(accounts).set(preferences).where(eq(accounts.id, id));
}

export async function updatePasswordHash(db: Database, id: number, passwordHash: string): Promise<void> {
  await db.update(accounts).set({ passwordHash }).where(eq(accounts.id, id));
}
