import { eq, sql } from 'drizzle-orm';
import { executeRows } from '../../db/execute-rows';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts } from '../../db/schema';
import { bearer } from '../../../test/api';
import { createAccount, signInAs } from '../../../test/factories';
import { startTestApp, type TestApp } from '../../../test/test-app';

const RATE_LIMITED = {
  status: 429,
  code: 'rate_limited',
  message: 'Muitas tentativas. Aguarde um momento e tente novamente.',
};

interface Attempt {
  username: string;
  password: string;
  /** The TCP peer: the balancer when TRUST_PROXY names it, the client otherwise. */
  peer?: string;
  forwardedFor?: string;
}

function signIn(testApp: TestApp, attempt: Attempt) {
  return testApp.app.inject({
    method: 'POST',
    url: '/api/auth/sign-in',
    remoteAddress: attempt.peer ?? '10.1.0.1',
    headers: attempt.forwardedFor ? { 'x-forwarded-for': attempt.forwardedFor } : {},
    payload: { username: attempt.username, password: attempt.password, 'g-recaptcha-response': 'x' },
  });
}

async function statusesOf(testApp: TestApp, attempts: Attempt[]): Promise<number[]> {
  const statuses: number[] = [];
  for (const attempt of attempts) statuses.push((await signIn(testApp, attempt)).statusCode);
  return statuses;
}

async function lastIpOf(testApp: TestApp, id: number): Promise<string | null> {
  const [row] = await testApp.app.database.db.select().from(accounts).where(eq(accounts.id, id));
  return row?.lastIp ?? null;
}

describe('without TRUST_PROXY, X-Forwarded-For says nothing', () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await startTestApp({ SIGN_IN_ATTEMPTS_PER_ADDRESS_PER_MINUTE: '20' });
  });
  afterAll(() => testApp.close());

  it('a new forwarded address on every attempt buys no new allowance', async () => {
    const account = await createAccount(testApp.app);
    const attempts = Array.from({ length: 6 }, (_, index) => ({
      username: account.username,
      password: 'errado12',
      forwardedFor: `203.0.113.${index + 1}`,
    }));
    expect(await statusesOf(testApp, attempts)).toEqual([401, 401, 401, 401, 401, 429]);
    const refused = await signIn(testApp, { ...attempts[0]!, password: account.password });
    expect(refused.json()).toEqual(RATE_LIMITED);
  });

  it('records the socket’s address as the last-login IP, not a forged header', async () => {
    const account = await createAccount(testApp.app);
    const response = await signIn(testApp, {
      username: account.username,
      password: account.password,
      peer: '10.1.0.7',
      forwardedFor: '198.51.100.66',
    });
    expect(response.statusCode).toBe(200);
    expect(await lastIpOf(testApp, account.id)).toBe('10.1.0.7');
  });

  it('counts one address across usernames (password spraying)', async () => {
    const attempts = Array.from({ length: 21 }, (_, index) => ({
      username: `sprayed${index}`,
      password: 'errado12',
      peer: '10.1.0.9',
    }));
    const statuses = await statusesOf(testApp, attempts);
    expect(statuses.slice(0, 20)).toEqual(Array(20).fill(401));
    expect(statuses[20]).toBe(429);
  });

  it('normalises the username once: case and spaces do not open new buckets', async () => {
    const account = await createAccount(testApp.app);
    const spellings = [
      account.username,
      account.username.toUpperCase(),
      ` ${account.username}`,
      `${account.username} `,
      account.username.replace(/^./, (first) => first.toUpperCase()),
      account.username,
    ];
    const attempts = spellings.map((username) => ({ username, password: 'errado12', peer: '10.1.0.11' }));
    expect(await statusesOf(testApp, attempts)).toEqual([401, 401, 401, 401, 401, 429]);
  });
});

