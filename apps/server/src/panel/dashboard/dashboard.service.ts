import {
  EXPIRING_ROWS,
  EXPIRING_WINDOW_DAYS,
  NEW_USERS_DAYS,
  type DashboardStats,
  type ExpiringLines,
} from '@panel/shared/dashboard/dashboard-api';
import type { Database } from '../../db/database';
import type { Caller } from '../auth/caller';
import { toLine } from '../lines/line-view';
import { listScopeOf, type ListScope } from '../scope/caller-scope';
import { countLines, countOnline, countResellers, expiringLines } from './dashboard.repository';

const DAY_MS = 86_400_000;

/**
 * Counting the lines of a scope is one index-only scan of its range (decision 0018), a few milliseconds up
 * to ~100,000 lines; an admin's scope is the whole table (~200 ms at a million). Scopes that large keep their
 * counters for 30 s, per database: every other scope is counted exactly on every view. The online counters
 * follow the same rule (decision 0047): a scope of 100,000 lines may have ~30,000 viewers at peak, counted
 * in a few milliseconds; the whole panel's 300,000 take 50–150 ms, and 30 s of lag on a count whose
 * connections themselves expire after CONNECTION_TTL_SECONDS (90) tells the same story.
 */
const LARGE_SCOPE_LINES = 100_000;
const LARGE_SCOPE_TTL_MS = 30_000;
interface ScopeCounts {
  lines: Awaited<ReturnType<typeof countLines>>;
  online: Awaited<ReturnType<typeof countOnline>>;
}
const largeScopes = new WeakMap<Database, Map<string, { at: number; counts: ScopeCounts }>>();

async function scopeCounts(
  db: Database,
  scope: ListScope,
  now: number,
  connectionTtlSeconds: number,
): Promise<ScopeCounts> {
  let cache = largeScopes.get(db);
  if (!cache) {
    cache = new Map();
    largeScopes.set(db, cache);
  }
  const key = scope.kind === 'all' ? '*' : scope.pattern;
  const cached = cache.get(key);
  if (cached && now - cached.at < LARGE_SCOPE_TTL_MS) return cached.counts;
  const [lineCounts, online] = await Promise.all([
    countLines(db, scope, new Date(now), new Date(now - NEW_USERS_DAYS * DAY_MS)),
    countOnline(db, scope, connectionTtlSeconds),
  ]);
  const counts = { lines: lineCounts, online };
  if (lineCounts.users >= LARGE_SCOPE_LINES) cache.set(key, { at: now, counts });
  else cache.delete(key);
  return counts;
}

/** The counter cards of docs/product/screens.md#dashboard for the caller's subtree (an admin: everything). */
export async function dashboardStats(
  db: Database,
  caller: Caller,
  connectionTtlSeconds: number,
): Promise<DashboardStats> {
  const now = Date.now();
  const scope = listScopeOf(caller);
  const counts = await scopeCounts(db, scope, now, connectionTtlSeconds);
  return {
    resellers: await countResellers(db, scope, caller.id),
    users: counts.lines.users,
    users_active: counts.lines.active,
    users_new: counts.lines.fresh,
    users_online: counts.online.users,
    conections_online: counts.online.connections,
  };
}

/**
 * 'Próximos vencimentos': 5 paying lines expiring within 7 days, not yet expired, soonest first. Trials
 * (4 hours) would crowd out the customers who pay, and renewing one from there would convert it.
 */
export async function dashboardExpiring(db: Database, caller: Caller): Promise<ExpiringLines> {
  const now = Date.now();
  const rows = await expiringLines(
    db,
    listScopeOf(caller),
    new Date(now),
    new Date(now + EXPIRING_WINDOW_DAYS * DAY_MS),
    EXPIRING_ROWS,
  );
  return { data: rows.map((row) => toLine(row.line, row.ownerUsername)) };
}
