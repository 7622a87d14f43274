import { AUTH_MESSAGES } from '@panel/shared/auth/messages';
import { SESSION_MESSAGES } from '@panel/shared/auth/session-messages';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts, sessions } from '../../db/schema';
import { bearer } from '../../../test/api';
import { createAccount, signInAs } from '../../../test/factories';
import { startTestApp, TEST_ADMIN, type TestApp } from '../../../test/test-app';

let testApp: TestApp;
beforeAll(async () => {
  testApp = await startTestApp();
});
afterAll(() => testApp.close());

const signIn = (payload: Record<string, unknown>, ip = '10.0.0.1') =>
  testApp.app.inject({ method: 'POST', url: '/api/auth/sign-in', payload, remoteAddress: ip });

describe('POST /api/auth/sign-in', () => {
  it('signs the seeded admin in and returns a token and the user', async () => {
    const response = await signIn({ ...TEST_ADMIN, 'g-recaptcha-response': 'ok' });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.user).toEqual({ id: expect.any(Number), username: 'admin' });
    expect(body.token).toMatch(/^[\w-]{40,}$/);
    expect(response.body).not.toContain(TEST_ADMIN.password);
  });

  it.each([
    [
      { username: '', password: 'abcdef', 'g-recaptcha-response': 'x' },
      'username',
      AUTH_MESSAGES.usernameRequired,
    ],
    [{ password: 'abcdef', 'g-recaptcha-response': 'x' }, 'username', AUTH_MESSAGES.usernameRequired],
    [
      { username: 'admin', password: 'abcd', 'g-recaptcha-response': 'x' },
      'password',
      AUTH_MESSAGES.loginPasswordMin,
    ],
    [{ username: 'admin', password: 'abcdef' }, 'g-recaptcha-response', AUTH_MESSAGES.captchaRequired],
    [
      { username: 'admin', password: 'abcdef', 'g-recaptcha-response': '' },
      'g-recaptcha-response',
      AUTH_MESSAGES.captchaRequired,
    ],
  ])('rejects bad input %j with the spec message', async (payload, field, message) => {
    const response = await signIn(payload, '10.0.1.1');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ status: 400, code: 'validation_failed', message, field });
  });

  it('answers a body that is not JSON object with the catalogue 400', async () => {
    const response = await testApp.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in',
      headers: { 'content-type': 'application/json' },
      payload: '"just a string"',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('Dados inválidos. Verifique as informações e tente novamente.');
  });

  it('makes an unknown user and a wrong password look the same', async () => {
    const unknown = await signIn(
      { username: 'ninguem', password: 'errado1', 'g-recaptcha-response': 'x' },
      '10.0.2.1',
    );
    const wrong = await signIn(
      { username: 'admin', password: 'errado1', 'g-recaptcha-response': 'x' },
      '10.0.2.2',
    );
    expect(unknown.statusCode).toBe(401);
    expect(wrong.statusCode).toBe(401);
    expect(unknown.json()).toEqual(wrong.json());
    expect(wrong.json()).toEqual({
      status: 401,
      code: 'invalid_credentials',
      message: AUTH_MESSAGES.invalidCredentials,
    });
  });

  it('answers the 6th rapid wrong attempt with 429 and the spec message', async () => {
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 6; attempt++) {
      const response = await signIn(
        { username: 'admin', password: 'errado1', 'g-recaptcha-response': 'x' },
        '10.0.3.1',
      );
      statuses.push(response.statusCode);
      if (attempt === 5) {
        expect(response.json()).toEqual({
          status: 429,
          code: 'rate_limited',
          message: 'Muitas tentativas. Aguarde um momento e tente novamente.',
        });
      }
    }
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429]);
  });

  it('refuses a reseller without credits with the spec message', async () => {
    const reseller = await createAccount(testApp.app, { credits: '0.00' });
    const response = await signIn({
      username: reseller.username,
      password: reseller.password,
      'g-recaptcha-response': 'x',
    });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ code: 'no_credits', message: AUTH_MESSAGES.noCredits });
  });

  it('lets a reseller with 0.01 credits sign in', async () => {
    const reseller = await createAccount(testApp.app, { credits: '0.01' });
    const response = await signIn({
      username: reseller.username,
      password: reseller.password,
      'g-recaptcha-response': 'x',
    });
    expect(response.statusCode).toBe(200);
  });

  it('lets an admin without credits sign in (an admin never locks itself out)', async () => {
    const admin = await createAccount(testApp.app, { role: 'admin', credits: '0.00' });
    const response = await signIn({
      username: admin.username,
      password: admin.password,
      'g-recaptcha-response': 'x',
    });
    expect(response.statusCode).toBe(200);
  });

  it('refuses a blocked reseller', async () => {
    const reseller = await createAccount(testApp.app, { status: 0 });
    const response = await signIn({
      username: reseller.username,
      password: reseller.password,
      'g-recaptcha-response': 'x',
    });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ code: 'account_blocked', message: AUTH_MESSAGES.accountBlocked });
  });

  it('matches the username case-insensitively and records the login', async () => {
    const reseller = await createAccount(testApp.app, { username: 'MixedCase1' });
    const response = await signIn(
      { username: 'mixedcase1', password: reseller.password, 'g-recaptcha-response': 'x' },
      '10.9.9.9',
    );
    expect(response.statusCode).toBe(200);
    const [row] = await testApp.app.database.db.select().from(accounts).where(eq(accounts.id, reseller.id));
    expect(row?.lastIp).toBe('10.9.9.9');
    expect(row?.lastLoginAt).toBeInstanceOf(Date);
  });
});

