import { AUTH_MESSAGES } from '@panel/shared/auth/messages';
import type {
  SignInAnswer,
  SignInInput,
  SignInResponse,
  UnlockInput,
} from '@panel/shared/auth/sign-in-schema';
import type { secondStepSchema } from '@panel/shared/auth/two-factor';
import { toCents } from '@panel/shared/money/credits';
import type { z } from 'zod';
import type { Config } from '../../config';
import type { Database } from '../../db/database';
import type { AccountRow } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { verifyAgainstDummy, verifyPassword } from '../../lib/password-hash';
import type { SecretBox } from '../../lib/secret-box';
import type { Caller } from './caller';
import type { CaptchaVerifier } from './captcha';
import { findAccountById, findAccountByUsername } from '../accounts/accounts.repository';
import {
  admitSecondStep,
  admitSessionAttempt,
  admitSignIn,
  forgetPasswordFailures,
  recordPasswordFailure,
} from './attempt-limits';
import { normaliseUsername } from '../../lib/normalise-username';
import type { SecurityLog } from './security-log';
import { openSession, type ClientInfo } from './session-opening';
import { endSession, lockSession, unlockSession } from './sessions.repository';
import {
  codeInvalid,
  countWrongCode,
  issueTicket,
  requireTicket,
  spendTicket,
  ticketExpired,
} from './two-factor/second-step.service';
import { findTwoFactor } from './two-factor/two-factor.repository';
import { isTwoFactorEnabled, proveSecondFactor } from './two-factor/two-factor.service';

export type { ClientInfo } from './session-opening';

export interface AuthDeps {
  db: Database;
  config: Config;
  captcha: CaptchaVerifier;
  /** Seals the authenticator secrets (decision 0130). */
  box: SecretBox;
  securityLog: SecurityLog;
  countryOf: (ip: string) => string | null;
}

type SecondStep = z.output<typeof secondStepSchema>;

const invalidCredentials = () => new AppError(401, 'invalid_credentials', AUTH_MESSAGES.invalidCredentials);

/** What must hold of an account with the right password before anything opens (decision 0003). */
function assertMaySignIn(account: AccountRow): void {
  if (account.status !== 1) throw new AppError(403, 'account_blocked', AUTH_MESSAGES.accountBlocked);
  // Admins may always sign in, so an admin can never lock itself out (docs/product/contradictions.md#admin-sign-in-without-credits).
  if (account.role !== 'admin' && toCents(account.credits) <= 0) {
    throw new AppError(403, 'no_credits', AUTH_MESSAGES.noCredits);
  }
}

/**
 * The password step. An account without two-factor sign-in gets its session, as always; one with it gets
 * a short-lived ticket for the code (decision 0131), and only once the password is right: a wrong one
 * answers the same whether or not the account uses a second step.
 */
export async function signIn(deps: AuthDeps, input: SignInInput, client: ClientInfo): Promise<SignInAnswer> {
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
  assertMaySignIn(account);
  if (isTwoFactorEnabled(await findTwoFactor(deps.db, account.id))) {
    return issueTicket(deps.db, account.id, 'sign_in');
  }
  return openSession(deps, account, client);
}

/**
 * The code step of a sign-in: the ticket of the password step and a code of the authenticator (once, one
 * step of drift) or a recovery code (once). A wrong code counts like a wrong password (decision 0021).
 */
export async function completeSignIn(
  deps: AuthDeps,
  input: SecondStep,
  client: ClientInfo,
): Promise<SignInResponse> {
  const ticket = await requireTicket(deps.db, input.ticket, 'sign_in');
  const account = await findAccountById(deps.db, ticket.accountId);
  if (!account) throw ticketExpired();
  await admitSecondStep(deps.db, deps.config, { address: client.ip, username: account.username });
  if (!(await proveSecondFactor(deps.db, deps.box, account.id, input.code))) {
    await countWrongCode(deps.db, ticket);
    await recordPasswordFailure(deps.db, deps.config, account.username);
    throw codeInvalid();
  }
  await spendTicket(deps.db, ticket);
  await forgetPasswordFailures(deps.db, account.username);
  assertMaySignIn(account);
  return openSession(deps, account, client);
}

export async function unlock(
  deps: AuthDeps,
  caller: Caller,
  input: UnlockInput,
  client: ClientInfo,
  token: string,
): Promise<SignInAnswer> {
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
  if (isTwoFactorEnabled(await findTwoFactor(deps.db, account.id))) {
    return issueTicket(deps.db, account.id, 'unlock', caller.tokenHash);
  }
  await unlockSession(deps.db, caller.tokenHash);
  return { token, user: { id: account.id, username: account.username } };
}

/** The code step of an unlock: the ticket must be this session's (decision 0131). */
export async function completeUnlock(
  deps: AuthDeps,
  caller: Caller,
  input: SecondStep,
  token: string,
): Promise<SignInResponse> {
  await admitSessionAttempt(deps.db, deps.config, {
    purpose: 'unlock',
    tokenHash: caller.tokenHash,
    username: caller.username,
  });
  const ticket = await requireTicket(deps.db, input.ticket, 'unlock', caller.tokenHash);
  if (!(await proveSecondFactor(deps.db, deps.box, caller.id, input.code))) {
    await countWrongCode(deps.db, ticket);
    await recordPasswordFailure(deps.db, deps.config, caller.username);
    throw codeInvalid();
  }
  await spendTicket(deps.db, ticket);
  await forgetPasswordFailures(deps.db, caller.username);
  await unlockSession(deps.db, caller.tokenHash);
  return { token, user: { id: caller.id, username: caller.username } };
}

export function lock(db: Database, caller: Caller): Promise<void> {
  return lockSession(db, caller.tokenHash);
}

export function logout(db: Database, caller: Caller): Promise<void> {
  return endSession(db, caller.tokenHash);
}
