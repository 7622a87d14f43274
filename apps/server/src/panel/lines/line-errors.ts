import { LINE_MESSAGES } from '@panel/shared/lines/line-messages';
import { AppError } from '../../lib/app-error';
import { UNIQUE_VIOLATION, postgresErrorCode } from '../../lib/postgres-error';

/**
 * A well-formed request the line's state does not allow (a trial renewed by calendar, screens on a
 * P2P line…): 422 with the rule's message. Nothing is written.
 */
export function lineRefusal(message: string, field?: string): AppError {
  return new AppError(422, 'validation_failed', message, field);
}

export function usernameTakenError(): AppError {
  return AppError.conflict(LINE_MESSAGES.usernameTaken, 'username');
}

export function macTakenError(): AppError {
  return AppError.conflict(LINE_MESSAGES.macTaken, 'macaddr');
}

function constraintName(error: unknown): string | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 4 && current; depth++) {
    if (typeof current === 'object' && 'constraint' in current && typeof current.constraint === 'string')
      return current.constraint;
    current = typeof current === 'object' && 'cause' in current ? current.cause : undefined;
  }
  return undefined;
}

/**
 * Two requests may pass the "is it free?" check together; the unique index then refuses the second
 * one, which gets the same 409 the check gives.
 */
export function uniqueConflictOr(error: unknown): unknown {
  if (postgresErrorCode(error) !== UNIQUE_VIOLATION) return error;
  const constraint = constraintName(error);
  if (constraint === 'lines_username_key') return usernameTakenError();
  if (constraint === 'lines_macaddr_key') return macTakenError();
  return error;
}