describe('sessions: lock, unlock, logout, blocking', () => {
  it('locks the session: calls answer 401 session_locked until unlocked with the password', async () => {
    const reseller = await createAccount(testApp.app);
    const token = await signInAs(testApp.app, reseller.username, reseller.password);
    const profile = () => testApp.app.inject({ method: 'GET', url: '/api/profile', headers: bearer(token) });
    expect((await profile()).statusCode).toBe(200);

    const locked = await testApp.app.inject({
      method: 'POST',
      url: '/api/auth/lock',
      headers: bearer(token),
    });
    expect(locked.statusCode).toBe(204);
    const whileLocked = await profile();
    expect(whileLocked.statusCode).toBe(401);
    expect(whileLocked.json()).toMatchObject({
      code: 'session_locked',
      message: 'Sessão expirada ou credenciais inválidas. Faça login novamente.',
    });

    const unlock = (password: string) =>
      testApp.app.inject({
        method: 'POST',
        url: '/api/auth/unlock',
        headers: bearer(token),
        payload: { password, 'g-recaptcha-response': 'x' },
      });
    const short = await unlock('abc');
    expect(short.statusCode).toBe(400);
    expect(short.json()).toMatchObject({ field: 'password', message: AUTH_MESSAGES.passwordMin });
    const wrong = await unlock('errada99');
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toMatchObject({ code: 'invalid_credentials', message: AUTH_MESSAGES.unlockFailed });
    expect((await profile()).statusCode).toBe(401);

    const right = await unlock(reseller.password);
    expect(right.statusCode).toBe(200);
    expect(right.json()).toEqual({ token, user: { id: reseller.id, username: reseller.username } });
    expect((await profile()).statusCode).toBe(200);
  });

  it('ends the session on logout: the token then answers 404 session_not_found', async () => {
    const reseller = await createAccount(testApp.app);
    const token = await signInAs(testApp.app, reseller.username, reseller.password);
    const logout = await testApp.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: bearer(token),
    });
    expect(logout.statusCode).toBe(204);
    const after = await testApp.app.inject({ method: 'GET', url: '/api/profile', headers: bearer(token) });
    expect(after.statusCode).toBe(404);
    expect(after.json()).toMatchObject({ code: 'session_not_found', message: SESSION_MESSAGES.ended });
  });

  it('ends a blocked reseller’s sessions at once, and says the account is blocked', async () => {
    const reseller = await createAccount(testApp.app);
    const token = await signInAs(testApp.app, reseller.username, reseller.password);
    await testApp.app.database.db.update(accounts).set({ status: 0 }).where(eq(accounts.id, reseller.id));
    const after = await testApp.app.inject({ method: 'GET', url: '/api/profile', headers: bearer(token) });
    expect(after.statusCode).toBe(404);
    expect(after.json()).toMatchObject({
      code: 'session_not_found',
      message: SESSION_MESSAGES.accountBlocked,
    });
  });

  it('says a session past its 30 days has expired', async () => {
    const reseller = await createAccount(testApp.app);
    const token = await signInAs(testApp.app, reseller.username, reseller.password);
    await testApp.app.database.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.accountId, reseller.id));
    const after = await testApp.app.inject({ method: 'GET', url: '/api/news', headers: bearer(token) });
    expect(after.statusCode).toBe(404);
    expect(after.json()).toMatchObject({ code: 'session_not_found', message: SESSION_MESSAGES.expired });
  });

  it('answers 401 unauthenticated without a token and 404 for an unknown token', async () => {
    const none = await testApp.app.inject({ method: 'GET', url: '/api/profile' });
    expect(none.statusCode).toBe(401);
    expect(none.json().code).toBe('unauthenticated');
    const unknown = await testApp.app.inject({
      method: 'GET',
      url: '/api/profile',
      headers: bearer('not-a-real-token'),
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ code: 'session_not_found', message: SESSION_MESSAGES.ended });
  });
});
