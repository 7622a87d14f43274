import { AUTH_MESSAGES } from '@panel/shared/auth/messages';
import type { SignInInput, SignInResponse, UnlockInput } from '@panel/shared/auth/sign-in-schema';
import { toCents } from '@panel/shared/money/credits';
import type { Config } from '../../config';
import type { Database } from '../../db/database';
import { AppError } from '../../lib/app-error';
import { verifyAgainstDummy, verifyPassword } from '../../lib/password-hash';
import { newSessionToken, hashSessionToken } from '../../lib/session-token';
import type { Caller } from './caller';
import type { CaptchaVerifier } from './captcha';
import { findAccountById, findAccountByUsername, recordLogin } from '../accounts/accounts.repository';
import {
  admitSessionAttempt,
  admitSignIn,
  forgetPasswordFailures,
  recordPasswordFailure,
} from './attempt-limits';
import { normaliseUsername } from '../../lib/normalise-username';
import { endSession, insertSession, lockSession, unlockSession } from './sessions.repository';

export interface AuthDeps {
  db: Database;
  config: Config;
  captcha: CaptchaVerifier;
}

export interface ClientInfo {
  ip: string;
  userAgent?: string;
}

const invalidCredentials = () => new AppError(401, 'invalid_credentials', AUTH_MESSAGES.invalidCredentials);

export async function signIn(
  deps: AuthDeps,
  input: SignInInput,
  client: ClientInfo,
): Promise<SignInResponse> {
  const username = normaliseUsername(input.username);
  await admitSignIn(deps.db, deps.config, { address: client.ip, username });
  await deps.captcha.verify(input['g-recaptcha-response'], client.ip);
  const account = await findAccountByUsername(deps.db, username);
  // An unknown user and a wrong password get the same answer after the same work.
  const passwordOk = account
    ? await verifyPassword(account.passwordHash, input.password)
    : await verifyAgainstDummy(input.password);
  if (!account || !passwordOk) {
    await recordPasswordFailure(deps.db, deps.config, username);
    throw invalidCredentials();
  }
  await forgetPasswordFailures(deps.db, username);
  if (account.status !== 1) throw new AppError(403, 'account_blocked', AUTH_MESSAGES.accountBlocked);
  // Admins may always sign in, so an admin can never lock itself out (docs/product/contradictions.md#admin-sign-in-without-credits).
  if (account.role !== 'admin' && toCents(account.credits) <= 0) {
    throw new AppError(403, 'no_credits', AUTH_MESSAGES.noCredits);
  }
  const token = newSessionToken();
  await insertSession(deps.db, {
    tokenHash: hashSessionToken(token),
    accountId: account.id,
    expiresAt: new Date(Date.now() + deps.config.SESSION_MAX_DAYS * 86_400_000),
    ip: client.ip,
    userAgent: client.userAgent?.slice(0, 512),
  });
  await recordLogin(deps.db, account.id, client.ip);
  return { token, user: { id: account.id, username: account.username } };
}

export async function unlock(
  deps: AuthDeps,
  caller: Caller,
  input: UnlockInput,
  client: ClientInfo,
  token: string,
): Promise<SignInResponse> {
  await admitSessionAttempt(deps.db, deps.config, {
    purpose: 'unlock',
    tokenHash: caller.tokenHash,
    username: caller.username,
  });
  await deps.captcha.verify(input['g-recaptcha-response'], client.ip);
  const account = await findAccountById(deps.db, caller.id);
  if (!account || !(await verifyPassword(account.passwordHash, input.password))) {
    await recordPasswordFailure(deps.db, deps.config, caller.username);
    throw new AppError(401, 'invalid_credentials', AUTH_MESSAGES.unlockFailed, 'password');
  }
  await forgetPasswordFailures(deps.db, caller.username);
  await unlockSession(deps.db, caller.tokenHash);
  return { token, user: { id: account.id, username: account.username } };
}

export function lock(db: Database, caller: Caller): Promise<void> {
  return lockSession(db, caller.tokenHash);
}

export function logout(db: Database, caller: Caller): Promise<void> {
  return endSession(db, caller.tokenHash);
}
