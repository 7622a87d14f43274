import type { ApiTokenScope } from '@panel/shared/api-tokens/api-tokens-api';
import type { AccountType } from '@panel/shared/profile/profile-schema';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../lib/app-error';

/** Who is calling, resolved once per request from the session (session-check.ts). */
export interface Caller {
  id: number;
  username: string;
  role: AccountType;
  /** Materialised tree path ('/1/7/'); the caller's subtree is every path starting with it. */
  path: string;
  tokenHash: string;
  /**
   * Set when the request came with an API token instead of a session (decision 0137): the caller is the
   * token's owner, limited to the token's scopes (panel/api-tokens/api-token-check.ts).
   */
  apiToken?: { id: number; name: string; scopes: readonly ApiTokenScope[] };
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by the authenticate hook on every route that is not public. */
    caller: Caller | null;
  }
}

/** The caller of a route that is not public; the authenticate hook has already refused anyone else. */
export function requireCaller(request: FastifyRequest): Caller {
  if (!request.caller) throw new AppError(401, 'unauthenticated');
  return request.caller;
}
