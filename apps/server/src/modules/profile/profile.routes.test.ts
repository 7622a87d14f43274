import { AUTH_MESSAGES } from '@panel/shared/auth/messages';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createAccount, createSession, signInAs } from '../../../test/factories';
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
  const change = (token: string, password: string, confirmation = password) =>
    testApp.app.inject({
      method: 'PUT',
      url: '/api/profile/password',
      headers: bearer(token),
      payload: { password, password_confirmation: confirmation },
    });

  it.each([
    ['abc', 'abc', 'password', AUTH_MESSAGES.passwordMin],
    ['senha 19', 'senha 19', 'password', AUTH_MESSAGES.passwordCharset],
    ['abc@9876', 'abc@9876', 'password', AUTH_MESSAGES.noSequences],
    ['senha@19', 'senha@18', 'password_confirmation', AUTH_MESSAGES.passwordsDiffer],
  ])('refuses %s / %s with the spec message', async (password, confirmation, field, message) => {
    const reseller = await createAccount(testApp.app);
    const token = await createSession(testApp.app, reseller.id);
    const response = await change(token, password, confirmation);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ field, message });
  });

  it('changes the password, keeps this session and ends the others', async () => {
    const reseller = await createAccount(testApp.app);
    const current = await createSession(testApp.app, reseller.id);
    const other = await createSession(testApp.app, reseller.id);
    expect((await change(current, 'nova@senha9')).statusCode).toBe(204);
    expect(
      (await testApp.app.inject({ method: 'GET', url: '/api/profile', headers: bearer(current) })).statusCode,
    ).toBe(200);
    expect(
      (await testApp.app.inject({ method: 'GET', url: '/api/profile', headers: bearer(other) })).statusCode,
    ).toBe(404);
    await expect(signInAs(testApp.app, reseller.username, reseller.password)).rejects.toThrow('401');
    expect(await signInAs(testApp.app, reseller.username, 'nova@senha9')).toEqual(expect.any(String));
  });
});
