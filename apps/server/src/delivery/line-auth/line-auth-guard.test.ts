import { SHORT_LINK_MESSAGES } from '@panel/shared/domains/short-links-api';
import { errorTextFor } from '@panel/shared/errors/error-catalogue';
import { eq, like, sql } from 'drizzle-orm';
import Fastify from 'fastify';
import type { LightMyRequestResponse } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';
import { attemptCounters, type LineRow } from '../../db/schema';
import { createRedirectedMovie } from '../../../test/content-factory';
import { addVerifiedDomain, uniqueHost } from '../../../test/domains';
import { createAccount, createLine, createSignedInAccount, daysFromNow } from '../../../test/factories';
import { useTestApp } from '../../../test/test-app';
import attempts from './line-auth.plugin';
import { addressKeyOf, createLineAuthGuard, lineAuthKeys } from './line-auth-guard';

/**
 * The flood protection of line authentication (decision 0063) through the real routes: player_api.php,
 * get.php, xmltv.php and the stream URLs, each request from the address `remoteAddress` names.
 */
const LIMITS = { LINE_AUTH_FAILURES_PER_ADDRESS: '5', LINE_AUTH_FAILURES_PER_USERNAME: '10' };
const t = useTestApp(LIMITS);
const config = loadConfig({ ...LIMITS, CAPTCHA_PROVIDER: 'none' });

type Endpoint = 'player_api' | 'get' | 'xmltv' | 'stream';
const ENDPOINTS: Endpoint[] = ['player_api', 'get', 'xmltv', 'stream'];
interface Who {
  username: string;
  password: string;
}

let movieId = 0;
let owner: Awaited<ReturnType<typeof createAccount>>;
let addressSerial = 0;
/** A new client address for each use, so tests never share a counter by accident. */
const newAddress = () => `10.24.${Math.floor(++addressSerial / 250)}.${(addressSerial % 250) + 1}`;
let unknownSerial = 0;
const unknownUser = (): Who => ({ username: `naoexiste${++unknownSerial}`, password: 'qualquer1' });
const wrong = (who: Who): Who => ({ username: who.username, password: `${who.password}x` });

const enc = encodeURIComponent;
function urlOf(endpoint: Endpoint, who: Who): string {
  const query = `username=${enc(who.username)}&password=${enc(who.password)}`;
  switch (endpoint) {
    case 'player_api':
      return `/player_api.php?${query}`;
    case 'get':
      return `/get.php?${query}&type=m3u_plus&output=ts`;
    case 'xmltv':
      return `/xmltv.php?${query}`;
    case 'stream':
      return `/movie/${enc(who.username)}/${enc(who.password)}/${movieId}.mp4`;
  }
}

function call(endpoint: Endpoint, who: Who, address: string) {
  return t.app.inject({ method: 'GET', url: urlOf(endpoint, who), remoteAddress: address });
}

/** The endpoint's answer to a line that may watch: 200 (auth 1), or the stream's redirect. */
function played(endpoint: Endpoint, response: LightMyRequestResponse): boolean {
  if (endpoint === 'stream') return response.statusCode === 302;
  if (response.statusCode !== 200) return false;
  return endpoint !== 'player_api' || response.json<{ user_info: { auth: number } }>().user_info.auth === 1;
}

/** The endpoint's usual answer to wrong credentials (player_api: 200 with auth 0). */
function refusedAsWrong(endpoint: Endpoint, response: LightMyRequestResponse): boolean {
  if (endpoint === 'player_api')
    return response.statusCode === 200 && response.body === '{"user_info":{"auth":0}}';
  return response.statusCode === 401;
}

function expectBlocked(endpoint: Endpoint, response: LightMyRequestResponse): void {
  expect(response.statusCode, response.body).toBe(429);
  const retryAfter = Number(response.headers['retry-after']);
  expect(retryAfter).toBeGreaterThan(0);
  expect(retryAfter).toBeLessThanOrEqual(config.LINE_AUTH_BLOCK_MINUTES * 60);
  expect(response.headers['cache-control']).toBe('no-store');
  expect(response.headers.location).toBeUndefined();
  if (endpoint === 'player_api') {
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(response.json()).toEqual({ user_info: { auth: 0 } });
  } else {
    expect(response.body).toBe('');
  }
}

