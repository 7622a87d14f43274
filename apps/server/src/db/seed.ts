import { asc, eq, sql } from 'drizzle-orm';
import { DELETED_RESELLERS_BUCKET } from '@panel/shared/resellers/reseller-constants';
import { PANEL_SETTING_DEFAULTS } from '@panel/shared/settings/panel-settings';
import { generatePassword, hashPassword } from '../lib/password-hash';
import type { Database } from './database';
import { runInTransaction } from './run-in-transaction';
import { accounts, bouquets, news, packages, settings } from './schema/index';

/** The package catalogue of docs/product/constants.md#packages-and-systems: default 17, trial 61, P2P 17/42/53/55/57, adult 47. */
export const SEED_PACKAGES = [
  { id: 17, packageName: 'Completo 1 mês', officialDuration: 1, officialCredits: '1.00', isDefault: true },
  { id: 42, packageName: 'Completo 2 meses', officialDuration: 2, officialCredits: '2.00' },
  { id: 53, packageName: 'Completo 3 meses', officialDuration: 3, officialCredits: '3.00' },
  { id: 55, packageName: 'Completo 6 meses', officialDuration: 6, officialCredits: '6.00' },
  { id: 57, packageName: 'Completo 12 meses', officialDuration: 12, officialCredits: '12.00' },
  { id: 47, packageName: 'Adulto 1 mês', officialDuration: 1, officialCredits: '1.00', isAdult: true },
  {
    id: 61,
    packageName: 'Teste 4 horas',
    officialDuration: 0,
    officialCredits: '0.00',
    isTrial: true,
    trialHours: 4,
  },
];

export const SEED_BOUQUETS = [
  { name: 'Canais Abertos', sortOrder: 1 },
  { name: 'Esportes', sortOrder: 2 },
  { name: 'Filmes e Séries', sortOrder: 3 },
  { name: 'Infantil', sortOrder: 4 },
  { name: 'Notícias', sortOrder: 5 },
  { name: 'Adultos', sortOrder: 6, isAdult: true },
];

export interface SeedResult {
  /** Set only when the admin was created now with a generated password: print it once. */
  generatedAdminPassword?: string;
  adminCreated: boolean;
}

/** First-start data. Every step is idempotent, so it runs on each start. */
export async function seedDatabase(
  db: Database,
  admin: { username: string; password?: string },
): Promise<SeedResult> {
  await db
    .insert(settings)
    .values(Object.entries(PANEL_SETTING_DEFAULTS).map(([key, value]) => ({ key, value })))
    .onConflictDoNothing();
  await db.insert(news).values({ id: 1, message: '' }).onConflictDoNothing();
  await db.insert(packages).values(SEED_PACKAGES).onConflictDoNothing();
  const [bouquetCount] = await db.select({ count: sql<number>`count(*)::int` }).from(bouquets);
  if (!bouquetCount?.count) await db.insert(bouquets).values(SEED_BOUQUETS);
  // On a first start both passwords are hashed at the same time (argon2 runs off the main thread).
  const bucketHash = (await bucketExists(db)) ? undefined : hashPassword(generatePassword(32));
  bucketHash?.catch(() => undefined);
  const result = await seedAdmin(db, admin);
  if (bucketHash) await seedDeletedResellersBucket(db, await bucketHash);
  return result;
}

async function seedAdmin(db: Database, admin: { username: string; password?: string }): Promise<SeedResult> {
  const existing = await db
    .select({ id: accounts.id })
    .from(accounts)
    .where(eq(accounts.role, 'admin'))
    .limit(1);
  if (existing.length > 0) return { adminCreated: false };
  const password = admin.password ?? generatePassword();
  const inserted = await db
    .insert(accounts)
    .values({
      username: admin.username,
      passwordHash: await hashPassword(password),
      role: 'admin',
      path: '/',
    })
    .onConflictDoNothing()
    .returning({ id: accounts.id });
  const created = inserted[0];
  if (!created) return { adminCreated: false };
  await db
    .update(accounts)
    .set({ path: `/${created.id}/` })
    .where(eq(accounts.id, created.id));
  return { adminCreated: true, generatedAdminPassword: admin.password ? undefined : password };
}

/**
 * REVENDAS_DELETADOS adopts the sub-resellers (and lines) of deleted resellers, under the first admin.
 * It is blocked (status 0) and its random password is never shown, so nobody can sign in as it.
 */
async function bucketExists(db: Database): Promise<boolean> {
  const [existing] = await db
    .select({ id: accounts.id })
    .from(accounts)
    .where(eq(accounts.isDeletedBucket, true))
    .limit(1);
  return existing !== undefined;
}

async function seedDeletedResellersBucket(db: Database, passwordHash: string): Promise<void> {
  const [firstAdmin] = await db
    .select({ id: accounts.id, path: accounts.path })
    .from(accounts)
    .where(eq(accounts.role, 'admin'))
    .orderBy(asc(accounts.id))
    .limit(1);
  if (!firstAdmin) return;
  // One transaction, so the path without its own id is never visible; concurrent first starts meet
  // on the unique username and only one inserts.
  await runInTransaction(db, async (tx) => {
    const [created] = await tx
      .insert(accounts)
      .values({
        username: DELETED_RESELLERS_BUCKET,
        passwordHash,
        role: 'reseller',
        status: 0,
        parentId: firstAdmin.id,
        path: firstAdmin.path,
        isDeletedBucket: true,
      })
      .onConflictDoNothing()
      .returning({ id: accounts.id });
    if (!created) return;
    await tx
      .update(accounts)
      .set({ path: `${firstAdmin.path}${created.id}/` })
      .where(eq(accounts.id, created.id));
  });
}
