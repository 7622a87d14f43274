import { twoFactorRequiredFor } from '@panel/shared/auth/two-factor-policy';
import { TWO_FACTOR_MESSAGES } from '@panel/shared/auth/two-factor-messages';
import {
  isTotpCode,
  type TwoFactorSetup,
  type TwoFactorStatus,
  type twoFactorConfirmSchema,
  type twoFactorDisableSchema,
} from '@panel/shared/auth/two-factor';
import type { z } from 'zod';
import type { Database } from '../../../db/database';
import type { AccountRow } from '../../../db/schema';
import { AppError } from '../../../lib/app-error';
import { verifyPassword } from '../../../lib/password-hash';
import type { SecretBox } from '../../../lib/secret-box';
import { findAccountById } from '../../accounts/accounts.repository';
import { admitSessionAttempt, recordPasswordFailure, type AttemptLimitConfig } from '../attempt-limits';
import type { Caller } from '../caller';
import type { SecurityLog } from '../security-log';
import { endAccountSessions } from '../sessions.repository';
import { hashRecoveryCode, newRecoveryCodes } from './recovery-codes';
import { acceptedTotpStep, newTotpSecret, otpauthUrl, qrCodeDataUrl } from './totp';
import {
  claimTotpStep,
  clearTwoFactor,
  countUnusedRecoveryCodes,
  enableTwoFactor,
  findTwoFactor,
  savePendingSecret,
  useRecoveryCode,
  type TwoFactorRow,
} from './two-factor.repository';
import { hasSubResellers, readTwoFactorLevel } from './two-factor-policy.repository';

export interface TwoFactorDeps {
  db: Database;
  limits: AttemptLimitConfig;
  /** Seals the authenticator secrets (decision 0130). */
  box: SecretBox;
  securityLog: SecurityLog;
}

const context = (accountId: number) => `account-two-factor:${accountId}`;

export function isTwoFactorEnabled(row: TwoFactorRow | undefined): boolean {
  return Boolean(row?.enabledAt && row.secret);
}

/** Whether the panel setting requires two-factor sign-in of this account (decision 0132). */
export async function isTwoFactorRequired(
  db: Database,
  account: Pick<AccountRow, 'id' | 'role'>,
): Promise<boolean> {
  const level = await readTwoFactorLevel(db);
  if (level === 'none') return false;
  const master =
    account.role === 'reseller' && level === 'masters' && (await hasSubResellers(db, account.id));
  return twoFactorRequiredFor(level, { role: account.role, hasSubResellers: master });
}

/**
 * Whether `code` proves the account's second factor: a code of its authenticator not used before (its
 * step later than the last accepted one, claimed in one statement), or one of its unused recovery codes,
 * spent by this call (decisions 0130, 0131).
 */
export async function proveSecondFactor(
  db: Database,
  box: SecretBox,
  accountId: number,
  code: string,
): Promise<boolean> {
  const row = await findTwoFactor(db, accountId);
  if (!row || !isTwoFactorEnabled(row) || !row.secret) return false;
  if (!isTotpCode(code)) return useRecoveryCode(db, accountId, hashRecoveryCode(code));
  const secret = box.open(row.secret, context(accountId));
  if (!secret) return false;
  const step = await acceptedTotpStep(secret, code, row.lastStep);
  return step !== null && claimTotpStep(db, accountId, step);
}

async function requireAccount(db: Database, caller: Caller): Promise<AccountRow> {
  const account = await findAccountById(db, caller.id);
  if (!account) throw AppError.notFound();
  return account;
}

export async function twoFactorStatus(db: Database, caller: Caller): Promise<TwoFactorStatus> {
  const account = await requireAccount(db, caller);
  const row = await findTwoFactor(db, caller.id);
  const enabled = isTwoFactorEnabled(row);
  return {
    enabled,
    required: await isTwoFactorRequired(db, account),
    enabled_at: enabled && row?.enabledAt ? row.enabledAt.toISOString() : null,
    recovery_codes_left: enabled ? await countUnusedRecoveryCodes(db, caller.id) : 0,
  };
}

/** A new secret to scan; not in force until a code of it is confirmed. */
export async function startTwoFactorSetup(deps: TwoFactorDeps, caller: Caller): Promise<TwoFactorSetup> {
  if (isTwoFactorEnabled(await findTwoFactor(deps.db, caller.id))) {
    throw AppError.conflict(TWO_FACTOR_MESSAGES.alreadyEnabled);
  }
  const secret = newTotpSecret();
  await savePendingSecret(deps.db, caller.id, deps.box.seal(secret, context(caller.id)));
  const url = otpauthUrl(caller.username, secret);
  return { secret, otpauth_url: url, qr_code: await qrCodeDataUrl(url) };
}

