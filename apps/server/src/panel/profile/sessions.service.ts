import type { OpenSessions } from '@panel/shared/auth/sessions-schema';
import type { Database } from '../../db/database';
import { AppError } from '../../lib/app-error';
import type { Caller } from '../auth/caller';
import { deviceName } from '../auth/device-name';
import { endAccountSessions, endSessionById, listOpenSessions } from '../auth/sessions.repository';

/** The caller's open sessions, this one marked (decision 0134). */
export async function openSessionsOf(db: Database, caller: Caller): Promise<OpenSessions> {
  const rows = await listOpenSessions(db, caller.id);
  return {
    sessions: rows.map((row) => ({
      id: row.id,
      // Sessions opened before devices were read at sign-in: read now from their user agent.
      device: row.device ?? deviceName(row.userAgent ?? undefined),
      ip: row.ip,
      country: row.country,
      created_at: row.createdAt.toISOString(),
      last_seen_at: row.lastSeenAt.toISOString(),
      current: row.tokenHash === caller.tokenHash,
      locked: row.lockedAt !== null,
    })),
  };
}

/** Ends one of the caller's sessions; another account's id, or one already ended, answers 404. */
export async function endOwnSession(db: Database, caller: Caller, id: number): Promise<void> {
  if (!(await endSessionById(db, caller.id, id))) throw AppError.notFound();
}

/** Ends every session of the caller but this one; how many ended. */
export function endOtherSessions(db: Database, caller: Caller): Promise<number> {
  return endAccountSessions(db, caller.id, caller.tokenHash);
}
