import { and, desc, eq, gt, inArray, isNull } from 'drizzle-orm';
import type { Database } from '../../db/database';
import {
  accountBrandings,
  accounts,
  domains,
  lines,
  liveConnections,
  p2pSessions,
  payments,
  type AccountBrandingRow,
  type LineRow,
} from '../../db/schema';

/** The line a customer signs in as, by its username; undefined when there is none. */
export async function findLineByUsername(db: Database, username: string): Promise<LineRow | undefined> {
  const [row] = await db.select().from(lines).where(eq(lines.username, username));
  return row;
}

export async function findLineById(db: Database, id: number): Promise<LineRow | undefined> {
  const [row] = await db.select().from(lines).where(eq(lines.id, id));
  return row;
}

/** A verified domain's owner: its id, name and subtree path (decision 0177). */
export async function findDomainOwner(db: Database, domainId: number) {
  const [row] = await db
    .select({ id: accounts.id, username: accounts.username, path: accounts.path })
    .from(domains)
    .innerJoin(accounts, eq(accounts.id, domains.ownerId))
    .where(eq(domains.id, domainId));
  return row;
}

// ---- branding ------------------------------------------------------------------------------------

export async function findBranding(db: Database, accountId: number): Promise<AccountBrandingRow | undefined> {
  const [row] = await db.select().from(accountBrandings).where(eq(accountBrandings.accountId, accountId));
  return row;
}

/** The branding without its logo's bytes (what every overview reads). */
export async function findBrandingFacts(db: Database, accountId: number) {
  const [row] = await db
    .select({
      name: accountBrandings.name,
      color: accountBrandings.color,
      whatsapp: accountBrandings.whatsapp,
      logoType: accountBrandings.logoType,
      updatedAt: accountBrandings.updatedAt,
    })
    .from(accountBrandings)
    .where(eq(accountBrandings.accountId, accountId));
  return row;
}

export type BrandingFacts = NonNullable<Awaited<ReturnType<typeof findBrandingFacts>>>;

/** `logo`: a new image, null to remove it, undefined to keep it. */
export async function saveBranding(
  db: Database,
  accountId: number,
  values: {
    name: string;
    color: string;
    whatsapp: string;
    logo?: { type: AccountBrandingRow['logoType']; base64: string } | null;
  },
): Promise<void> {
  const logo =
    values.logo === undefined
      ? {}
      : { logoType: values.logo?.type ?? null, logoBase64: values.logo?.base64 ?? null };
  const changes = { name: values.name, color: values.color, whatsapp: values.whatsapp, ...logo };
  await db
    .insert(accountBrandings)
    .values({ accountId, ...changes })
    .onConflictDoUpdate({ target: accountBrandings.accountId, set: { ...changes, updatedAt: new Date() } });
}

// ---- what the customer sees ---------------------------------------------------------------------------

/** The line's IPTV connections seen within the TTL and its P2P sessions: who is watching now. */
export async function watchingNow(db: Database, lineId: number, since: Date) {
  const [live, p2p] = await Promise.all([
    db
      .select({
        startedAt: liveConnections.startedAt,
        userAgent: liveConnections.userAgent,
        watching: liveConnections.watching,
      })
      .from(liveConnections)
      .where(
        and(
          eq(liveConnections.lineId, lineId),
          isNull(liveConnections.endedAt),
          gt(liveConnections.lastSeenAt, since),
        ),
      )
      .orderBy(desc(liveConnections.startedAt))
      .limit(20),
    db
      .select({
        lastSeenAt: p2pSessions.lastSeenAt,
        durationSeconds: p2pSessions.durationSeconds,
        appName: p2pSessions.appName,
        channelName: p2pSessions.channelName,
      })
      .from(p2pSessions)
      .where(
        and(eq(p2pSessions.lineId, lineId), isNull(p2pSessions.endedAt), gt(p2pSessions.lastSeenAt, since)),
      )
      .orderBy(desc(p2pSessions.lastSeenAt))
      .limit(20),
  ]);
  return { live, p2p };
}

/** The line's latest payment still waiting for money, or paid with its renewal pending (decision 0179). */
export async function latestOpenPaymentId(
  db: Database,
  line: { id: number; resellerId: number },
): Promise<number | undefined> {
  // By the owner first: its payments are indexed by account (a line's are few among them).
  const [row] = await db
    .select({ id: payments.id })
    .from(payments)
    .where(
      and(
        eq(payments.accountId, line.resellerId),
        eq(payments.lineId, line.id),
        inArray(payments.state, ['pending', 'renewal_pending']),
      ),
    )
    .orderBy(desc(payments.createdAt), desc(payments.id))
    .limit(1);
  return row?.id;
}
