import {
  and,
  count,
  desc,
  eq,
  fillPlaceholders,
  gt,
  isNull,
  sql,
  type AnyColumn,
  type SQL,
} from 'drizzle-orm';
import type { Database } from '../../db/database';
import { accounts, lines, liveConnections, p2pSessions } from '../../db/schema';
import { statementName } from '../lines/lines-list.repository';
import { pathWithin } from '../scope/caller-scope';

/**
 * The reads of the two online screens (docs/product/screens.md#online-users, decision 0046). Active is
 * `ended_at is null and last_seen_at > since` (since = now - CONNECTION_TTL_SECONDS), read from the partial
 * indexes of migration 0011 on active rows (see PageShape).
 */

/** Connections are counted up to this many rows; past it the answer says "mais de 1.000" (decision 0046). */
export const ONLINE_TOTAL_CAP = 1_000;

export interface OnlineConnectionRecord {
  id: number;
  lineId: number;
  username: string;
  masterUsername: string;
  divergence: number;
  isTrial: number;
  country: string | null;
  /** The client address the connection opened from: says why it has no country (decision 0074). */
  ip: string | null;
  userAgent: string | null;
  watching: string;
  startedAt: Date;
}

export interface OnlineConnectionPage {
  rows: OnlineConnectionRecord[];
  /** One row more than the page was read: another page exists. */
  hasMore: boolean;
  /** Active connections in scope, counted up to ONLINE_TOTAL_CAP + 1. */
  counted: number;
}

/** Null for an admin (everything), else the LIKE pattern of the caller's subtree. */
type ScopePattern = string | null;

/**
 * How a page is read. `walk`: along `live_connections_started_active_idx`, newest first, keeping the rows
 * of the scope until the page is full — right for everything (the admin) and for a subtree holding a good
 * share of the viewers. `range`: the subtree's range of `live_connections_owner_active_idx`, sorted — right
 * for a subtree of at most ONLINE_TOTAL_CAP viewers, which a walk would look for among 300,000 (measured:
 * 12 ms walking for a reseller with 259 viewers, 1 ms reading its range; decision 0046). The planner cannot
 * tell them apart (it guesses a LIKE prefix's share from statistics), so the count, which runs anyway,
 * decides.
 */
type PageShape = 'all' | 'walk' | 'range';

/**
 * `DESC NULLS LAST`, as the indexes of migration 0011 are built: a plain `DESC` means NULLS FIRST, which
 * those indexes cannot answer in order (the columns are never null, but the planner does not use that).
 */
function newestFirst(column: AnyColumn | SQL.Aliased): SQL {
  return sql`${column} desc nulls last`;
}

/**
 * The same order written so that no index can return it (plain DESC is NULLS FIRST; the columns are never
 * null, so the rows come in the same order): the `range` shape, where sorting the subtree's few rows beats
 * walking the started index.
 */
function newestFirstSorted(column: AnyColumn): SQL {
  return sql`${column} desc`;
}

function activeConnections(subtree: boolean): SQL | undefined {
  return and(
    isNull(liveConnections.endedAt),
    gt(liveConnections.lastSeenAt, sql.placeholder('since')),
    subtree ? pathWithin(liveConnections.ownerPath, sql.placeholder('scope')) : undefined,
  );
}

/**
 * The page is chosen on live_connections alone (its order is the order of the active-rows indexes, so the
 * admin's page is a walk of `live_connections_started_active_idx` that stops after a page), then joined to
 * its lines and their resellers: the join never decides how many connections are read.
 */
function connectionPageQuery(db: Database, shape: PageShape) {
  const order =
    shape === 'range'
      ? [newestFirstSorted(liveConnections.startedAt), newestFirstSorted(liveConnections.id)]
      : [newestFirst(liveConnections.startedAt), newestFirst(liveConnections.id)];
  const page = db
    .select({
      id: liveConnections.id,
      lineId: liveConnections.lineId,
      divergence: liveConnections.divergence,
      country: liveConnections.country,
      ip: liveConnections.ip,
      userAgent: liveConnections.userAgent,
      watching: liveConnections.watching,
      startedAt: liveConnections.startedAt,
    })
    .from(liveConnections)
    .where(activeConnections(shape !== 'all'))
    .orderBy(...order)
    .limit(sql.placeholder('limit'))
    .offset(sql.placeholder('offset'))
    .as('page');
  return db
    .select({
      id: page.id,
      lineId: page.lineId,
      username: lines.username,
      masterUsername: accounts.username,
      divergence: page.divergence,
      isTrial: lines.isTrial,
      country: page.country,
      ip: page.ip,
      userAgent: page.userAgent,
      watching: page.watching,
      startedAt: page.startedAt,
    })
    .from(page)
    .innerJoin(lines, eq(lines.id, page.lineId))
    .innerJoin(accounts, eq(accounts.id, lines.resellerId))
    .orderBy(newestFirst(page.startedAt), newestFirst(page.id));
}

/** Counting stops after CAP + 1 rows, as the lines list does (decision 0032). */
function connectionCountQuery(db: Database, subtree: boolean) {
  const capped = db
    .select({ one: sql<number>`1`.as('one') })
    .from(liveConnections)
    .where(activeConnections(subtree))
    .limit(ONLINE_TOTAL_CAP + 1)
    .as('capped');
  return db.select({ value: count() }).from(capped);
}

const pages = new WeakMap<Database, Map<PageShape, ReturnType<typeof preparePage>>>();
const counts = new WeakMap<Database, Map<boolean, ReturnType<typeof prepareCount>>>();

function preparePage(db: Database, shape: PageShape) {
  const query = connectionPageQuery(db, shape);
  return query.prepare(statementName('online_page', query.toSQL().sql));
}