describe('with TRUST_PROXY naming the balancer', () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await startTestApp({ TRUST_PROXY: '10.2.0.0/16', SIGN_IN_FAILURES_BEFORE_DELAY: '4' });
  });
  afterAll(() => testApp.close());

  it('takes the client address from the balancer’s X-Forwarded-For', async () => {
    const account = await createAccount(testApp.app);
    const response = await signIn(testApp, {
      username: account.username,
      password: account.password,
      peer: '10.2.0.1',
      forwardedFor: '198.51.100.7',
    });
    expect(response.statusCode).toBe(200);
    expect(await lastIpOf(testApp, account.id)).toBe('198.51.100.7');
  });

  it('ignores the header from a peer that is not the balancer', async () => {
    const account = await createAccount(testApp.app);
    await signIn(testApp, {
      username: account.username,
      password: account.password,
      peer: '192.0.2.50',
      forwardedFor: '198.51.100.8',
    });
    expect(await lastIpOf(testApp, account.id)).toBe('192.0.2.50');
  });

  it('delays an account after repeated failures, whatever the address, and doubles the delay', async () => {
    const account = await createAccount(testApp.app);
    const fromAddress = (index: number, password = 'errado12') => ({
      username: account.username,
      password,
      peer: '10.2.0.1',
      forwardedFor: `198.51.100.${100 + index}`,
    });
    // Four failures from four addresses; the fourth reaches the threshold and blocks the account.
    expect(
      await statusesOf(
        testApp,
        [0, 1, 2, 3].map((index) => fromAddress(index)),
      ),
    ).toEqual([401, 401, 401, 401]);
    const rightPassword = await signIn(testApp, fromAddress(4, account.password));
    expect(rightPassword.json()).toEqual(RATE_LIMITED);

    const [counter] = await executeRows<{ hits: number; seconds: number }>(
      testApp.app.database.db,
      sql`select hits, extract(epoch from blocked_until - now())::float8 as seconds
          from attempt_counters where key = ${`account:${account.username}`}`,
    );
    expect(counter?.hits).toBe(4);
    expect(counter?.seconds).toBeGreaterThan(50);
    expect(counter?.seconds).toBeLessThanOrEqual(60);
  });

  it('forgives an account’s failures after a right password', async () => {
    const account = await createAccount(testApp.app);
    const attempt = (password: string, index: number) => ({
      username: account.username,
      password,
      peer: '10.2.0.1',
      forwardedFor: `198.51.100.${200 + index}`,
    });
    const statuses = await statusesOf(testApp, [
      attempt('errado12', 0),
      attempt('errado12', 1),
      attempt('errado12', 2),
      attempt(account.password, 3),
      attempt('errado12', 4),
      attempt('errado12', 5),
      attempt('errado12', 6),
      attempt(account.password, 7),
    ]);
    expect(statuses).toEqual([401, 401, 401, 200, 401, 401, 401, 200]);
  });
});

describe('unlock and the Authorization header', () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await startTestApp();
  });
  afterAll(() => testApp.close());

  async function lockedSession() {
    const account = await createAccount(testApp.app);
    const token = await signInAs(testApp.app, account.username, account.password);
    await testApp.app.inject({ method: 'POST', url: '/api/auth/lock', headers: bearer(token) });
    return { account, token };
  }

  const unlock = (authorization: string, password: string, peer = '10.3.0.1') =>
    testApp.app.inject({
      method: 'POST',
      url: '/api/auth/unlock',
      remoteAddress: peer,
      headers: { authorization },
      payload: { password, 'g-recaptcha-response': 'x' },
    });

  it.each([
    ['extra parts', (token: string) => `Bearer ${token} 1`],
    ['another scheme', (token: string) => `Basic ${token}`],
    ['no scheme', (token: string) => token],
    ['two spaces', (token: string) => `Bearer  ${token}`],
  ])('answers a malformed Authorization (%s) with 401', async (_name, header) => {
    const { token } = await lockedSession();
    const response = await testApp.app.inject({
      method: 'GET',
      url: '/api/profile',
      headers: { authorization: header(token) },
    });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ status: 401, code: 'unauthenticated' });
  });

  it('counts unlock attempts on the session, whatever the spelling of the header or the address', async () => {
    const { account, token } = await lockedSession();
    const spellings = [`Bearer ${token}`, `bearer ${token}`, `BEARER ${token}`, `Bearer ${token}`];
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 6; attempt++) {
      const header = spellings[attempt % spellings.length]!;
      statuses.push((await unlock(header, 'errada99', `10.3.0.${attempt + 10}`)).statusCode);
    }
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429]);
    const right = await unlock(`Bearer ${token}`, account.password);
    expect(right.json()).toEqual(RATE_LIMITED);
  });
});
