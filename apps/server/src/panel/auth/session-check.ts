import { SESSION_MESSAGES } from '@panel/shared/auth/session-messages';
import { TWO_FACTOR_MESSAGES } from '@panel/shared/auth/two-factor-messages';
import type { AccountType } from '@panel/shared/profile/profile-schema';
import { RESELLER_STATUS } from '@panel/shared/resellers/reseller-constants';
import type { FastifyRequest } from 'fastify';
import type { Config } from '../../config';
import { bearerToken } from '../../lib/bearer-token';
import type { Database } from '../../db/database';
import { AppError } from '../../lib/app-error';
import { hashSessionToken } from '../../lib/session-token';
import type { Caller } from './caller';
import { findSession, lockSession, touchSession, type SessionWithAccount } from './sessions.repository';

// Writing last_seen on every request would turn each read into a write; once a minute is enough.
const TOUCH_AFTER_MS = 60_000;

/** Who may use a route: the roles it allows and whether a locked session may call it (plugins/access.ts). */
export interface SessionRule {
  roles: readonly AccountType[];
  allowLocked?: boolean;
  /** Open to a session limited to setting up the second step the panel requires (decision 0132). */
  duringTwoFactorSetup?: boolean;
}

/**
 * Why a session is gone for good, in words the login screen shows (decision 0029): a blocked account
 * says so, an expired one too; an ended (logout, password change) or unknown token gets the plain text.
 */
function sessionGoneMessage(session: SessionWithAccount | undefined, now: number): string | null {
  if (!session) return SESSION_MESSAGES.ended;
  if (session.status === RESELLER_STATUS.blocked) return SESSION_MESSAGES.accountBlocked;
  if (session.endedAt || session.status !== RESELLER_STATUS.active) return SESSION_MESSAGES.ended;
  if (session.expiresAt.getTime() <= now) return SESSION_MESSAGES.expired;
  return null;
}

/**
 * The caller behind a request's bearer token, checked against the route's rule. Unknown or ended sessions
 * answer 404 session_not_found (the panel then goes to /login); locked or idle sessions answer 401
 * session_locked (the panel goes to /lock); a role the route does not allow, 403; a session opened to set
 * up a required second step, 403 two_factor_setup_required outside that setup (decision 0132). An idle session is
 * locked here, and an active one has its last_seen refreshed at most once a minute.
 */
export async function checkSession(
  db: Database,
  config: Pick<Config, 'SESSION_IDLE_MINUTES'>,
  request: FastifyRequest,
  rule: SessionRule,
): Promise<Caller> {
  const token = bearerToken(request);
  if (!token) throw new AppError(401, 'unauthenticated');
  const tokenHash = hashSessionToken(token);
  const session = await findSession(db, tokenHash);
  const now = Date.now();
  const gone = sessionGoneMessage(session, now);
  if (!session || gone) throw new AppError(404, 'session_not_found', gone ?? SESSION_MESSAGES.ended);
  const idle = now - session.lastSeenAt.getTime() > config.SESSION_IDLE_MINUTES * 60_000;
  if (idle && !session.lockedAt) await lockSession(db, tokenHash);
  if ((session.lockedAt || idle) && !rule.allowLocked) throw new AppError(401, 'session_locked');
  if (!rule.roles.includes(session.role)) throw AppError.forbidden();
  if (session.twoFactorSetup && !rule.duringTwoFactorSetup) {
    throw new AppError(403, 'two_factor_setup_required', TWO_FACTOR_MESSAGES.setupRequired);
  }
  if (!session.lockedAt && !idle && now - session.lastSeenAt.getTime() > TOUCH_AFTER_MS) {
    await touchSession(db, tokenHash);
  }
  return {
    id: session.accountId,
    username: session.username,
    role: session.role,
    path: session.path,
    tokenHash,
  };
}