async function newLine(overrides: Partial<LineRow> = {}): Promise<LineRow> {
  return createLine(t.app, owner, { maxConnections: 10, ...overrides });
}

/** Five failures from `address` (wrong passwords of `target`, or unknown usernames): the address is blocked. */
async function blockAddress(address: string, target?: Who, endpoint: Endpoint = 'player_api'): Promise<void> {
  for (let attempt = 0; attempt < 5; attempt++) {
    const response = await call(endpoint, target ? wrong(target) : unknownUser(), address);
    expect(refusedAsWrong(endpoint, response), `failure ${attempt + 1}: ${response.statusCode}`).toBe(true);
  }
}

beforeAll(async () => {
  owner = await createAccount(t.app);
  movieId = (await createRedirectedMovie(t.db, 'Filme 0063')).id;
});

describe('line authentication: failures from one address', () => {
  for (const endpoint of ENDPOINTS) {
    it(`${endpoint}: the 6th attempt after 5 wrong passwords is refused, even right; another address plays`, async () => {
      const line = await newLine();
      const address = newAddress();
      await blockAddress(address, line, endpoint);
      expectBlocked(endpoint, await call(endpoint, line, address));
      expectBlocked(endpoint, await call(endpoint, wrong(line), address));
      // HEAD of a stream URL too.
      if (endpoint === 'stream') {
        const head = await t.app.inject({
          method: 'HEAD',
          url: urlOf('stream', line),
          remoteAddress: address,
        });
        expect(head.statusCode).toBe(429);
      }
      expect(played(endpoint, await call(endpoint, line, newAddress()))).toBe(true);
    });
  }

  it('counts unknown usernames, and failures on every endpoint together', async () => {
    const line = await newLine();
    const address = newAddress();
    for (const endpoint of [...ENDPOINTS, 'player_api'] as const) {
      expect(refusedAsWrong(endpoint, await call(endpoint, unknownUser(), address))).toBe(true);
    }
    for (const endpoint of ENDPOINTS) expectBlocked(endpoint, await call(endpoint, line, address));
  });

  it('does not count what guesses nothing: no password, a right password of a line that may not watch', async () => {
    const expired = await newLine({ expDate: daysFromNow(-1) });
    const address = newAddress();
    for (let attempt = 0; attempt < 6; attempt++) {
      expect((await call('get', { username: expired.username, password: '' }, address)).statusCode).toBe(401);
      expect((await call('get', expired, address)).statusCode).toBe(403);
      expect((await call('stream', expired, address)).statusCode).toBe(403);
    }
    expect(played('player_api', await call('player_api', await newLine(), address))).toBe(true);
  });

  it('refuses guesses sent together beyond the allowance (one address at a time per process)', async () => {
    const address = newAddress();
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => call('player_api', unknownUser(), address)),
    );
    const statuses = answers.map((answer) => answer.statusCode);
    expect(statuses.filter((status) => status === 200)).toHaveLength(5);
    expect(statuses.filter((status) => status === 429)).toHaveLength(15);
  });

  it('across processes, guesses sent together get at most one more try per other process', async () => {
    const processes = [createLineAuthGuard(t.db, config), createLineAuthGuard(t.db, config)];
    const address = newAddress();
    const outcomes = await Promise.all(
      Array.from({ length: 20 }, (_, index) =>
        processes[index % 2]!.authenticate({ ...unknownUser(), address }, async () => undefined),
      ),
    );
    const checked = outcomes.filter((outcome) => outcome.outcome === 'refused').length;
    expect(checked).toBeGreaterThanOrEqual(5);
    expect(checked).toBeLessThanOrEqual(6);
    expect(outcomes.filter((outcome) => outcome.outcome === 'blocked')).toHaveLength(20 - checked);
  });

  it('lets twenty customers starting together behind one address play (first time from there)', async () => {
    const address = newAddress();
    const customers = await Promise.all(Array.from({ length: 20 }, () => newLine()));
    const answers = await Promise.all(customers.map((customer) => call('stream', customer, address)));
    expect(answers.map((answer) => answer.statusCode)).toEqual(customers.map(() => 302));
  });

  it('keeps the failures a window after the block ends, so the next block lasts twice as long', async () => {
    const address = newAddress();
    await blockAddress(address);
    const key = lineAuthKeys({ username: 'x', address }).address;
    // The first block (5 min) ends.
    await t.db
      .update(attemptCounters)
      .set({ blockedUntil: sql`now() - interval '1 second'` })
      .where(eq(attemptCounters.key, key));
    expect((await call('player_api', unknownUser(), address)).statusCode).toBe(200);
    const refused = await call('player_api', unknownUser(), address);
    expect(refused.statusCode).toBe(429);
    const retryAfter = Number(refused.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(9 * 60);
    expect(retryAfter).toBeLessThanOrEqual(10 * 60);
  });

  it('counts an IPv6 address’s /64 as one address', async () => {
    const line = await newLine();
    for (let attempt = 1; attempt <= 5; attempt++) {
      const response = await call('player_api', unknownUser(), `2001:db8:24:1::${attempt}`);
      expect(refusedAsWrong('player_api', response)).toBe(true);
    }
    expectBlocked('player_api', await call('player_api', line, '2001:db8:24:1:abcd::9'));
    expect(played('player_api', await call('player_api', line, '2001:db8:24:2::1'))).toBe(true);
  });
});

