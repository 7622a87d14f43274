import { AUTH_MESSAGES } from '@panel/shared/auth/messages';
import { errorTextFor } from '@panel/shared/errors/error-catalogue';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer } from '../../../test/api';
import { createAccount, createSession, signInAs } from '../../../test/factories';
import { startTestApp, type TestApp } from '../../../test/test-app';

let testApp: TestApp;
beforeAll(async () => {
  testApp = await startTestApp();
});
afterAll(() => testApp.close());

describe('GET /api/profile', () => {
  it('returns the profile with status, type and exact credits', async () => {
    const reseller = await createAccount(testApp.app, { credits: '1234.50' });
    const token = await createSession(testApp.app, reseller.id);
    const response = await testApp.app.inject({ method: 'GET', url: '/api/profile', headers: bearer(token) });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      status: true,
      id: reseller.id,
      username: reseller.username,
      email: null,
      avatar: 'avatar1',
      credits: '1234.50',
      bonus_credits: '0.00',
      dark_mode: 0,
      mobile_table_mode: 0,
      member_group_id: 2,
      is_publisher: 0,
      type: 'reseller',
      low_balance_threshold: null,
    });
    expect(response.body).not.toContain('password');
  });

  it('derives admin and publisher types', async () => {
    for (const [role, group, publisher] of [
      ['admin', 1, 0],
      ['publisher', 2, 1],
    ] as const) {
      const account = await createAccount(testApp.app, { role });
      const token = await createSession(testApp.app, account.id);
      const body = (
        await testApp.app.inject({ method: 'GET', url: '/api/profile', headers: bearer(token) })
      ).json();
      expect(body).toMatchObject({ type: role, member_group_id: group, is_publisher: publisher });
    }
  });
});

