import { describe, expect, it } from 'vitest';
import { STORAGE_KEYS } from '@/config/storage-keys';
import { ApiError } from './api-client';
import { readStoredAuth, writeStoredAuth } from './auth-storage';
import { markMessageModalShown } from './message-modal-flag';
import { SESSION_MESSAGES } from '@panel/shared/auth/session-messages';
import {
  classifySessionFailure,
  forgetSession,
  SessionGoneError,
  sessionFailureMessage,
} from './session-failure';
import { readSessionNotice, writeSessionNotice } from './session-notice';

const apiError = (status: number, code?: string) =>
  new ApiError({ status, body: code ? { status, code, message: 'x' } : undefined, message: 'x' });

describe('classifySessionFailure', () => {
  it('401 session_locked or unauthenticated → lock screen', () => {
    expect(classifySessionFailure(apiError(401, 'session_locked'))).toBe('locked');
    expect(classifySessionFailure(apiError(401, 'unauthenticated'))).toBe('locked');
  });

  it('404 session_not_found and a profile without status → login gone', () => {
    expect(classifySessionFailure(apiError(404, 'session_not_found'))).toBe('gone');
    expect(classifySessionFailure(new SessionGoneError())).toBe('gone');
  });

  it('other failures are for the screen to handle', () => {
    expect(classifySessionFailure(apiError(401, 'invalid_credentials'))).toBeNull();
    expect(classifySessionFailure(apiError(404, 'not_found'))).toBeNull();
    expect(classifySessionFailure(apiError(404))).toBeNull();
    expect(classifySessionFailure(apiError(403, 'session_locked'))).toBeNull();
    expect(classifySessionFailure(new ApiError({ network: true, message: 'offline' }))).toBeNull();
    expect(classifySessionFailure(new Error('boom'))).toBeNull();
  });

  it('forgetSession removes the stored login, the message flag and an earlier notice', () => {
    writeStoredAuth({ token: 't', user: { id: 1, username: 'ana' } });
    markMessageModalShown();
    writeSessionNotice({ kind: 'gone', message: 'antiga' });
    forgetSession();
    expect(readStoredAuth()).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.messageModalShown)).toBeNull();
    expect(readSessionNotice('gone')).toBeNull();
  });
});

describe('sessionFailureMessage (decision 0029)', () => {
  it('a locked session gets the 401 text of docs/product/messages.md#error-catalogue, whatever the answer said', () => {
    expect(sessionFailureMessage('locked', apiError(401, 'session_locked'))).toBe(
      'Sessão expirada ou credenciais inválidas. Faça login novamente.',
    );
  });

  it('a gone session gets the server’s reason, else the plain "session ended"', () => {
    const blocked = new ApiError({
      status: 404,
      body: { status: 404, code: 'session_not_found', message: SESSION_MESSAGES.accountBlocked },
      message: SESSION_MESSAGES.accountBlocked,
    });
    expect(sessionFailureMessage('gone', blocked)).toBe(SESSION_MESSAGES.accountBlocked);
    expect(sessionFailureMessage('gone', new SessionGoneError())).toBe(SESSION_MESSAGES.ended);
    expect(sessionFailureMessage('gone', apiError(404))).toBe(SESSION_MESSAGES.ended);
  });
});
