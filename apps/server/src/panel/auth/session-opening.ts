import { TWO_FACTOR_MESSAGES } from '@panel/shared/auth/two-factor-messages';
import type { SignInResponse } from '@panel/shared/auth/sign-in-schema';
import type { Config } from '../../config';
import type { Database } from '../../db/database';
import type { AccountRow } from '../../db/schema';
import { newSessionToken, hashSessionToken } from '../../lib/session-token';
import { recordLogin } from '../accounts/accounts.repository';
import { deviceName } from './device-name';
import type { SecurityLog } from './security-log';
import { insertSession, knownPlaces } from './sessions.repository';
import { findTwoFactor, takeResetNotice } from './two-factor/two-factor.repository';
import { isTwoFactorEnabled, isTwoFactorRequired } from './two-factor/two-factor.service';

export interface ClientInfo {
  ip: string;
  userAgent?: string;
}

export interface SessionOpeningDeps {
  db: Database;
  config: Pick<Config, 'SESSION_MAX_DAYS'>;
  securityLog: SecurityLog;
  /** The ISO country of an address, or null (app.geoIp). */
  countryOf: (ip: string) => string | null;
}

/**
 * A sign-in that passed every step opens its session here: its device and country kept for the sessions
 * list, a sign-in from a device or country the account never used written to its log (decision 0134),
 * a session of an account the panel requires a second step of and that has none limited to setting it up
 * (decision 0132), and an admin's reset told once (decision 0135).
 */
export async function openSession(
  deps: SessionOpeningDeps,
  account: AccountRow,
  client: ClientInfo,
): Promise<SignInResponse> {
  const device = deviceName(client.userAgent);
  const country = deps.countryOf(client.ip);
  const twoFactor = await findTwoFactor(deps.db, account.id);
  const setupRequired = !isTwoFactorEnabled(twoFactor) && (await isTwoFactorRequired(deps.db, account));
  const known = await knownPlaces(deps.db, account.id, device, country);
  if (known.any && (!known.device || (country !== null && !known.country))) {
    await deps.securityLog({
      action: 'new_sign_in',
      actorId: account.id,
      details: { device, country, ip: client.ip },
    });
  }
  const token = newSessionToken();
  await insertSession(deps.db, {
    tokenHash: hashSessionToken(token),
    accountId: account.id,
    expiresAt: new Date(Date.now() + deps.config.SESSION_MAX_DAYS * 86_400_000),
    ip: client.ip,
    userAgent: client.userAgent?.slice(0, 512),
    device,
    country,
    twoFactorSetup: setupRequired,
  });
  await recordLogin(deps.db, account.id, client.ip);
  const resetTold = twoFactor?.resetAt ? await takeResetNotice(deps.db, account.id) : false;
  return {
    token,
    user: { id: account.id, username: account.username },
    ...(setupRequired ? { setup_two_factor: true } : {}),
    ...(resetTold ? { notice: TWO_FACTOR_MESSAGES.resetNotice } : {}),
  };
}