/**
 * The password and a code of the pending secret turn two-factor sign-in on and answers the recovery codes, shown this
 * once. Tried per session like a password; a wrong code counts toward the account's delay (decision 0021).
 */
export async function confirmTwoFactorSetup(
  deps: TwoFactorDeps,
  caller: Caller,
  input: z.output<typeof twoFactorConfirmSchema>,
): Promise<string[]> {
  await admitSessionAttempt(deps.db, deps.limits, {
    purpose: 'password',
    tokenHash: caller.tokenHash,
    username: caller.username,
  });
  const row = await findTwoFactor(deps.db, caller.id);
  if (isTwoFactorEnabled(row)) throw AppError.conflict(TWO_FACTOR_MESSAGES.alreadyEnabled);
  // The password too: an open session alone must not bind the account to another phone (decision 0024's rule).
  const account = await requireAccount(deps.db, caller);
  if (!(await verifyPassword(account.passwordHash, input.password))) {
    await recordPasswordFailure(deps.db, deps.limits, caller.username);
    throw AppError.badRequest(TWO_FACTOR_MESSAGES.passwordWrong, 'password');
  }
  const pending = row?.pendingSecret;
  const secret = pending ? deps.box.open(pending, context(caller.id)) : undefined;
  if (!pending || !secret) throw AppError.badRequest(TWO_FACTOR_MESSAGES.setupNotStarted, 'code');
  const step = await acceptedTotpStep(secret, input.code, null);
  if (step === null) {
    await recordPasswordFailure(deps.db, deps.limits, caller.username);
    throw AppError.badRequest(TWO_FACTOR_MESSAGES.codeInvalid, 'code');
  }
  const codes = newRecoveryCodes();
  const enabled = await enableTwoFactor(
    deps.db,
    caller.id,
    pending,
    step,
    codes.map((code) => hashRecoveryCode(code)),
  );
  if (!enabled) throw AppError.conflict(TWO_FACTOR_MESSAGES.alreadyEnabled);
  if (input.end_other_sessions) await endAccountSessions(deps.db, caller.id, caller.tokenHash);
  await deps.securityLog({ action: 'two_factor_on', actorId: caller.id });
  return codes;
}

/** Turning it off takes the password and a code (or a recovery code); never while the panel requires it. */
export async function disableTwoFactor(
  deps: TwoFactorDeps,
  caller: Caller,
  input: z.output<typeof twoFactorDisableSchema>,
): Promise<void> {
  await admitSessionAttempt(deps.db, deps.limits, {
    purpose: 'password',
    tokenHash: caller.tokenHash,
    username: caller.username,
  });
  const account = await requireAccount(deps.db, caller);
  if (!isTwoFactorEnabled(await findTwoFactor(deps.db, caller.id))) {
    throw AppError.conflict(TWO_FACTOR_MESSAGES.notEnabled);
  }
  if (await isTwoFactorRequired(deps.db, account)) {
    throw AppError.forbidden(TWO_FACTOR_MESSAGES.requiredCannotDisable);
  }
  if (!(await verifyPassword(account.passwordHash, input.password))) {
    await recordPasswordFailure(deps.db, deps.limits, caller.username);
    throw AppError.badRequest(TWO_FACTOR_MESSAGES.passwordWrong, 'password');
  }
  if (!(await proveSecondFactor(deps.db, deps.box, caller.id, input.code))) {
    await recordPasswordFailure(deps.db, deps.limits, caller.username);
    throw AppError.badRequest(TWO_FACTOR_MESSAGES.codeInvalid, 'code');
  }
  await clearTwoFactor(deps.db, caller.id, { resetByAdmin: false });
  await deps.securityLog({ action: 'two_factor_off', actorId: caller.id });
}

/**
 * An admin resets another account's two-factor sign-in (decision 0135): its secret and recovery codes go,
 * its sessions end, the account is told at its next sign-in, and the log keeps who did it.
 */
export async function resetTwoFactor(deps: TwoFactorDeps, caller: Caller, accountId: number): Promise<void> {
  // An admin reaches every account; its own goes through the profile, with password and code.
  if (accountId === caller.id) throw AppError.forbidden();
  const target = await findAccountById(deps.db, accountId);
  if (!target) throw AppError.notFound();
  if (!(await clearTwoFactor(deps.db, accountId, { resetByAdmin: true }))) {
    throw AppError.conflict(TWO_FACTOR_MESSAGES.notEnabled);
  }
  await endAccountSessions(deps.db, accountId);
  await deps.securityLog({
    action: 'two_factor_reset',
    actorId: caller.id,
    targetAccountId: target.id,
    targetUsername: target.username,
  });
}