function prepareCount(db: Database, subtree: boolean) {
  const query = connectionCountQuery(db, subtree);
  return query.prepare(statementName('online_count', query.toSQL().sql));
}

/**
 * Prepared once per database and shape, as the lines list does (decision 0018): the pools plan every
 * execution with its values (plan_cache_mode=force_custom_plan), so `owner_path LIKE $n` still picks its
 * index range.
 */
function cached<K, T>(store: WeakMap<Database, Map<K, T>>, db: Database, key: K, build: () => T): T {
  let byKey = store.get(db);
  if (!byKey) {
    byKey = new Map();
    store.set(db, byKey);
  }
  let found = byKey.get(key);
  if (!found) {
    found = build();
    byKey.set(key, found);
  }
  return found;
}

function values(scope: ScopePattern, since: Date, page: { offset: number; limit: number }) {
  return { since, scope, limit: page.limit + 1, offset: page.offset };
}

/**
 * The shape each subtree's last count chose, per database, kept for a minute: the next page view runs its
 * page and count at the same time instead of one after the other. Both shapes answer the same rows, so a
 * shape gone stale (the subtree crossed the cap meanwhile) costs time once, never a wrong page.
 */
const SHAPE_TTL_MS = 60_000;
const MAX_REMEMBERED_SCOPES = 10_000;
const knownShapes = new WeakMap<Database, Map<string, { shape: PageShape; at: number }>>();

function rememberedShape(db: Database, scope: string, now: number): PageShape | undefined {
  const known = knownShapes.get(db)?.get(scope);
  return known && now - known.at < SHAPE_TTL_MS ? known.shape : undefined;
}

function rememberShape(db: Database, scope: string, shape: PageShape, now: number): void {
  let byScope = knownShapes.get(db);
  if (!byScope) {
    byScope = new Map();
    knownShapes.set(db, byScope);
  }
  if (byScope.size >= MAX_REMEMBERED_SCOPES) byScope.clear();
  byScope.set(scope, { shape, at: now });
}

/**
 * One page of active connections in scope, newest first (id breaks ties), and the capped count. An admin's
 * page and count run at the same time; a subtree's count picks the page's shape (the first time, and after
 * a minute, it runs first; otherwise the shape it picked last time is used and the count runs alongside).
 */
export async function listOnlineConnections(
  db: Database,
  scope: ScopePattern,
  since: Date,
  page: { offset: number; limit: number },
): Promise<OnlineConnectionPage> {
  const bound = values(scope, since, page);
  const counter = cached(counts, db, scope !== null, () => prepareCount(db, scope !== null));
  const counting = counter.execute(bound).then(([row]) => row?.value ?? 0);
  const now = Date.now();
  let shape: PageShape = 'all';
  if (scope !== null) {
    shape = rememberedShape(db, scope, now) ?? shapeFor(await counting);
    void counting.then((counted) => rememberShape(db, scope, shapeFor(counted), now)).catch(() => undefined);
  }
  const statement = cached(pages, db, shape, () => preparePage(db, shape));
  const [rows, counted] = await Promise.all([statement.execute(bound), counting]);
  return { rows: rows.slice(0, page.limit), hasMore: rows.length > page.limit, counted };
}

function shapeFor(counted: number): PageShape {
  return counted <= ONLINE_TOTAL_CAP ? 'range' : 'walk';
}

/** The statements of listOnlineConnections with their values, for the index tests (test/explain.ts). */
export function onlineConnectionStatements(
  db: Database,
  scope: ScopePattern,
  since: Date,
  page: { offset: number; limit: number },
  shape: PageShape = scope === null ? 'all' : 'walk',
): { page: { sql: string; params: unknown[] }; count: { sql: string; params: unknown[] } } {
  const bound = values(scope, since, page);
  const bind = (query: { toSQL(): { sql: string; params: unknown[] } }) => {
    const { sql: text, params } = query.toSQL();
    return { sql: text, params: fillPlaceholders(params, bound) };
  };
  return {
    page: bind(connectionPageQuery(db, shape)),
    count: bind(connectionCountQuery(db, scope !== null)),
  };
}

export interface P2pSessionRecord {
  username: string;
  channelName: string;
  durationSeconds: number;
  externalIp: string | null;
  appName: string;
  appVersion: string;
}

/**
 * Active P2P sessions in scope, most recently reported first, at most `limit` rows: the screen filters them
 * in the browser (decision 0046).
 */
export function p2pSessionsQuery(db: Database, scope: ScopePattern, since: Date, limit: number) {
  return (
    db
      .select({
        username: p2pSessions.username,
        channelName: p2pSessions.channelName,
        durationSeconds: p2pSessions.durationSeconds,
        externalIp: p2pSessions.externalIp,
        appName: p2pSessions.appName,
        appVersion: p2pSessions.appVersion,
      })
      .from(p2pSessions)
      .where(
        and(
          isNull(p2pSessions.endedAt),
          gt(p2pSessions.lastSeenAt, since),
          scope === null ? undefined : pathWithin(p2pSessions.ownerPath, scope),
        ),
      )
      // Plain DESC (NULLS FIRST): the backward walk of `p2p_sessions_seen_active_idx` (ASC NULLS LAST)
      // returns exactly that order, so an admin's rows are read newest first and the walk stops at the cap.
      .orderBy(desc(p2pSessions.lastSeenAt))
      .limit(limit)
  );
}

export async function listP2pSessions(
  db: Database,
  scope: ScopePattern,
  since: Date,
  limit: number,
): Promise<P2pSessionRecord[]> {
  return p2pSessionsQuery(db, scope, since, limit);
}
