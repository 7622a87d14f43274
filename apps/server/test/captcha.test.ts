import { AUTH_MESSAGES } from '@panel/shared/auth/messages';
import { solveChallenge, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, TEST_ADMIN, type TestApp } from './test-app';

let testApp: TestApp;
beforeAll(async () => {
  testApp = await startTestApp({ CAPTCHA_PROVIDER: 'altcha' });
});
afterAll(() => testApp.close());

/** Does what the browser widget does: fetch a challenge, solve it, encode the payload. */
async function solvedToken(): Promise<string> {
  const config = (await testApp.app.inject({ method: 'GET', url: '/api/auth/captcha' })).json();
  const challenge = (await testApp.app.inject({ method: 'GET', url: config.challengeUrl })).json<Challenge>();
  const solution = await solveChallenge({ challenge, deriveKey });
  if (!solution) throw new Error('challenge not solved');
  return Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
}

const signIn = (token: string, ip: string) =>
  testApp.app.inject({
    method: 'POST',
    url: '/api/auth/sign-in',
    remoteAddress: ip,
    payload: { ...TEST_ADMIN, 'g-recaptcha-response': token },
  });

describe('altcha captcha (the default provider)', () => {
  it('tells the panel which widget to show', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/api/auth/captcha' });
    expect(response.json()).toEqual({ provider: 'altcha', challengeUrl: '/api/auth/captcha/challenge' });
  });

  it('signs in with a solved challenge, and refuses the same solution twice', async () => {
    const token = await solvedToken();
    expect((await signIn(token, '10.1.0.1')).statusCode).toBe(200);
    const replay = await signIn(token, '10.1.0.2');
    expect(replay.statusCode).toBe(422);
    expect(replay.json()).toEqual({
      status: 422,
      code: 'captcha_failed',
      message: AUTH_MESSAGES.captchaError,
      field: 'g-recaptcha-response',
    });
  });

  it('refuses a forged or garbage token', async () => {
    expect((await signIn('bm90IGEgcGF5bG9hZA==', '10.1.0.3')).json().code).toBe('captcha_failed');
    expect((await signIn('garbage', '10.1.0.4')).statusCode).toBe(422);
  });

  it('checks the captcha before the password, so guessing costs a solved challenge', async () => {
    const response = await testApp.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in',
      remoteAddress: '10.1.0.5',
      payload: { username: 'admin', password: 'wrong-guess', 'g-recaptcha-response': 'garbage' },
    });
    expect(response.json().code).toBe('captcha_failed');
  });
});
