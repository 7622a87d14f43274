import { and, desc, eq, isNotNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { domains, lines, shortLinks } from '../../db/schema';
import type { Caller } from '../auth/caller';
import { inCallerCurrentSubtree } from '../scope/caller-scope';

const linkColumns = {
  id: shortLinks.id,
  code: shortLinks.code,
  type: shortLinks.type,
  createdAt: shortLinks.createdAt,
  domain: domains.domain,
};

/** Domains a caller may put links on: its own (admin: any), verified; its default first, then the newest. */
export async function findUsableDomains(db: Database, caller: Caller) {
  const own = sql`${domains.ownerId} = ${caller.id}`;
  return db
    .select({
      id: domains.id,
      domain: domains.domain,
      isDefault: domains.isDefault,
      ownerId: domains.ownerId,
    })
    .from(domains)
    .where(
      and(
        isNotNull(domains.verifiedAt),
        caller.role === 'admin' ? undefined : eq(domains.ownerId, caller.id),
      ),
    )
    .orderBy(
      desc(sql`(${own} and ${domains.isDefault})`),
      desc(own),
      desc(domains.verifiedAt),
      desc(domains.id),
    );
}

export async function findDomain(db: Database, id: number) {
  const [row] = await db.select().from(domains).where(eq(domains.id, id));
  return row;
}

export async function insertShortLink(db: Database, values: typeof shortLinks.$inferInsert) {
  const [row] = await db.insert(shortLinks).values(values).returning();
  if (!row) throw new Error('short link not inserted');
  return row;
}

export async function listLineShortLinks(db: Database, lineId: number) {
  return db
    .select(linkColumns)
    .from(shortLinks)
    .innerJoin(domains, eq(domains.id, shortLinks.domainId))
    .where(eq(shortLinks.lineId, lineId))
    .orderBy(desc(shortLinks.createdAt), desc(shortLinks.id));
}

/** Deletes a link whose line is in the caller's subtree; false when there is none (or out of reach). */
export async function deleteShortLinkInScope(db: Database, caller: Caller, id: number): Promise<boolean> {
  const deleted = await db
    .delete(shortLinks)
    .where(
      and(
        eq(shortLinks.id, id),
        sql`exists (select 1 from ${lines} where ${and(eq(lines.id, shortLinks.lineId), inCallerCurrentSubtree(caller, lines.ownerPath))})`,
      ),
    )
    .returning({ id: shortLinks.id });
  return deleted.length > 0;
}
