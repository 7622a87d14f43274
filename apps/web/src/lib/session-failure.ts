import { SESSION_MESSAGES } from '@panel/shared/auth/session-messages';
import { ERROR_TEXT } from '@panel/shared/errors/error-catalogue';
import { ApiError } from './api-client';
import { clearStoredAuth } from './auth-storage';
import { clearMessageModalFlag } from './message-modal-flag';
import { clearSessionNotice } from './session-notice';

/** Thrown when an answer says the login is gone without an error status (a profile without `status`). */
export class SessionGoneError extends Error {
  constructor() {
    super('Session gone');
    this.name = 'SessionGoneError';
  }
}

/**
 * What a failure means for the session (api-contract-foundation "Session rules"):
 * - `locked`: 401 session_locked / unauthenticated → the lock screen, keeping the stored login;
 * - `gone`: 404 session_not_found, or a profile without status → sign in again;
 * - `setup`: 403 two_factor_setup_required → the setup of the second step the panel requires (decision 0132);
 * - `null`: an ordinary failure the screen handles.
 */
export type SessionFailure = 'locked' | 'gone' | 'setup' | null;

export function classifySessionFailure(error: unknown): SessionFailure {
  if (error instanceof SessionGoneError) return 'gone';
  if (!(error instanceof ApiError)) return null;
  if (error.status === 401 && (error.code === 'session_locked' || error.code === 'unauthenticated')) {
    return 'locked';
  }
  if (error.status === 404 && error.code === 'session_not_found') return 'gone';
  if (error.status === 403 && error.code === 'two_factor_setup_required') return 'setup';
  return null;
}

/**
 * What the lock or login screen says about it. Locked: the 401 text of docs/product/messages.md#error-catalogue. Gone: the server's reason
 * (ended, expired, account blocked — decision 0029), else the plain "session ended".
 */
export function sessionFailureMessage(failure: 'locked' | 'gone', error: unknown): string {
  if (failure === 'locked') return ERROR_TEXT[401].message;
  const body = error instanceof ApiError ? error.body : undefined;
  const message =
    typeof body === 'object' && body !== null ? (body as { message?: unknown }).message : undefined;
  return typeof message === 'string' && message.trim() !== '' ? message : SESSION_MESSAGES.ended;
}

/**
 * Forget the login on this device: the stored auth, the message-modal flag (docs/product/messages.md#session-failures) and any
 * notice of an earlier session.
 */
export function forgetSession(): void {
  clearStoredAuth();
  clearMessageModalFlag();
  clearSessionNotice();
}
