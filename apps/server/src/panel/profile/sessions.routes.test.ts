import { SESSION_LIST_MESSAGES } from '@panel/shared/auth/two-factor-messages';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { logs } from '../../db/schema';
import { createAccount, createSession } from '../../../test/factories';
import { useTestApp } from '../../../test/test-app';

const t = useTestApp();

const CHROME_WINDOWS =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36';
const SAFARI_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

async function signIn(account: { username: string; password: string }, userAgent: string, ip = '10.9.0.1') {
  const answer = await t.app.inject({
    method: 'POST',
    url: '/api/auth/sign-in',
    headers: { 'user-agent': userAgent },
    remoteAddress: ip,
    payload: { username: account.username, password: account.password, 'g-recaptcha-response': 'test' },
  });
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json<{ token: string }>().token;
}

interface Listed {
  id: number;
  device: string;
  current: boolean;
  ip: string | null;
}
const listOf = async (token: string) =>
  (await t.as(token).get('/api/profile/sessions')).json<{ sessions: Listed[] }>().sessions;

const newPlaceLogs = (accountId: number) =>
  t.db
    .select()
    .from(logs)
    .where(and(eq(logs.actorId, accountId), eq(logs.action, 'new_sign_in')));

describe('Profile → Sessões', () => {
  it('lists the open sessions with their device, this one marked, and ends one of them', async () => {
    const account = await createAccount(t.app);
    const phone = await signIn(account, SAFARI_IPHONE);
    const desktop = await signIn(account, CHROME_WINDOWS);
    const listed = await listOf(desktop);
    expect(listed.map((session) => [session.device, session.current])).toEqual([
      [SESSION_LIST_MESSAGES.deviceName('Chrome', 'Windows'), true],
      [SESSION_LIST_MESSAGES.deviceName('Safari', 'iOS'), false],
    ]);
    expect(listed[0]?.ip).toBe('10.9.0.1');
    const phoneId = listed[1]?.id;
    expect((await t.as(desktop).delete(`/api/profile/sessions/${phoneId}`)).statusCode).toBe(204);
    expect((await t.as(phone).get('/api/profile')).json()).toMatchObject({ code: 'session_not_found' });
    expect(await listOf(desktop)).toHaveLength(1);
    // Ended already, and another account's session: the same 404.
    expect((await t.as(desktop).delete(`/api/profile/sessions/${phoneId}`)).statusCode).toBe(404);
    const stranger = await createAccount(t.app);
    const strangerToken = await createSession(t.app, stranger.id);
    const strangerId = (await listOf(strangerToken))[0]?.id;
    expect((await t.as(desktop).delete(`/api/profile/sessions/${strangerId}`)).statusCode).toBe(404);
    expect((await t.as(strangerToken).get('/api/profile')).statusCode).toBe(200);
  });

  it('ends every session but this one', async () => {
    const account = await createAccount(t.app);
    const first = await createSession(t.app, account.id);
    const second = await createSession(t.app, account.id);
    const current = await createSession(t.app, account.id);
    const ended = await t.as(current).post('/api/profile/sessions/end-others');
    expect(ended.json()).toEqual({ ended: 2 });
    for (const token of [first, second]) {
      expect((await t.as(token).get('/api/profile')).json()).toMatchObject({ code: 'session_not_found' });
    }
    expect(await listOf(current)).toHaveLength(1);
  });

  it('writes a sign-in from a new device to the account log, not the first sign-in nor a known device', async () => {
    const account = await createAccount(t.app);
    await signIn(account, CHROME_WINDOWS);
    await signIn(account, CHROME_WINDOWS.replace('126.0', '127.0'));
    expect(await newPlaceLogs(account.id)).toHaveLength(0);
    await signIn(account, SAFARI_IPHONE);
    const [logged] = await newPlaceLogs(account.id);
    expect(logged).toMatchObject({
      type: 'security',
      details: { device: SESSION_LIST_MESSAGES.deviceName('Safari', 'iOS'), ip: '10.9.0.1', country: null },
    });
  });

  it('keeps the other sessions on a password change when asked to, and ends them by default', async () => {
    const account = await createAccount(t.app);
    const other = await createSession(t.app, account.id);
    const current = await createSession(t.app, account.id);
    const keep = await t.as(current).put('/api/profile/password', {
      current_password: account.password,
      password: 'Nova@senha9',
      password_confirmation: 'Nova@senha9',
      end_other_sessions: false,
    });
    expect(keep.statusCode, keep.body).toBe(204);
    expect((await t.as(other).get('/api/profile')).statusCode).toBe(200);
    await t.as(current).put('/api/profile/password', {
      current_password: 'Nova@senha9',
      password: 'Outra@senha8',
      password_confirmation: 'Outra@senha8',
    });
    expect((await t.as(other).get('/api/profile')).json()).toMatchObject({ code: 'session_not_found' });
  });
});
