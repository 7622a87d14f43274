import { SESSION_MESSAGES } from '@panel/shared/auth/session-messages';
import type { AccountType } from '@panel/shared/profile/profile-schema';
import { RESELLER_STATUS } from '@panel/shared/resellers/reseller-constants';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config';
import type { Database } from '../db/database';
import { AppError } from '../lib/app-error';
import { hashSessionToken } from '../lib/session-token';
import {
  findSession,
  lockSession,
  touchSession,
  type SessionWithAccount,
} from '../modules/auth/sessions.repository';

/** Who is calling, resolved once per request from the session. */
export interface Caller {
  id: number;
  username: string;
  role: AccountType;
  /** Materialised tree path ('/1/7/'); the caller's subtree is every path starting with it. */
  path: string;
  tokenHash: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    caller: Caller | null;
  }
}

// Writing last_seen on every request would turn each read into a write; once a minute is enough.
const TOUCH_AFTER_MS = 60_000;

// RFC 6750: the scheme (any case), one space, a token68. Extra parts or another scheme are not a token:
// read loosely, `Bearer <t> 1` and `Bearer <t> 2` reached one session as different strings (issue 9).
const BEARER = /^bearer ([A-Za-z0-9._~+/-]+=*)$/i;

/** The session token of the request's `Authorization` header, or undefined when there is none or it is malformed. */
export function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  return header ? BEARER.exec(header)?.[1] : undefined;
}

export function requireCaller(request: FastifyRequest): Caller {
  if (!request.caller) throw new AppError(401, 'unauthenticated');
  return request.caller;
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
 * Resolves the session for every route that is not public and enforces the route's declared roles.
 * Unknown or ended sessions answer 404 session_not_found (the panel then goes to /login); locked or
 * idle sessions answer 401 session_locked (the panel goes to /lock).
 */
async function authenticatePlugin(
  app: FastifyInstance,
  options: { db: Database; config: Config },
): Promise<void> {
  const { db, config } = options;
  app.decorateRequest('caller', null);
  app.addHook('onRequest', async (request) => {
    const access = request.routeOptions.config?.access;
    if (!access || access.kind === 'public') return;
    const token = bearerToken(request);
    if (!token) throw new AppError(401, 'unauthenticated');
    const tokenHash = hashSessionToken(token);
    const session = await findSession(db, tokenHash);
    const now = Date.now();
    const gone = sessionGoneMessage(session, now);
    if (!session || gone) throw new AppError(404, 'session_not_found', gone ?? SESSION_MESSAGES.ended);
    const idle = now - session.lastSeenAt.getTime() > config.SESSION_IDLE_MINUTES * 60_000;
    if (idle && !session.lockedAt) await lockSession(db, tokenHash);
    if ((session.lockedAt || idle) && !access.allowLocked) throw new AppError(401, 'session_locked');
    if (!access.roles.includes(session.role)) throw AppError.forbidden();
    if (!session.lockedAt && !idle && now - session.lastSeenAt.getTime() > TOUCH_AFTER_MS) {
      await touchSession(db, tokenHash);
    }
    request.caller = {
      id: session.accountId,
      username: session.username,
      role: session.role,
      path: session.path,
      tokenHash,
    };
  });
}

export default fp(authenticatePlugin, { name: 'authenticate' });
