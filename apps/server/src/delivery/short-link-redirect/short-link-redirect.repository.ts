import { and, eq, isNotNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { domains, lines, settings, shortLinks } from '../../db/schema';

/**
 * The verified domain with this host name, or undefined; never the panel's main domain setting, even when
 * some account registered it (decision 0069: the admin would lose the panel on it).
 */
export async function findVerifiedDomainId(db: Database, host: string): Promise<number | undefined> {
  const [row] = await db
    .select({ id: domains.id })
    .from(domains)
    .where(
      and(
        eq(domains.domain, host),
        isNotNull(domains.verifiedAt),
        sql`not exists (select 1 from ${settings} where ${settings.key} = 'main_domain' and ${settings.value} = ${host})`,
      ),
    );
  return row?.id;
}

/** What the redirect needs of a link: its type and its line's credentials and state. */
export async function findRedirectTarget(db: Database, domainId: number, code: string) {
  const [row] = await db
    .select({
      type: shortLinks.type,
      username: lines.username,
      password: lines.password,
      enabled: lines.enabled,
      expDate: lines.expDate,
    })
    .from(shortLinks)
    .innerJoin(lines, eq(lines.id, shortLinks.lineId))
    .where(and(eq(shortLinks.code, code), eq(shortLinks.domainId, domainId)));
  return row;
}

/**
 * The verification token the panel answers for a registered host: the verified claim's, else the only
 * claim's. A host two accounts claim and none verified has none: the panel cannot say whose it is
 * (decision 0070).
 */
export async function tokenOfHost(db: Database, host: string): Promise<string | undefined> {
  const rows = await db
    .select({ token: domains.verificationToken, verifiedAt: domains.verifiedAt })
    .from(domains)
    .where(eq(domains.domain, host))
    .orderBy(sql`${domains.verifiedAt} is null`)
    .limit(2);
  const [first, second] = rows;
  if (!first) return undefined;
  return first.verifiedAt !== null || !second ? first.token : undefined;
}
