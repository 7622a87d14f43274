import {
  SECOND_STEP_TICKET_SECONDS,
  SECOND_STEP_TICKET_TRIES,
  type SecondStepAnswer,
} from '@panel/shared/auth/two-factor';
import { TWO_FACTOR_MESSAGES } from '@panel/shared/auth/two-factor-messages';
import type { Database } from '../../../db/database';
import { AppError } from '../../../lib/app-error';
import { hashSessionToken, newSessionToken } from '../../../lib/session-token';
import {
  countTicketFailure,
  findOpenTicket,
  insertTicket,
  useTicket,
  type TicketRow,
} from './two-factor.repository';

export const ticketExpired = () =>
  new AppError(401, 'second_step_expired', TWO_FACTOR_MESSAGES.ticketExpired);
export const codeInvalid = () =>
  new AppError(401, 'invalid_credentials', TWO_FACTOR_MESSAGES.codeInvalid, 'code');

/**
 * The password step of an account with two-factor sign-in answers this ticket instead of a session
 * (decision 0131): random, only its hash stored, valid SECOND_STEP_TICKET_SECONDS, spent by its first
 * right code. An unlock's ticket is bound to the locked session.
 */
export async function issueTicket(
  db: Database,
  accountId: number,
  purpose: TicketRow['purpose'],
  sessionTokenHash: string | null = null,
): Promise<SecondStepAnswer> {
  const ticket = newSessionToken();
  await insertTicket(db, {
    ticketHash: hashSessionToken(ticket),
    accountId,
    purpose,
    sessionTokenHash,
    expiresAt: new Date(Date.now() + SECOND_STEP_TICKET_SECONDS * 1000),
  });
  return { second_step: { ticket, expires_in_seconds: SECOND_STEP_TICKET_SECONDS } };
}

/** The open ticket of this purpose (and session), or the 'expired' answer that sends back to the password. */
export async function requireTicket(
  db: Database,
  ticket: string,
  purpose: TicketRow['purpose'],
  sessionTokenHash: string | null = null,
): Promise<TicketRow> {
  const row = await findOpenTicket(db, hashSessionToken(ticket), SECOND_STEP_TICKET_TRIES);
  if (!row || row.purpose !== purpose || row.sessionTokenHash !== sessionTokenHash) throw ticketExpired();
  return row;
}

/** A wrong code spends one of the ticket's tries. */
export function countWrongCode(db: Database, row: TicketRow): Promise<void> {
  return countTicketFailure(db, row.ticketHash);
}

/** Spends the ticket; a second request with the same ticket finds it spent. */
export async function spendTicket(db: Database, row: TicketRow): Promise<void> {
  if (!(await useTicket(db, row.ticketHash))) throw ticketExpired();
}
