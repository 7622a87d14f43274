import type { Config } from '../../config';
import type { Database } from '../../db/database';
import { AppError } from '../../lib/app-error';
import { normaliseUsername } from '../../lib/normalise-username';
import {
  blockedUntil,
  countAttempt,
  forgetAttempts,
  recordFailure,
  type FailurePolicy,
} from '../../db/attempt-counters.repository';

const MINUTE_MS = 60_000;

/** What the limits need from the configuration (decision 0021). */
export type AttemptLimitConfig = Pick<
  Config,
  'SIGN_IN_ATTEMPTS_PER_MINUTE' | 'SIGN_IN_ATTEMPTS_PER_ADDRESS_PER_MINUTE' | 'SIGN_IN_FAILURES_BEFORE_DELAY'
>;

export function tooManyAttempts(): AppError {
  return new AppError(429, 'rate_limited');
}

/** The one normalisation of a sign-in username: the account lookup and every counter key use it. */
function accountKey(username: string): string {
  return `account:${normaliseUsername(username)}`;
}

function failurePolicy(config: AttemptLimitConfig): FailurePolicy {
  return {
    memoryMs: 60 * MINUTE_MS,
    threshold: config.SIGN_IN_FAILURES_BEFORE_DELAY,
    firstDelayMs: MINUTE_MS,
    maxDelayMs: 60 * MINUTE_MS,
  };
}

async function refuseWhenBlocked(db: Database, key: string): Promise<void> {
  if (await blockedUntil(db, key)) throw tooManyAttempts();
}

/**
 * Before a sign-in is tried: per address and username, per address across usernames, and the account's
 * growing delay whatever the address. Every attempt counts, so a fresh address buys no fresh account allowance.
 */
export async function admitSignIn(
  db: Database,
  config: AttemptLimitConfig,
  attempt: { address: string; username: string },
): Promise<void> {
  const username = normaliseUsername(attempt.username);
  const perUser = await countAttempt(db, `sign-in:${attempt.address}:${username}`, MINUTE_MS);
  const perAddress = await countAttempt(db, `sign-in:${attempt.address}`, MINUTE_MS);
  if (
    perUser > config.SIGN_IN_ATTEMPTS_PER_MINUTE ||
    perAddress > config.SIGN_IN_ATTEMPTS_PER_ADDRESS_PER_MINUTE
  ) {
    throw tooManyAttempts();
  }
  await refuseWhenBlocked(db, accountKey(username));
}

/**
 * Before a second-step code is checked (decision 0131): per address across accounts, and the account's
 * growing delay. The ticket itself takes a few tries only, and each wrong code counts like a wrong password.
 */
export async function admitSecondStep(
  db: Database,
  config: AttemptLimitConfig,
  attempt: { address: string; username: string },
): Promise<void> {
  const perAddress = await countAttempt(db, `second-step:${attempt.address}`, MINUTE_MS);
  if (perAddress > config.SIGN_IN_ATTEMPTS_PER_ADDRESS_PER_MINUTE) throw tooManyAttempts();
  await refuseWhenBlocked(db, accountKey(attempt.username));
}

/** Before a password is checked inside an open session (unlock, change password): keyed on the session. */
export async function admitSessionAttempt(
  db: Database,
  config: AttemptLimitConfig,
  attempt: { purpose: 'unlock' | 'password'; tokenHash: string; username: string },
): Promise<void> {
  const hits = await countAttempt(db, `${attempt.purpose}:${attempt.tokenHash}`, MINUTE_MS);
  if (hits > config.SIGN_IN_ATTEMPTS_PER_MINUTE) throw tooManyAttempts();
  await refuseWhenBlocked(db, accountKey(attempt.username));
}

/** A wrong password for `username`, from anywhere: counts toward the account's growing delay. */
export async function recordPasswordFailure(
  db: Database,
  config: AttemptLimitConfig,
  username: string,
): Promise<void> {
  await recordFailure(db, accountKey(username), failurePolicy(config));
}

/** The right password: the account's failures are forgiven. */
export async function forgetPasswordFailures(db: Database, username: string): Promise<void> {
  await forgetAttempts(db, accountKey(username));
}