describe('POST /api/profile', () => {
  it('saves dark mode, vertical tables and avatar', async () => {
    const reseller = await createAccount(testApp.app);
    const token = await createSession(testApp.app, reseller.id);
    const response = await testApp.app.inject({
      method: 'POST',
      url: '/api/profile',
      headers: bearer(token),
      payload: { dark_mode: 1, mobile_table_mode: 1, avatar: 'avatar42' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ dark_mode: 1, mobile_table_mode: 1, avatar: 'avatar42' });
  });

  it('rejects an avatar outside avatar1..avatar80 and changes nothing', async () => {
    const reseller = await createAccount(testApp.app);
    const token = await createSession(testApp.app, reseller.id);
    const response = await testApp.app.inject({
      method: 'POST',
      url: '/api/profile',
      headers: bearer(token),
      payload: { dark_mode: 1, avatar: 'avatar81' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ field: 'avatar', message: 'Avatar inválido' });
    const profile = (
      await testApp.app.inject({ method: 'GET', url: '/api/profile', headers: bearer(token) })
    ).json();
    expect(profile).toMatchObject({ dark_mode: 0, avatar: 'avatar1' });
  });

  it('cannot be used to change credits', async () => {
    const reseller = await createAccount(testApp.app, { credits: '10.00' });
    const token = await createSession(testApp.app, reseller.id);
    const response = await testApp.app.inject({
      method: 'POST',
      url: '/api/profile',
      headers: bearer(token),
      payload: { credits: '99999.00' },
    });
    expect(response.statusCode).toBe(400);
    const profile = (
      await testApp.app.inject({ method: 'GET', url: '/api/profile', headers: bearer(token) })
    ).json();
    expect(profile.credits).toBe('10.00');
  });
});

describe('PUT /api/profile/password', () => {
  const CURRENT = 'Senha@forte9';
  const change = (token: string, payload: Record<string, unknown>) =>
    testApp.app.inject({ method: 'PUT', url: '/api/profile/password', headers: bearer(token), payload });
  const newPassword = (password: string, confirmation = password, current: string = CURRENT) => ({
    current_password: current,
    password,
    password_confirmation: confirmation,
  });
  const profileStatus = async (token: string) =>
    (await testApp.app.inject({ method: 'GET', url: '/api/profile', headers: bearer(token) })).statusCode;

  it.each([
    ['abc', 'abc', 'password', AUTH_MESSAGES.passwordMin],
    ['senha 19', 'senha 19', 'password', AUTH_MESSAGES.passwordCharset],
    ['abc@9876', 'abc@9876', 'password', AUTH_MESSAGES.noSequences],
    ['senha@19', 'senha@18', 'password_confirmation', AUTH_MESSAGES.passwordsDiffer],
  ])('refuses %s / %s with the spec message', async (password, confirmation, field, message) => {
    const reseller = await createAccount(testApp.app, { password: CURRENT });
    const token = await createSession(testApp.app, reseller.id);
    const response = await change(token, newPassword(password, confirmation));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ field, message });
  });

  it('refuses a change without the current password', async () => {
    const reseller = await createAccount(testApp.app, { password: CURRENT });
    const token = await createSession(testApp.app, reseller.id);
    const response = await change(token, { password: 'nova@senha9', password_confirmation: 'nova@senha9' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      code: 'validation_failed',
      field: 'current_password',
      message: AUTH_MESSAGES.required,
    });
    await expect(signInAs(testApp.app, reseller.username, CURRENT)).resolves.toEqual(expect.any(String));
  });

  it('refuses a wrong current password: nothing changes and no session ends', async () => {
    const reseller = await createAccount(testApp.app, { password: CURRENT });
    const current = await createSession(testApp.app, reseller.id);
    const other = await createSession(testApp.app, reseller.id);
    const response = await change(current, newPassword('nova@senha9', 'nova@senha9', 'Senha@errada9'));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      status: 400,
      code: 'validation_failed',
      field: 'current_password',
      message: 'Senha atual incorreta.',
    });
    expect(await profileStatus(current)).toBe(200);
    expect(await profileStatus(other)).toBe(200);
    await expect(signInAs(testApp.app, reseller.username, 'nova@senha9')).rejects.toThrow('401');
    await expect(signInAs(testApp.app, reseller.username, CURRENT)).resolves.toEqual(expect.any(String));
  });

  it('with the right current password changes it, keeps this session and ends the others', async () => {
    const reseller = await createAccount(testApp.app, { password: CURRENT });
    const current = await createSession(testApp.app, reseller.id);
    const other = await createSession(testApp.app, reseller.id);
    expect((await change(current, newPassword('nova@senha9'))).statusCode).toBe(204);
    expect(await profileStatus(current)).toBe(200);
    expect(await profileStatus(other)).toBe(404);
    await expect(signInAs(testApp.app, reseller.username, CURRENT)).rejects.toThrow('401');
    expect(await signInAs(testApp.app, reseller.username, 'nova@senha9')).toEqual(expect.any(String));
  });

  it('limits guesses of the current password per session like sign-in, with the spec message', async () => {
    const reseller = await createAccount(testApp.app, { password: CURRENT });
    const guessing = await createSession(testApp.app, reseller.id);
    const statuses: number[] = [];
    for (let attempt = 1; attempt <= 6; attempt++) {
      const response = await change(guessing, newPassword('nova@senha9', 'nova@senha9', `Chute@${attempt}x`));
      statuses.push(response.statusCode);
      if (response.statusCode === 429) {
        expect(response.json()).toMatchObject({ code: 'rate_limited', message: errorTextFor(429).message });
      }
    }
    // The default limit is 5 a minute (SIGN_IN_ATTEMPTS_PER_MINUTE).
    expect(statuses).toEqual([400, 400, 400, 400, 400, 429]);
    // Even the right password waits out the minute on that session; another session is counted apart.
    expect((await change(guessing, newPassword('nova@senha9'))).statusCode).toBe(429);
    const fresh = await createSession(testApp.app, reseller.id);
    expect((await change(fresh, newPassword('nova@senha9'))).statusCode).toBe(204);
  });
});