describe('line authentication: a customer behind the same address (carrier NAT)', () => {
  it('a line that played from the address keeps playing while it is blocked; a new pair there is refused', async () => {
    const customer = await newLine();
    const newcomer = await newLine();
    const nat = newAddress();
    expect(played('stream', await call('stream', customer, nat))).toBe(true);
    await blockAddress(nat);
    for (const endpoint of ENDPOINTS) {
      expect(played(endpoint, await call(endpoint, customer, nat)), endpoint).toBe(true);
      expectBlocked(endpoint, await call(endpoint, newcomer, nat));
    }
    // Another server process (its own memory, nothing remembered): the pair is known in the database.
    const otherProcess = createLineAuthGuard(t.db, config);
    const attempt = { username: customer.username, password: customer.password, address: nat };
    const check = async () => ({ id: customer.id });
    expect(await otherProcess.authenticate(attempt, check)).toEqual({
      outcome: 'authenticated',
      line: { id: customer.id },
    });
    const stranger = { ...attempt, username: newcomer.username, password: newcomer.password };
    expect((await otherProcess.authenticate(stranger, check)).outcome).toBe('blocked');
  });

  it('a wrong password from a known pair gets the blocked answer and forgets the pair', async () => {
    const customer = await newLine();
    const nat = newAddress();
    expect(played('player_api', await call('player_api', customer, nat))).toBe(true);
    await blockAddress(nat);
    expectBlocked('player_api', await call('player_api', wrong(customer), nat));
    expectBlocked('stream', await call('stream', customer, nat));
    const pairs = await t.db
      .select()
      .from(attemptCounters)
      .where(like(attemptCounters.key, `line-ok:${customer.username}:%`));
    expect(pairs).toEqual([]);
  });

  it('a username guessed from many addresses is refused everywhere but where it already plays', async () => {
    const customer = await newLine();
    const home = newAddress();
    expect(played('get', await call('get', customer, home))).toBe(true);
    // Ten failures, two from each of five addresses: no address reaches its own limit.
    for (let attempt = 0; attempt < 10; attempt++) {
      const address = `10.99.${addressSerial}.${Math.floor(attempt / 2) + 1}`;
      expect((await call('stream', wrong(customer), address)).statusCode).toBe(401);
    }
    addressSerial++;
    for (const endpoint of ENDPOINTS) {
      expectBlocked(endpoint, await call(endpoint, customer, newAddress()));
      expect(played(endpoint, await call(endpoint, customer, home)), endpoint).toBe(true);
    }
    const otherProcess = createLineAuthGuard(t.db, config);
    const attempt = { username: customer.username, password: customer.password, address: home };
    expect((await otherProcess.authenticate(attempt, async () => customer)).outcome).toBe('authenticated');
  });

  it('a success is not counted and resets nobody’s failures', async () => {
    const address = newAddress();
    for (let attempt = 0; attempt < 4; attempt++) await call('xmltv', unknownUser(), address);
    // A new pair that succeeds (the 5th attempt) leaves the four failures as they were, unblocked.
    expect(played('xmltv', await call('xmltv', await newLine(), address))).toBe(true);
    const key = lineAuthKeys({ username: 'x', address }).address;
    const [row] = await t.db.select().from(attemptCounters).where(eq(attemptCounters.key, key));
    expect(row).toMatchObject({ hits: 4, blockedUntil: null });
    await call('xmltv', unknownUser(), address);
    expectBlocked('xmltv', await call('xmltv', await newLine(), address));
  });
});

