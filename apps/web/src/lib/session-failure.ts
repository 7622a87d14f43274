import { ApiError } from './api-client';
import { clearStoredAuth } from './auth-storage';
import { clearMessageModalFlag } from './message-modal-flag';

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
 * - `null`: an ordinary failure the screen handles.
 */
export type SessionFailure = 'locked' | 'gone' | null;

export function classifySessionFailure(error: unknown): SessionFailure {
  if (error instanceof SessionGoneError) return 'gone';
  if (!(error instanceof ApiError)) return null;
  if (error.status === 401 && (error.code === 'session_locked' || error.code === 'unauthenticated')) {
    return 'locked';
  }
  if (error.status === 404 && error.code === 'session_not_found') return 'gone';
  return null;
}

/** Forget the login on this device: the stored auth and the message-modal flag (spec §8, 404). */
export function forgetSession(): void {
  clearStoredAuth();
  clearMessageModalFlag();
}
