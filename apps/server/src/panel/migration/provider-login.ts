import { MIGRATION_MESSAGES } from '@panel/shared/migration/migration-api';
import type { PlaylistAddress } from './playlist-url';
import { z } from 'zod';
import type { Config } from '../../config';
import { AppError } from '../../lib/app-error';
import { getProviderJson, ProviderRequestError } from './provider-client';

/**
 * The customer's line as the other provider's player API describes it
 * (docs/product/xtream-contract.md (section 1, the login)): `user_info` of the login.
 * Providers differ in types (numbers or digit strings), so both are read.
 */
export interface ProviderLine {
  username: string;
  password: string;
  /** Unix seconds; null: no expiry. */
  expSeconds: number | null;
  maxConnections: number;
}

const digits = z.union([z.number(), z.string().regex(/^-?\d+$/)]).transform(Number);

const loginSchema = z.object({
  user_info: z.object({
    auth: z.union([z.number(), z.string()]).transform(Number),
    status: z.string().optional(),
    username: z.string().optional(),
    password: z.string().optional(),
    exp_date: z
      .union([digits, z.literal(''), z.null()])
      .optional()
      .transform((value) => (typeof value === 'number' && value > 0 ? value : null)),
    max_connections: digits.optional(),
  }),
});

const unreachable = () => new AppError(502, 'service_unavailable', MIGRATION_MESSAGES.unreachable);

export function loginUrl(address: PlaylistAddress): URL {
  const url = new URL(`${address.base}/player_api.php`);
  url.searchParams.set('username', address.username);
  url.searchParams.set('password', address.password);
  return url;
}

/**
 * Logs in to the provider with the playlist's credentials. Unreachable or unusable answers: 502;
 * a refused login (auth 0, or a status other than Active/Expired): 422 on `url`.
 */
export async function readProviderLine(config: Config, address: PlaylistAddress): Promise<ProviderLine> {
  let body: unknown;
  try {
    body = await getProviderJson(loginUrl(address), {
      timeoutMs: config.MIGRATION_TIMEOUT_MS,
      maxBytes: config.MIGRATION_MAX_RESPONSE_BYTES,
      allowPrivateHosts: config.MIGRATION_ALLOW_PRIVATE_HOSTS,
    });
  } catch (error) {
    if (error instanceof ProviderRequestError && error.reason === 'not_allowed') {
      throw new AppError(422, 'validation_failed', MIGRATION_MESSAGES.urlNotAllowed, 'url');
    }
    throw unreachable();
  }
  const parsed = loginSchema.safeParse(body);
  if (!parsed.success) throw unreachable();
  const info = parsed.data.user_info;
  if (info.auth !== 1) throw new AppError(422, 'validation_failed', MIGRATION_MESSAGES.refused, 'url');
  const status = info.status ?? 'Active';
  if (status === 'Expired') throw new AppError(422, 'validation_failed', MIGRATION_MESSAGES.expired, 'url');
  if (status !== 'Active') throw new AppError(422, 'validation_failed', MIGRATION_MESSAGES.refused, 'url');
  return {
    username: info.username ?? address.username,
    password: info.password ?? address.password,
    expSeconds: info.exp_date,
    maxConnections: Math.max(1, info.max_connections ?? 1),
  };
}
