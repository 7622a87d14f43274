import { describe, expect, it } from 'vitest';
import { STORAGE_KEYS } from '@/config/storage-keys';
import { ApiError } from './api-client';
import { readStoredAuth, writeStoredAuth } from './auth-storage';
import { markMessageModalShown } from './message-modal-flag';
import { classifySessionFailure, forgetSession, SessionGoneError } from './session-failure';

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

  it('forgetSession removes the stored login and the message flag', () => {
    writeStoredAuth({ token: 't', user: { id: 1, username: 'ana' } });
    markMessageModalShown();
    forgetSession();
    expect(readStoredAuth()).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.messageModalShown)).toBeNull();
  });
});
