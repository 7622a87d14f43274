import {
  API_TOKEN_LIMITS,
  API_TOKEN_MESSAGES,
  API_TOKEN_PREFIX,
  type ApiToken,
  type ApiTokenScope,
  type ApiTokenStatus,
  type CreatedApiToken,
} from '@panel/shared/api-tokens/api-tokens-api';
import type { Database } from '../../db/database';
import { AppError } from '../../lib/app-error';
import { hashSessionToken, newSessionToken } from '../../lib/session-token';
import type { Caller } from '../auth/caller';
import {
  countActiveApiTokens,
  findApiTokenById,
  insertApiToken,
  listApiTokens,
  revokeApiToken,
  type ApiTokenWithOwner,
} from './api-tokens.repository';

const HINT_CHARS = 4;
const DAY_MS = 86_400_000;

function statusOf(row: ApiTokenWithOwner, now: number): ApiTokenStatus {
  if (row.revokedAt) return 'revoked';
  if (row.expiresAt && row.expiresAt.getTime() <= now) return 'expired';
  return 'active';
}

function toApi(row: ApiTokenWithOwner, now = Date.now()): ApiToken {
  return {
    id: row.id,
    name: row.name,
    token_hint: row.tokenHint,
    scopes: row.scopes,
    allowed_addresses: row.allowedAddresses,
    status: statusOf(row, now),
    owner_id: row.accountId,
    owner: row.owner,
    created_at: row.createdAt.toISOString(),
    expires_at: row.expiresAt?.toISOString() ?? null,
    last_used_at: row.lastUsedAt?.toISOString() ?? null,
    last_used_ip: row.lastUsedIp,
    revoked_at: row.revokedAt?.toISOString() ?? null,
  };
}

const notFound = () => AppError.notFound(API_TOKEN_MESSAGES.tokenNotFound);

/**
 * API tokens (decision 0137). A token is the recognisable prefix and 32 random bytes (base64url), answered
 * once at creation; only its SHA-256 (hex) and last 4 characters are stored. Each account sees and revokes
 * its own; an admin sees and revokes every one (docs/product/roles.md#api-tokens). Revoking is final.
 */
export function createApiTokensService(db: Database) {
  return {
    async listOwn(caller: Caller): Promise<ApiToken[]> {
      const now = Date.now();
      return (await listApiTokens(db, { accountId: caller.id })).map((row) => toApi(row, now));
    },

    async listAll(): Promise<ApiToken[]> {
      const now = Date.now();
      return (await listApiTokens(db, 'all')).map((row) => toApi(row, now));
    },

    async create(
      caller: Caller,
      input: {
        name: string;
        scopes: ApiTokenScope[];
        expires_in_days: number | null;
        allowed_addresses: string[];
      },
    ): Promise<CreatedApiToken> {
      if ((await countActiveApiTokens(db, caller.id)) >= API_TOKEN_LIMITS.activePerAccount) {
        throw AppError.conflict(API_TOKEN_MESSAGES.tooManyTokens);
      }
      const token = `${API_TOKEN_PREFIX}${newSessionToken()}`;
      const row = await insertApiToken(db, {
        accountId: caller.id,
        name: input.name,
        tokenHash: hashSessionToken(token),
        tokenHint: token.slice(-HINT_CHARS),
        scopes: input.scopes,
        allowedAddresses: input.allowed_addresses,
        expiresAt:
          input.expires_in_days === null ? null : new Date(Date.now() + input.expires_in_days * DAY_MS),
      });
      return { api_token: toApi({ ...row, owner: caller.username }), token };
    },

    /** The owner's or an admin's; anyone else's token answers 404, as if it did not exist. */
    async revoke(caller: Caller, id: number): Promise<ApiToken> {
      const row = await findApiTokenById(db, id);
      if (!row || (caller.role !== 'admin' && row.accountId !== caller.id)) throw notFound();
      if (!(await revokeApiToken(db, id, caller.id))) {
        throw AppError.conflict(API_TOKEN_MESSAGES.alreadyRevoked);
      }
      const revoked = await findApiTokenById(db, id);
      if (!revoked) throw notFound();
      return toApi(revoked);
    },
  };
}
