import { and, asc, count, eq, gt, isNull, lte, ne, sql } from 'drizzle-orm';
import { unionAll } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/database';
import { accounts, lines, liveConnections, p2pSessions } from '../../db/schema';
import type { LineRecord } from '../lines/lines.repository';
import { notWaitingCode } from '../lines/waiting-codes';
import { withinScope, type ListScope } from '../scope/caller-scope';

/** Resellers in the scope other than the caller itself (REVENDAS_DELETADOS excluded). */
export async function countResellers(db: Database, scope: ListScope, callerId: number): Promise<number> {
  const [row] = await db
    .select({ value: count() })
    .from(accounts)
    .where(
      and(
        eq(accounts.role, 'reseller'),
        eq(accounts.isDeletedBucket, false),
        ne(accounts.id, callerId),
        withinScope(scope, accounts.path),
      ),
    );
  return row?.value ?? 0;
}

/** Lines of the scope: all, active (enabled, not expired) and created since `newSince`, in one scan. */
export async function countLines(
  db: Database,
  scope: ListScope,
  now: Date,
  newSince: Date,
): Promise<{ users: number; active: number; fresh: number }> {
  const [row] = await db
    .select({
      users: count(),
      active: sql<number>`(count(*) filter (where ${lines.enabled} = 1 and ${lines.expDate} > ${now}))::int`,
      fresh: sql<number>`(count(*) filter (where ${lines.createdAt} >= ${newSince}))::int`,
    })
    .from(lines)
    .where(and(withinScope(scope, lines.ownerPath), notWaitingCode(lines.expDate)));
  return { users: row?.users ?? 0, active: row?.active ?? 0, fresh: row?.fresh ?? 0 };
}

/**
 * Paying lines (no trials: decision 0027) not yet expired that expire by `until`, soonest first (id
 * breaks ties). `is_trial` is in the scope index's INCLUDE, so the filter costs no table visit.
 */
export async function expiringLines(
  db: Database,
  scope: ListScope,
  now: Date,
  until: Date,
  limit: number,
): Promise<LineRecord[]> {
  return db
    .select({ line: lines, ownerUsername: accounts.username })
    .from(lines)
    .innerJoin(accounts, eq(accounts.id, lines.resellerId))
    .where(
      and(
        withinScope(scope, lines.ownerPath),
        eq(lines.isTrial, 0),
        gt(lines.expDate, now),
        lte(lines.expDate, until),
      ),
    )
    .orderBy(asc(lines.expDate), asc(lines.id))
    .limit(limit);
}

/**
 * 'Usuários Online' and 'Conexões Realtime' of the scope (decision 0047): active IPTV connections and
 * active P2P sessions (not ended, seen within the connection TTL), and the distinct lines holding them.
 * A subtree reads the `owner_path` range of the two partial indexes on active rows; the whole panel reads
 * the `last_seen_at` ones (or scans them when most rows are active). 50–150 ms at 300,000 connections,
 * so a large scope keeps them with its other counters for 30 s (dashboard.service.ts).
 */
export function onlineCountQuery(db: Database, scope: ListScope, ttlSeconds: number) {
  const activeSince = sql`now() - make_interval(secs => ${ttlSeconds})`;
  const iptv = db
    .select({ lineId: liveConnections.lineId })
    .from(liveConnections)
    .where(
      and(
        isNull(liveConnections.endedAt),
        gt(liveConnections.lastSeenAt, activeSince),
        withinScope(scope, liveConnections.ownerPath),
      ),
    );
  const p2p = db
    .select({ lineId: p2pSessions.lineId })
    .from(p2pSessions)
    .where(
      and(
        isNull(p2pSessions.endedAt),
        gt(p2pSessions.lastSeenAt, activeSince),
        withinScope(scope, p2pSessions.ownerPath),
      ),
    );
  const active = unionAll(iptv, p2p).as('active');
  return db
    .select({
      connections: count(),
      users: sql<number>`count(distinct ${active.lineId})::int`,
    })
    .from(active);
}

export async function countOnline(
  db: Database,
  scope: ListScope,
  ttlSeconds: number,
): Promise<{ users: number; connections: number }> {
  const [row] = await onlineCountQuery(db, scope, ttlSeconds);
  return { users: row?.users ?? 0, connections: row?.connections ?? 0 };
}
