import { TWO_FACTOR_MESSAGES } from '@panel/shared/auth/two-factor-messages';
import { and, eq } from 'drizzle-orm';
import { generateSync } from 'otplib';
import { describe, expect, it } from 'vitest';
import { accountTwoFactor, logs, sessions } from '../../../db/schema';
import { createAccount, createSession, createSignedInAccount } from '../../../../test/factories';
import { useTestApp } from '../../../../test/test-app';

// Three wrong passwords or codes start the account's delay (decision 0021), so the limit test is short.
const t = useTestApp({ SIGN_IN_FAILURES_BEFORE_DELAY: '3' });

/** A code of the authenticator `steps` 30-second steps from now, as the app would show it. */
const codeOf = (secret: string, steps = 0) =>
  generateSync({ secret, epoch: Math.floor(Date.now() / 1000) + steps * 30 });

const passwordStep = (username: string, password: string, userAgent = 'vitest') =>
  t.app.inject({
    method: 'POST',
    url: '/api/auth/sign-in',
    headers: { 'user-agent': userAgent },
    payload: { username, password, 'g-recaptcha-response': 'test' },
  });

const secondStep = (ticket: string, code: string) =>
  t.app.inject({ method: 'POST', url: '/api/auth/second-step', payload: { ticket, code } });

/** An account with two-factor sign-in turned on through the profile: its secret and recovery codes. */
async function enrolledAccount() {
  const { account, token } = await createSignedInAccount(t.app);
  const setup = await t.as(token).post('/api/profile/two-factor/setup');
  expect(setup.statusCode, setup.body).toBe(200);
  const { secret, otpauth_url, qr_code } = setup.json<{
    secret: string;
    otpauth_url: string;
    qr_code: string;
  }>();
  expect(otpauth_url).toContain(`secret=${secret}`);
  expect(qr_code).toMatch(/^data:image\/svg\+xml;base64,/);
  const confirm = await t.as(token).post('/api/profile/two-factor/confirm', {
    password: account.password,
    code: codeOf(secret),
  });
  expect(confirm.statusCode, confirm.body).toBe(200);
  const recoveryCodes = confirm.json<{ recovery_codes: string[] }>().recovery_codes;
  return { account, token, secret, recoveryCodes };
}

async function ticketOf(username: string, password: string): Promise<string> {
  const answer = await passwordStep(username, password);
  expect(answer.statusCode, answer.body).toBe(200);
  const body = answer.json<{ token?: string; second_step: { ticket: string } }>();
  expect(body.token).toBeUndefined();
  return body.second_step.ticket;
}

describe('enrolment', () => {
  it('turns on with a code of the new secret, answers 10 recovery codes once and keeps the secret encrypted', async () => {
    const { account, token } = await createSignedInAccount(t.app);
    const other = await createSignedInAccount(t.app, {});
    const setup = await t.as(token).post('/api/profile/two-factor/setup');
    const { secret } = setup.json<{ secret: string }>();
    const wrong = await t.as(token).post('/api/profile/two-factor/confirm', {
      password: account.password,
      code: '000000',
    });
    expect(wrong.json()).toMatchObject({
      status: 400,
      message: TWO_FACTOR_MESSAGES.codeInvalid,
      field: 'code',
    });
    const wrongPassword = await t.as(token).post('/api/profile/two-factor/confirm', {
      password: 'Errada@123',
      code: codeOf(secret),
    });
    expect(wrongPassword.json()).toMatchObject({ status: 400, field: 'password' });
    expect((await t.as(token).get('/api/profile/two-factor')).json()).toMatchObject({ enabled: false });

    const confirm = await t.as(token).post('/api/profile/two-factor/confirm', {
      password: account.password,
      code: codeOf(secret),
    });
    expect(confirm.statusCode).toBe(200);
    const codes = confirm.json<{ recovery_codes: string[] }>().recovery_codes;
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    expect((await t.as(token).get('/api/profile/two-factor')).json()).toMatchObject({
      enabled: true,
      required: false,
      recovery_codes_left: 10,
    });
    const [row] = await t.db
      .select()
      .from(accountTwoFactor)
      .where(eq(accountTwoFactor.accountId, account.id));
    expect(row?.secret).toBeTruthy();
    expect(row?.secret).not.toContain(secret);
    const [logged] = await t.db
      .select()
      .from(logs)
      .where(and(eq(logs.actorId, account.id), eq(logs.action, 'two_factor_on')));
    expect(logged?.type).toBe('security');
    // Another account's session is not this one's: it stays.
    expect((await t.as(other.token).get('/api/profile')).statusCode).toBe(200);
  });

  it('ends the other sessions when turned on, unless asked not to', async () => {
    const { account, token } = await createSignedInAccount(t.app);
    const other = await createSession(t.app, account.id);
    const { secret } = (await t.as(token).post('/api/profile/two-factor/setup')).json<{ secret: string }>();
    await t.as(token).post('/api/profile/two-factor/confirm', {
      password: account.password,
      code: codeOf(secret),
    });
    expect((await t.as(other).get('/api/profile')).json()).toMatchObject({ code: 'session_not_found' });
    expect((await t.as(token).get('/api/profile')).statusCode).toBe(200);
  });
});