describe('short links: unknown codes count like wrong line passwords (decision 0069)', () => {
  let host = '';
  let code = '';
  let serial = 0;
  /** A code of the shape the panel makes that no link has. */
  const unknownCode = () => `Q${String(++serial).padStart(6, '0')}`;
  const open = (path: string, address: string, method: 'GET' | 'HEAD' = 'GET') =>
    t.app.inject({ method, url: `/${path}`, headers: { host }, remoteAddress: address });
  const missed = (response: LightMyRequestResponse) =>
    response.statusCode === 404 && response.body === SHORT_LINK_MESSAGES.redirectNotFound;

  function expectLinkBlocked(response: LightMyRequestResponse): void {
    expect(response.statusCode, response.body).toBe(429);
    const retryAfter = Number(response.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(config.LINE_AUTH_BLOCK_MINUTES * 60);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.headers.location).toBeUndefined();
    expect(response.body).toBe(errorTextFor(429).message);
  }

  beforeAll(async () => {
    const reseller = await createSignedInAccount(t.app);
    const line = await createLine(t.app, reseller.account, { maxConnections: 10 });
    host = (await addVerifiedDomain(t.db, reseller.account.id, uniqueHost('curto'))).domain;
    const link = await t.as(reseller).post('/api/shorturl', { user_id: line.id, type: 'mpgets' });
    expect(link.statusCode, link.body).toBe(201);
    code = link.json<{ code: string }>().code;
  });

  it('the 6th code from an address after 5 unknown ones is refused, even a real one; elsewhere it opens', async () => {
    const address = newAddress();
    for (let attempt = 0; attempt < 5; attempt++)
      expect(missed(await open(unknownCode(), address))).toBe(true);
    expectLinkBlocked(await open(unknownCode(), address));
    // No oracle: the real code gets the same answer there (GET and HEAD).
    expectLinkBlocked(await open(code, address));
    expect((await open(code, address, 'HEAD')).statusCode).toBe(429);
    expect((await open(code, newAddress())).statusCode).toBe(302);
  });

  it('an address that opened a link keeps opening it while blocked; its other guesses are refused', async () => {
    const nat = newAddress();
    expect((await open(code, nat)).statusCode).toBe(302);
    for (let attempt = 0; attempt < 5; attempt++) expect(missed(await open(unknownCode(), nat))).toBe(true);
    expectLinkBlocked(await open(unknownCode(), nat));
    expect((await open(code, nat)).statusCode).toBe(302);
    // Another server process: the pair is known in the database.
    const otherProcess = createLineAuthGuard(t.db, config);
    const opened = await otherProcess.openShortLink({ code, address: nat }, async () => ({ code }));
    expect(opened.outcome).toBe('authenticated');
  });

  it('shares one allowance with wrong line passwords; paths that cannot be codes count nothing', async () => {
    const line = await newLine();
    const address = newAddress();
    for (let attempt = 0; attempt < 10; attempt++) {
      expect(missed(await open('abcdefg', address)), 'lowercase').toBe(true);
      expect(missed(await open('favicon.ico', address)), 'a file').toBe(true);
    }
    for (let attempt = 0; attempt < 3; attempt++) {
      expect(refusedAsWrong('get', await call('get', wrong(line), address))).toBe(true);
    }
    expect(missed(await open(unknownCode(), address))).toBe(true);
    expect(missed(await open(unknownCode(), address))).toBe(true);
    expectBlocked('get', await call('get', line, address));
    expectLinkBlocked(await open(code, address));
  });
});

