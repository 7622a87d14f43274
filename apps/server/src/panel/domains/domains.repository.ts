import { and, asc, desc, eq, isNotNull, isNull, lt, ne, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { runInTransaction } from '../../db/run-in-transaction';
import { accounts, domains, settings, type DomainRow } from '../../db/schema';

export interface DomainWithOwner extends DomainRow {
  ownerName: string;
}

const withOwner = { domain: domains, ownerName: accounts.username };

function flatten(rows: { domain: DomainRow; ownerName: string }[]): DomainWithOwner[] {
  return rows.map((row) => ({ ...row.domain, ownerName: row.ownerName }));
}

/** Newest first (docs/product/rules.md#catalog-and-domains); `ownerId` undefined: every account's. */
export async function listDomains(db: Database, ownerId: number | undefined): Promise<DomainWithOwner[]> {
  const rows = await db
    .select(withOwner)
    .from(domains)
    .innerJoin(accounts, eq(accounts.id, domains.ownerId))
    .where(ownerId === undefined ? undefined : eq(domains.ownerId, ownerId))
    .orderBy(desc(domains.id));
  return flatten(rows);
}

/** One domain, when it exists and (with `ownerId`) belongs to that account. */
export async function findDomain(
  db: Database,
  id: number,
  ownerId: number | undefined,
): Promise<DomainWithOwner | undefined> {
  const rows = await db
    .select(withOwner)
    .from(domains)
    .innerJoin(accounts, eq(accounts.id, domains.ownerId))
    .where(and(eq(domains.id, id), ownerId === undefined ? undefined : eq(domains.ownerId, ownerId)));
  return flatten(rows)[0];
}

export async function insertDomain(
  db: Database,
  values: { ownerId: number; domain: string; verificationToken: string },
): Promise<DomainRow> {
  const [row] = await db.insert(domains).values(values).returning();
  if (!row) throw new Error('domain insert returned nothing');
  return row;
}

/** Deletes the domain (its short links go with it); false when it does not exist or is not the owner's. */
export async function deleteDomain(db: Database, id: number, ownerId: number | undefined): Promise<boolean> {
  const rows = await db
    .delete(domains)
    .where(and(eq(domains.id, id), ownerId === undefined ? undefined : eq(domains.ownerId, ownerId)))
    .returning({ id: domains.id });
  return rows.length > 0;
}

/**
 * Makes `id` the owner's only default, in one transaction. The owner's account row is locked first, so
 * two concurrent calls run one after the other instead of tripping the one-default index.
 */
export async function setDefaultDomain(db: Database, id: number, ownerId: number): Promise<boolean> {
  return runInTransaction(db, async (tx) => {
    await tx.select({ id: accounts.id }).from(accounts).where(eq(accounts.id, ownerId)).for('update');
    const [target] = await tx
      .select({ id: domains.id })
      .from(domains)
      .where(and(eq(domains.id, id), eq(domains.ownerId, ownerId)));
    if (!target) return false;
    await tx
      .update(domains)
      .set({ isDefault: false })
      .where(and(eq(domains.ownerId, ownerId), eq(domains.isDefault, true)));
    await tx.update(domains).set({ isDefault: true }).where(eq(domains.id, id));
    return true;
  });
}

/** Records a failed check: the reason, and pending again (a verified domain that moved away). */
export async function recordCheckFailed(db: Database, id: number, error: string): Promise<void> {
  await db
    .update(domains)
    .set({ checkedAt: sql`now()`, checkError: error, verifiedAt: null })
    .where(eq(domains.id, id));
}

/** What became of a claim whose check passed (decision 0070). */
export type VerifiedOutcome = 'verified' | 'taken' | 'gone';

/**
 * A passed check of claim `id` (decision 0070): the first account to verify a host takes it. In one
 * transaction the host's claims are locked (in id order, so two verifications wait for each other instead
 * of deadlocking); the claim is then verified (verified_at kept when already set) and every other pending
 * claim of the host deleted, unless another account's claim is verified already ('taken', recorded as the
 * claim's check error) or the claim itself was deleted meanwhile by another's win ('gone').
 */
export async function recordCheckPassed(
  db: Database,
  id: number,
  host: string,
  takenError: string,
): Promise<VerifiedOutcome> {
  return runInTransaction(db, async (tx) => {
    const claims = await tx
      .select({ id: domains.id, verifiedAt: domains.verifiedAt })
      .from(domains)
      .where(eq(domains.domain, host))
      .orderBy(asc(domains.id))
      .for('update');
    if (!claims.some((claim) => claim.id === id)) return 'gone';
    if (claims.some((claim) => claim.id !== id && claim.verifiedAt !== null)) {
      await tx
        .update(domains)
        .set({ checkedAt: sql`now()`, checkError: takenError, verifiedAt: null })
        .where(eq(domains.id, id));
      return 'taken';
    }
    await tx
      .update(domains)
      .set({
        checkedAt: sql`now()`,
        checkError: null,
        verifiedAt: sql`coalesce(${domains.verifiedAt}, now())`,
      })
      .where(eq(domains.id, id));
    await tx
      .delete(domains)
      .where(and(eq(domains.domain, host), ne(domains.id, id), isNull(domains.verifiedAt)));
    return 'verified';
  });
}

/** Whether another claim of `host` than `id` exists (any account's: one account holds a host once). */
export async function hasOtherClaim(db: Database, host: string, id: number): Promise<boolean> {
  const [row] = await db
    .select({ id: domains.id })
    .from(domains)
    .where(and(eq(domains.domain, host), ne(domains.id, id)))
    .limit(1);
  return row !== undefined;
}

/** Whether some account has verified `host` (a new claim of it is refused). */
export async function isVerifiedHost(db: Database, host: string): Promise<boolean> {
  const [row] = await db
    .select({ id: domains.id })
    .from(domains)
    .where(and(eq(domains.domain, host), isNotNull(domains.verifiedAt)))
    .limit(1);
  return row !== undefined;
}

/** Whether `host` is the panel's 'Domínio principal' setting (decision 0069). */
export async function isMainDomain(db: Database, host: string): Promise<boolean> {
  const [row] = await db
    .select({ key: settings.key })
    .from(settings)
    .where(and(eq(settings.key, 'main_domain'), eq(settings.value, host)));
  return row !== undefined;
}

/** Pending domains not checked within `olderThanMs`, oldest check first. */
export async function pendingDomains(db: Database, olderThanMs: number, limit: number): Promise<DomainRow[]> {
  return db
    .select()
    .from(domains)
    .where(
      and(
        isNull(domains.verifiedAt),
        or(
          isNull(domains.checkedAt),
          lt(domains.checkedAt, sql`now() - make_interval(secs => ${olderThanMs / 1000})`),
        ),
      ),
    )
    .orderBy(asc(domains.checkedAt), asc(domains.id))
    .limit(limit);
}