describe('sign-in with a second step', () => {
  it('answers a ticket, not a session, after the right password, and a session after the code', async () => {
    const { account, secret } = await enrolledAccount();
    const ticket = await ticketOf(account.username, account.password);
    const signedIn = await secondStep(ticket, codeOf(secret, 1));
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    const { token } = signedIn.json<{ token: string }>();
    expect((await t.as(token).get('/api/profile')).json()).toMatchObject({ username: account.username });
    // The ticket is spent.
    expect((await secondStep(ticket, codeOf(secret, 1))).json()).toMatchObject({
      status: 401,
      code: 'second_step_expired',
    });
  });

  it('answers a wrong password the same whether or not the account uses a second step', async () => {
    const { account } = await enrolledAccount();
    const plain = await createAccount(t.app);
    const withTwoFactor = await passwordStep(account.username, 'Errada@123');
    const without = await passwordStep(plain.username, 'Errada@123');
    expect(withTwoFactor.statusCode).toBe(401);
    expect(withTwoFactor.json()).toEqual(without.json());
  });

  it('signs an account without two-factor sign-in in as before', async () => {
    const plain = await createAccount(t.app);
    const answer = await passwordStep(plain.username, plain.password);
    expect(Object.keys(answer.json<object>()).sort()).toEqual(['token', 'user']);
  });

  it('refuses a code used before (no replay within its window)', async () => {
    const { account, secret } = await enrolledAccount();
    const code = codeOf(secret, 1);
    expect((await secondStep(await ticketOf(account.username, account.password), code)).statusCode).toBe(200);
    const replay = await secondStep(await ticketOf(account.username, account.password), code);
    expect(replay.json()).toEqual({
      status: 401,
      code: 'invalid_credentials',
      message: TWO_FACTOR_MESSAGES.codeInvalid,
      field: 'code',
    });
  });

  it('accepts a recovery code once', async () => {
    const { account, recoveryCodes } = await enrolledAccount();
    const code = recoveryCodes[3] ?? '';
    // As typed: upper case, spaces around.
    const first = await secondStep(
      await ticketOf(account.username, account.password),
      ` ${code.toUpperCase()} `,
    );
    expect(first.statusCode, first.body).toBe(200);
    const second = await secondStep(await ticketOf(account.username, account.password), code);
    expect(second.json()).toMatchObject({ code: 'invalid_credentials', field: 'code' });
  });

  it('counts wrong codes in the account attempt limits', async () => {
    const { account, secret } = await enrolledAccount();
    const ticket = await ticketOf(account.username, account.password);
    for (let attempt = 0; attempt < 3; attempt++) {
      expect((await secondStep(ticket, '123456')).statusCode).toBe(401);
    }
    // The account's delay has started: even the right code now waits.
    const blocked = await secondStep(ticket, codeOf(secret, 1));
    expect(blocked.json()).toMatchObject({ status: 429, code: 'rate_limited' });
    const password = await passwordStep(account.username, account.password);
    expect(password.statusCode).toBe(429);
  });
});

describe('unlock with a second step', () => {
  it('asks for the code after the password, bound to the locked session', async () => {
    const { account, secret, recoveryCodes } = await enrolledAccount();
    // Signed in with a recovery code, so the authenticator's next code is still unused.
    const recovery = recoveryCodes[0] ?? '';
    const signedIn = await secondStep(await ticketOf(account.username, account.password), recovery);
    const { token } = signedIn.json<{ token: string }>();
    expect((await t.as(token).post('/api/auth/lock')).statusCode).toBe(204);
    const unlock = await t.as(token).post('/api/auth/unlock', {
      password: account.password,
      'g-recaptcha-response': 'test',
    });
    const { ticket } = unlock.json<{ second_step: { ticket: string } }>().second_step;
    expect((await t.as(token).get('/api/profile')).json()).toMatchObject({ code: 'session_locked' });
    // Another session of the account cannot spend this session's ticket.
    const other = await createSession(t.app, account.id);
    await t.as(other).post('/api/auth/lock');
    expect(
      (await t.as(other).post('/api/auth/unlock/second-step', { ticket, code: '654321' })).json(),
    ).toMatchObject({
      code: 'second_step_expired',
    });
    const done = await t.as(token).post('/api/auth/unlock/second-step', { ticket, code: codeOf(secret, 1) });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toMatchObject({ token, user: { id: account.id } });
    expect((await t.as(token).get('/api/profile')).statusCode).toBe(200);
  });
});