describe('line authentication: answers and upkeep', () => {
  it('every answer of the player endpoints and stream URLs says Cache-Control: no-store', async () => {
    const line = await newLine();
    const address = newAddress();
    const answers = [
      ...(await Promise.all(ENDPOINTS.map((endpoint) => call(endpoint, line, address)))),
      ...(await Promise.all(ENDPOINTS.map((endpoint) => call(endpoint, wrong(line), address)))),
      await t.app.inject({ method: 'GET', url: `/movie/${line.username}/${enc(line.password)}/999999.mp4` }),
      await t.app.inject({ method: 'GET', url: '/hls/aaaaaaaaaaaaaaaaaaaaaaaa.ts' }),
      await t.app.inject({ method: 'OPTIONS', url: '/player_api.php' }),
      await t.app.inject({ method: 'OPTIONS', url: `/live/a/b/1.ts` }),
    ];
    expect(answers.map((answer) => answer.statusCode)).toEqual([
      200, 200, 200, 302, 200, 401, 401, 401, 404, 404, 204, 204,
    ]);
    for (const answer of answers) expect(answer.headers['cache-control']).toBe('no-store');
  });

  it('keys an address as counted: IPv4, IPv4-mapped, an IPv6 /64', () => {
    expect(addressKeyOf('203.0.113.9')).toBe('203.0.113.9');
    expect(addressKeyOf('::ffff:203.0.113.9')).toBe('203.0.113.9');
    expect(addressKeyOf('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(addressKeyOf('2001:0DB8:00a0:0001:ffff::1')).toBe('2001:db8:a0:1::/64');
    expect(addressKeyOf('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
    expect(addressKeyOf('64:ff9b:1:2:3:4:1.2.3.4')).toBe('64:ff9b:1:2::/64');
    expect(addressKeyOf('::')).toBe('0:0:0:0::/64');
    expect(lineAuthKeys({ username: ' Cliente1 ', address: '203.0.113.9' })).toEqual({
      address: 'line-ip:203.0.113.9',
      username: 'line-user:cliente1',
      pair: 'line-ok:cliente1:203.0.113.9',
    });
    expect(lineAuthKeys({ username: 'x'.repeat(5000), address: '::1' }).username.length).toBeLessThan(40);
  });

  it('the sweeper of each process drops ended counters and keeps blocks and known pairs', async () => {
    await t.db.insert(attemptCounters).values([
      { key: 'line-ip:sweep-ended', hits: 3, windowEndsAt: sql`now() - interval '1 minute'` },
      {
        key: 'line-ip:sweep-blocked',
        hits: 9,
        windowEndsAt: sql`now() - interval '1 minute'`,
        blockedUntil: sql`now() + interval '1 minute'`,
      },
      { key: 'line-ok:sweep:10.0.0.1', hits: 1, windowEndsAt: sql`now() + interval '30 days'` },
    ]);
    const app = Fastify();
    await app.register(attempts, { db: t.db, config, sweeps: true, sweepEveryMs: 20 });
    await app.ready();
    try {
      const deadline = Date.now() + 5000;
      const left = async () =>
        (await t.db.select().from(attemptCounters).where(like(attemptCounters.key, '%sweep%'))).map(
          (row) => row.key,
        );
      while ((await left()).includes('line-ip:sweep-ended') && Date.now() < deadline) {
        await new Promise((done) => setTimeout(done, 20));
      }
      expect((await left()).sort()).toEqual(['line-ip:sweep-blocked', 'line-ok:sweep:10.0.0.1']);
    } finally {
      await app.close();
    }
  });
});
