import {
  EXPIRING_ROWS,
  EXPIRING_WINDOW_DAYS,
  NEW_USERS_DAYS,
  type DashboardStats,
  type ExpiringLines,
} from '@panel/shared/dashboard/dashboard-api';
import type { Database } from '../../db/database';
import type { Caller } from '../../plugins/authenticate';
import { toLine } from '../lines/line-view';
import { countLines, countResellers, expiringLines } from './dashboard.repository';

const DAY_MS = 86_400_000;

function scopePathOf(caller: Caller): string | undefined {
  return caller.role === 'admin' ? undefined : caller.path;
}

/** The counter cards of spec §2 for the caller's subtree (an admin: everything). */
export async function dashboardStats(db: Database, caller: Caller): Promise<DashboardStats> {
  const now = Date.now();
  const scopePath = scopePathOf(caller);
  const counts = await countLines(db, scopePath, new Date(now), new Date(now - NEW_USERS_DAYS * DAY_MS));
  return {
    resellers: await countResellers(db, scopePath, caller.id),
    users: counts.users,
    users_active: counts.active,
    users_new: counts.fresh,
  };
}

/** 'Próximos vencimentos': 5 lines expiring within 7 days, not yet expired, soonest first. */
export async function dashboardExpiring(db: Database, caller: Caller): Promise<ExpiringLines> {
  const now = Date.now();
  const rows = await expiringLines(
    db,
    scopePathOf(caller),
    new Date(now),
    new Date(now + EXPIRING_WINDOW_DAYS * DAY_MS),
    EXPIRING_ROWS,
  );
  return { data: rows.map((row) => toLine(row.line, row.ownerUsername)) };
}