describe('turning it off', () => {
  it('takes the password and a code', async () => {
    const { token, account, secret } = await enrolledAccount();
    const wrongPassword = await t.as(token).post('/api/profile/two-factor/disable', {
      password: 'Errada@123',
      code: codeOf(secret, 1),
    });
    expect(wrongPassword.json()).toMatchObject({ status: 400, field: 'password' });
    const wrongCode = await t.as(token).post('/api/profile/two-factor/disable', {
      password: account.password,
      code: '000000',
    });
    expect(wrongCode.json()).toMatchObject({ status: 400, field: 'code' });
    const off = await t.as(token).post('/api/profile/two-factor/disable', {
      password: account.password,
      code: codeOf(secret, 1),
    });
    expect(off.statusCode, off.body).toBe(204);
    expect(Object.keys((await passwordStep(account.username, account.password)).json<object>())).toContain(
      'token',
    );
  });
});

describe('reset by the admin', () => {
  it('clears it, ends the sessions, is logged, and the reseller is told once at its next sign-in', async () => {
    const { account, token } = await enrolledAccount();
    const reseller = await createSignedInAccount(t.app);
    expect(
      (await t.as(reseller.token).delete(`/api/admin/accounts/${account.id}/two-factor`)).statusCode,
    ).toBe(403);
    expect((await t.as(t.adminToken).delete('/api/admin/accounts/999999/two-factor')).statusCode).toBe(404);

    const reset = await t.as(t.adminToken).delete(`/api/admin/accounts/${account.id}/two-factor`);
    expect(reset.statusCode, reset.body).toBe(204);
    expect((await t.as(token).get('/api/profile')).json()).toMatchObject({ code: 'session_not_found' });
    const [logged] = await t.db
      .select()
      .from(logs)
      .where(and(eq(logs.targetAccountId, account.id), eq(logs.action, 'two_factor_reset')));
    expect(logged).toMatchObject({ actorId: 1, type: 'security', targetUsername: account.username });

    const first = (await passwordStep(account.username, account.password)).json<{
      token: string;
      notice?: string;
    }>();
    expect(first.token).toBeTruthy();
    expect(first.notice).toBe(TWO_FACTOR_MESSAGES.resetNotice);
    const again = (await passwordStep(account.username, account.password)).json<{ notice?: string }>();
    expect(again.notice).toBeUndefined();
    expect((await t.as(t.adminToken).delete(`/api/admin/accounts/${account.id}/two-factor`)).statusCode).toBe(
      409,
    );
  });
});

describe('required by the admin', () => {
  it('leads an account without it to the setup and refuses everything else until it has it', async () => {
    const master = await createAccount(t.app);
    await createAccount(t.app, { parent: master });
    const plain = await createAccount(t.app);
    const set = (level: string) => t.as(t.adminToken).put('/api/admin/panel', { two_factor_required: level });
    try {
      expect((await set('masters')).statusCode).toBe(200);
      // A reseller without sub-resellers is not a master.
      expect((await passwordStep(plain.username, plain.password)).json()).not.toHaveProperty(
        'setup_two_factor',
      );

      const signedIn = (await passwordStep(master.username, master.password)).json<{
        token: string;
        setup_two_factor?: boolean;
      }>();
      expect(signedIn.setup_two_factor).toBe(true);
      const token = signedIn.token;
      expect((await t.as(token).get('/api/dashboard/stats')).json()).toEqual({
        status: 403,
        code: 'two_factor_setup_required',
        message: TWO_FACTOR_MESSAGES.setupRequired,
      });
      expect((await t.as(token).get('/api/profile')).statusCode).toBe(200);
      expect((await t.as(token).get('/api/profile/two-factor')).json()).toMatchObject({
        enabled: false,
        required: true,
      });
      const { secret } = (await t.as(token).post('/api/profile/two-factor/setup')).json<{ secret: string }>();
      await t.as(token).post('/api/profile/two-factor/confirm', {
        password: master.password,
        code: codeOf(secret),
      });
      expect((await t.as(token).get('/api/dashboard/stats')).statusCode).toBe(200);
      // Required: it cannot be turned off.
      const off = await t.as(token).post('/api/profile/two-factor/disable', {
        password: master.password,
        code: codeOf(secret, 1),
      });
      expect(off.json()).toMatchObject({ status: 403, message: TWO_FACTOR_MESSAGES.requiredCannotDisable });
      const [session] = await t.db.select().from(sessions).where(eq(sessions.accountId, master.id));
      expect(session?.twoFactorSetup).toBe(false);
    } finally {
      await set('none');
    }
  });

  it('refuses a level that is not one of the options', async () => {
    const answer = await t.as(t.adminToken).put('/api/admin/panel', { two_factor_required: 'sometimes' });
    expect(answer.json()).toMatchObject({ status: 400, field: 'two_factor_required' });
  });
});
