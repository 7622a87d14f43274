import { and, asc, desc, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { accounts, domains, type DomainRow } from '../../db/schema/index';

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
  return db.transaction(async (tx) => {
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

/** Records a check: verified_at set once it passes (kept when already set), the error when it failed. */
export async function recordCheck(db: Database, id: number, error: string | null): Promise<void> {
  await db
    .update(domains)
    .set({
      checkedAt: sql`now()`,
      checkError: error,
      verifiedAt: error === null ? sql`coalesce(${domains.verifiedAt}, now())` : null,
    })
    .where(eq(domains.id, id));
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

/** The verification token of a registered host (the panel's own answer to the token file). */
export async function tokenOfHost(db: Database, host: string): Promise<string | undefined> {
  const [row] = await db
    .select({ token: domains.verificationToken })
    .from(domains)
    .where(eq(domains.domain, host));
  return row?.token;
}
