import { BlockList } from 'node:net';
import { parseAddressRule } from '@panel/shared/api-tokens/address-rules';
import {
  API_TOKEN_MESSAGES,
  missingScopeMessage,
  type ApiTokenScope,
} from '@panel/shared/api-tokens/api-tokens-api';
import type { AccountType } from '@panel/shared/profile/profile-schema';
import { RESELLER_STATUS } from '@panel/shared/resellers/reseller-constants';
import type { FastifyRequest } from 'fastify';
import type { Config } from '../../config';
import { countAttempt } from '../../db/attempt-counters.repository';
import type { Database } from '../../db/database';
import { AppError } from '../../lib/app-error';
import { hashSessionToken } from '../../lib/session-token';
import type { Caller } from '../auth/caller';
import { findApiToken, touchApiToken, type ApiTokenWithAccount } from './api-tokens.repository';

// The owner's list shows when and from where a token was last used; a write per request would be wasted.
const TOUCH_AFTER_MS = 60_000;
const MINUTE_MS = 60_000;

const refused = (message: string) => new AppError(401, 'unauthenticated', message);

/** Why a token is no good any more, or null while it is. */
function goneMessage(token: ApiTokenWithAccount | undefined, now: number): string | null {
  if (!token) return API_TOKEN_MESSAGES.unknown;
  if (token.revokedAt) return API_TOKEN_MESSAGES.revokedRefused;
  if (token.expiresAt && token.expiresAt.getTime() <= now) return API_TOKEN_MESSAGES.expired;
  if (token.status !== RESELLER_STATUS.active) return API_TOKEN_MESSAGES.ownerInactive;
  return null;
}

/** An IPv4 client seen through an IPv6 socket ('::ffff:203.0.113.7') is matched as IPv4. */
function plainAddress(ip: string): { address: string; family: 'ipv4' | 'ipv6' } {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped?.[1]) return { address: mapped[1], family: 'ipv4' };
  return { address: ip, family: ip.includes(':') ? 'ipv6' : 'ipv4' };
}

/** Whether the client address is in the token's allow-list (decision 0138); an empty list allows any. */
export function addressAllowed(allowed: readonly string[], ip: string): boolean {
  if (allowed.length === 0) return true;
  const list = new BlockList();
  for (const entry of allowed) {
    const rule = parseAddressRule(entry);
    if (rule) list.addSubnet(rule.address, rule.prefix, rule.family === 4 ? 'ipv4' : 'ipv6');
  }
  const client = plainAddress(ip);
  return list.check(client.address, client.family);
}

/** What the route asks of a token: its roles, and the scope it needs (null: tokens refused; plugins/access.ts). */
export interface TokenRule {
  roles: readonly AccountType[];
  scope: ApiTokenScope | null;
}

/**
 * The caller behind an API token (decision 0137), for a route with session access: the token's owner,
 * exactly as its session would be (same subtree, same role rule), limited to the token's scopes. Looked
 * up on every request, so a revocation is refused at once on every process. Answers 401 for an unknown,
 * revoked or expired token or a blocked owner; 403 from an address outside the allow-list, on a route that
 * refuses tokens or needs a scope the token lacks, or for a role the route does not allow; 429 past the
 * token's own rate limit (`API_TOKEN_REQUESTS_PER_MINUTE`, counted in the database so every process
 * shares it).
 */
export async function checkApiToken(
  db: Database,
  config: Pick<Config, 'API_TOKEN_REQUESTS_PER_MINUTE'>,
  request: FastifyRequest,
  rule: TokenRule,
  token: string,
): Promise<Caller> {
  const tokenHash = hashSessionToken(token);
  const found = await findApiToken(db, tokenHash);
  const now = Date.now();
  const gone = goneMessage(found, now);
  if (!found || gone) throw refused(gone ?? API_TOKEN_MESSAGES.unknown);
  if (!addressAllowed(found.allowedAddresses, request.ip)) {
    throw AppError.forbidden(API_TOKEN_MESSAGES.addressRefused);
  }
  const hits = await countAttempt(db, `api-token:${found.id}`, MINUTE_MS);
  if (hits > config.API_TOKEN_REQUESTS_PER_MINUTE) throw new AppError(429, 'rate_limited');
  if (!rule.scope) throw AppError.forbidden(API_TOKEN_MESSAGES.routeRefusesTokens);
  if (!found.scopes.includes(rule.scope)) throw AppError.forbidden(missingScopeMessage(rule.scope));
  if (!rule.roles.includes(found.role)) throw AppError.forbidden();
  if (
    !found.lastUsedAt ||
    now - found.lastUsedAt.getTime() > TOUCH_AFTER_MS ||
    found.lastUsedIp !== request.ip
  ) {
    await touchApiToken(db, found.id, request.ip);
  }
  return {
    id: found.accountId,
    username: found.username,
    role: found.role,
    path: found.path,
    tokenHash,
    apiToken: { id: found.id, name: found.name, scopes: found.scopes },
  };
}
