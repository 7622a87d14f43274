import { AUTH_MESSAGES } from '@panel/shared/auth/messages';
import { SESSION_MESSAGES } from '@panel/shared/auth/session-messages';
import type { ChangePasswordInput } from '@panel/shared/auth/password-rules';
import type { Profile, ProfileUpdate } from '@panel/shared/profile/profile-schema';
import type { Database } from '../../db/database';
import type { AccountRow } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { hashPassword, verifyPassword } from '../../lib/password-hash';
import { admitSessionAttempt, recordPasswordFailure, type AttemptLimitConfig } from '../auth/attempt-limits';
import type { Caller } from '../auth/caller';
import { findAccountById, updatePasswordHash, updatePreferences } from '../accounts/accounts.repository';
import { endAccountSessions } from '../auth/sessions.repository';
import { findLowBalanceThreshold } from '../reseller-webhook/reseller-webhook.repository';

const flag = (value: number): 0 | 1 => (value === 1 ? 1 : 0);

export function toProfile(account: AccountRow, lowBalanceThreshold: string | null = null): Profile {
  return {
    status: true,
    id: account.id,
    username: account.username,
    email: account.email,
    avatar: account.avatar,
    credits: account.credits,
    bonus_credits: account.bonusCredits,
    dark_mode: flag(account.darkMode),
    mobile_table_mode: flag(account.mobileTableMode),
    member_group_id: account.role === 'admin' ? 1 : 2,
    is_publisher: account.role === 'publisher' ? 1 : 0,
    type: account.role,
    low_balance_threshold: lowBalanceThreshold,
  };
}

export async function getProfile(db: Database, caller: Caller): Promise<Profile> {
  const account = await findAccountById(db, caller.id);
  if (!account) throw new AppError(404, 'session_not_found', SESSION_MESSAGES.ended);
  return toProfile(account, await findLowBalanceThreshold(db, caller.id));
}

export async function updateProfile(db: Database, caller: Caller, update: ProfileUpdate): Promise<Profile> {
  await updatePreferences(db, caller.id, {
    darkMode: update.dark_mode,
    mobileTableMode: update.mobile_table_mode,
    avatar: update.avatar,
  });
  return getProfile(db, caller);
}

/**
 * Only someone who knows the current password may set a new one (an unattended session is not enough,
 * decision 0024). A new password ends every other session of the account (unless asked not to, decision
 * 0133); this one stays signed in.
 * A wrong current password changes nothing and ends nothing.
 */
/**
 * Guessing the current password through an open session is limited like unlock: per session, and each
 * wrong guess counts toward the account's growing delay (decisions 0021, 0024).
 */
export async function changePassword(
  db: Database,
  limits: AttemptLimitConfig,
  caller: Caller,
  input: ChangePasswordInput,
): Promise<void> {
  await admitSessionAttempt(db, limits, {
    purpose: 'password',
    tokenHash: caller.tokenHash,
    username: caller.username,
  });
  const account = await findAccountById(db, caller.id);
  if (!account) throw new AppError(404, 'session_not_found', SESSION_MESSAGES.ended);
  if (!(await verifyPassword(account.passwordHash, input.current_password))) {
    await recordPasswordFailure(db, limits, caller.username);
    throw AppError.badRequest(AUTH_MESSAGES.currentPasswordWrong, 'current_password');
  }
  await updatePasswordHash(db, caller.id, await hashPassword(input.password));
  // The other sessions end unless the person unticked it (decision 0133).
  if (input.end_other_sessions) await endAccountSessions(db, caller.id, caller.tokenHash);
}
