import { randomBytes } from 'node:crypto';
import { generateSync } from 'otplib';
import { toCents } from '@panel/shared/money/credits';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../src/db/database';
import {
  DEFAULT_PG_SERVER,
  dropDatabase,
  ensureDatabase,
  startServerProcess,
  type ServerProcess,
} from '../scripts/bench/bench-env';
import { callServer, type Answer } from './server-call';
import { createRedirectedMovie } from './content-factory';
import { findLedgerMismatches } from './ledger-invariant';
import { PortalClient } from './portal-client';
import { startProvisioningReceiver, type ProvisioningReceiver } from './provisioning-receiver';

/**
 * Two server processes on one PostgreSQL database, as behind a load balancer (decisions 0021, 0025). Each node is
 * `src/server.ts` in its own Node process, so nothing is shared but the database. Runs with `npm run test:pg`.
 */
const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
const ADMIN = { username: 'admin', password: 'Adm1n@two' };
const PROVISIONING_SECRET = 'two-nodes-provisioning-secret-01';

let databaseName = '';
let database: DatabaseHandle;
let receiver: ProvisioningReceiver;
let nodes: [ServerProcess, ServerProcess];
let adminToken = '';

async function signIn(node: ServerProcess, username: string, password: string): Promise<Answer> {
  return callServer(node, 'POST', '/api/auth/sign-in', {
    body: { username, password, 'g-recaptcha-response': 'none' },
  });
}

async function tokenOf(node: ServerProcess, username: string, password: string): Promise<string> {
  const answer = await signIn(node, username, password);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.token as string;
}

let serial = 0;
/** A reseller made by `parentToken`'s account on node A (the admin mints; a master gives from its balance). */
async function createReseller(parentToken: string, credits: number) {
  const username = `node${Date.now() % 100000}${serial++}`;
  const password = 'Senha@forte9';
  const answer = await callServer<{ id: number }>(nodes[0], 'POST', '/api/resellers', {
    token: parentToken,
    body: { username, password, credits },
  });
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  return { id: answer.body.id, username, password };
}

beforeAll(async () => {
  if (!onPostgres) return;
  databaseName = `panel_two_nodes_${randomBytes(4).toString('hex')}`;
  const url = await ensureDatabase(process.env.TEST_DATABASE_URL ?? DEFAULT_PG_SERVER, databaseName, {
    fresh: true,
  });
  receiver = await startProvisioningReceiver(PROVISIONING_SECRET);
  const env = {
    DATABASE_URL: url,
    ADMIN_USERNAME: ADMIN.username,
    ADMIN_PASSWORD: ADMIN.password,
    SIGNING_SECRET: 'two-nodes-signing-secret-000001',
    P2P_PROVISIONING_URL: `${receiver.url}/p2p`,
    PROVISIONING_SECRET,
    PROVISIONING_POLL_MS: '100',
    // The test names each player's address in X-Forwarded-For (line authentication's flood protection).
    TRUST_PROXY: 'loopback',
    LINE_AUTH_FAILURES_PER_ADDRESS: '5',
  };
  const command = [process.execPath, '--import', 'tsx', 'src/server.ts'];
  // Both start together: their migrations meet under the advisory lock.
  nodes = await Promise.all([
    startServerProcess(env, { command, timeoutMs: 120_000 }),
    startServerProcess(env, { command, timeoutMs: 120_000 }),
  ]);
  database = await openDatabase({ url, dataDir: '' });
  adminToken = await tokenOf(nodes[0], ADMIN.username, ADMIN.password);
}, 180_000);

afterAll(async () => {
  if (!onPostgres) return;
  await Promise.all((nodes ?? []).map((node) => node?.stop()));
  await database?.close();
  await receiver?.close();
  await dropDatabase(process.env.TEST_DATABASE_URL ?? DEFAULT_PG_SERVER, databaseName);
}, 60_000);

describe.runIf(onPostgres)('two server processes on one database', () => {
  it('a session made on one node works on the other', async () => {
    const reseller = await createReseller(adminToken, 50);
    const token = await tokenOf(nodes[0], reseller.username, reseller.password);
    const profile = await callServer(nodes[1], 'GET', '/api/profile', { token });
    expect(profile.status).toBe(200);
    expect(profile.body).toMatchObject({ username: reseller.username, status: true });
  });

  it('a logout or a block on one node is refused on the other at once', async () => {
    const reseller = await createReseller(adminToken, 50);
    const loggedOut = await tokenOf(nodes[0], reseller.username, reseller.password);
    const blocked = await tokenOf(nodes[1], reseller.username, reseller.password);
    expect((await callServer(nodes[1], 'GET', '/api/profile', { token: loggedOut })).status).toBe(200);

    expect((await callServer(nodes[0], 'POST', '/api/auth/logout', { token: loggedOut })).status).toBe(204);
    const afterLogout = await callServer(nodes[1], 'GET', '/api/profile', { token: loggedOut });
    expect(afterLogout.status).toBe(404);
    expect(afterLogout.body).toMatchObject({ code: 'session_not_found' });

    expect((await callServer(nodes[0], 'GET', '/api/profile', { token: blocked })).status).toBe(200);
    const block = await callServer(nodes[1], 'POST', `/api/resellers/${reseller.id}/block`, {
      token: adminToken,
    });
    expect(block.status, JSON.stringify(block.body)).toBeLessThan(300);
    const afterBlock = await callServer(nodes[0], 'GET', '/api/profile', { token: blocked });
    expect(afterBlock.status).toBe(404);
  });

  it('an API token revoked on one node is refused on the other at once', async () => {
    const reseller = await createReseller(adminToken, 50);
    const session = await tokenOf(nodes[0], reseller.username, reseller.password);
    const created = await callServer<{ token: string; api_token: { id: number } }>(
      nodes[0],
      'POST',
      '/api/api-tokens',
      { token: session, body: { name: 'Bot', scopes: ['read'] } },
    );
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const apiToken = created.body.token;
    expect((await callServer(nodes[1], 'GET', '/api/users', { token: apiToken })).status).toBe(200);
    const revoked = await callServer(
      nodes[0],
      'POST',
      `/api/api-tokens/${created.body.api_token.id}/revoke`,
      {
        token: session,
      },
    );
    expect(revoked.status).toBe(200);
    const refused = await callServer(nodes[1], 'GET', '/api/users', { token: apiToken });
    expect(refused.status).toBe(401);
    expect(refused.body).toMatchObject({ code: 'unauthenticated' });
  });

  it('a portal box handshakes on one node and is served and locked on the other (decisions 0113, 0114)', async () => {
    const mac = '00:1A:79:00:77:01';
    const created = await callServer<{ line: { id: number } }>(nodes[0], 'POST', '/api/users', {
      token: adminToken,
      body: { package_id: 17, system: 3, macaddr: mac, full_name: 'Cliente do Portal' },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const box = { mac, sn: 'SN0077', deviceId: 'D1-0077', deviceId2: 'D2-0077' };
    const onA = new PortalClient(nodes[0].url, box);
    await onA.handshake();
    expect(onA.token).toEqual(expect.any(String));
    // The token made on node A is the session on node B: its profile binds the box there.
    const onB = new PortalClient(nodes[1].url, box);
    onB.token = onA.token;
    expect(await onB.profile()).toMatchObject({ status: 0 });
    expect((await onA.call('itv', 'get_genres')).js).toEqual(expect.any(Array));
    // Another box with the same MAC on node A: the lock node B stored refuses it.
    const other = new PortalClient(nodes[0].url, { ...box, sn: 'SN0078', deviceId: 'D1-0078' });
    await other.handshake();
    expect(await other.profile()).toMatchObject({ status: 1 });
  });

  it('sessions are listed and ended from either node; a second step begun on one ends on the other', async () => {
    const reseller = await createReseller(adminToken, 50);
    const onA = await tokenOf(nodes[0], reseller.username, reseller.password);
    const onB = await tokenOf(nodes[1], reseller.username, reseller.password);
    const listed = await callServer<{ sessions: { id: number; current: boolean }[] }>(
      nodes[1],
      'GET',
      '/api/profile/sessions',
      { token: onB },
    );
    expect(listed.body.sessions.map((session) => session.current)).toEqual([true, false]);
    const otherId = listed.body.sessions[1]?.id;
    expect(
      (await callServer(nodes[1], 'DELETE', `/api/profile/sessions/${otherId}`, { token: onB })).status,
    ).toBe(204);
    expect((await callServer(nodes[0], 'GET', '/api/profile', { token: onA })).body).toMatchObject({
      code: 'session_not_found',
    });

    // Two-factor sign-in (decision 0131): the ticket and the last accepted step are in the database.
    const setup = await callServer<{ secret: string }>(nodes[0], 'POST', '/api/profile/two-factor/setup', {
      token: onB,
    });
    const codeAt = (steps: number) =>
      generateSync({ secret: setup.body.secret, epoch: Math.floor(Date.now() / 1000) + steps * 30 });
    const confirm = await callServer(nodes[1], 'POST', '/api/profile/two-factor/confirm', {
      token: onB,
      body: { password: reseller.password, code: codeAt(0) },
    });
    expect(confirm.status, JSON.stringify(confirm.body)).toBe(200);
    const ticketOn = async (node: ServerProcess) =>
      (await signIn(node, reseller.username, reseller.password)).body.second_step as { ticket: string };
    const first = await ticketOn(nodes[0]);
    const code = codeAt(1);
    const done = await callServer(nodes[1], 'POST', '/api/auth/second-step', {
      body: { ticket: first.ticket, code },
    });
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    const replay = await callServer(nodes[0], 'POST', '/api/auth/second-step', {
      body: { ticket: (await ticketOn(nodes[1])).ticket, code },
    });
    expect(replay.body).toMatchObject({ status: 401, field: 'code' });
  });

  it('five failed sign-ins spread over both nodes give 429 on the sixth', async () => {
    const reseller = await createReseller(adminToken, 50);
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 6; attempt++) {
      const answer = await signIn(nodes[attempt % 2]!, reseller.username, 'errado12');
      statuses.push(answer.status);
    }
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429]);
    const right = await signIn(nodes[1], reseller.username, reseller.password);
    expect(right.status).toBe(429);
    expect(right.body).toMatchObject({ message: 'Muitas tentativas. Aguarde um momento e tente novamente.' });
  });

  it('line authentication: five wrong passwords from one address over both nodes refuse the sixth; customers play', async () => {
    const movie = await createRedirectedMovie(database.db, 'Filme');
    const lineOf = async () => {
      const created = await callServer<{ line: { username: string; password: string } }>(
        nodes[0],
        'POST',
        '/api/users',
        { token: adminToken, body: { package_id: 17 } },
      );
      expect(created.status, JSON.stringify(created.body)).toBe(201);
      return created.body.line;
    };
    const [natCustomer, target, elsewhereCustomer] = [await lineOf(), await lineOf(), await lineOf()];
    const nat = '198.51.100.63';
    const elsewhere = '203.0.113.63';
    const player = (node: ServerProcess, path: string, address: string) =>
      fetch(`${node.url}${path}`, { redirect: 'manual', headers: { 'x-forwarded-for': address } });
    const credentials = (who: { username: string; password: string }) =>
      `${encodeURIComponent(who.username)}/${encodeURIComponent(who.password)}`;
    const start = (node: ServerProcess, who: { username: string; password: string }, address: string) =>
      player(node, `/movie/${credentials(who)}/${movie.id}.mp4`, address);
    const login = (node: ServerProcess, who: { username: string; password: string }, address: string) =>
      player(
        node,
        `/player_api.php?username=${encodeURIComponent(who.username)}&password=${encodeURIComponent(who.password)}`,
        address,
      );
    const wrong = { username: target.username, password: `${target.password}x` };

    // A paying customer already plays behind the carrier NAT (on node A).
    expect((await start(nodes[0], natCustomer, nat)).status).toBe(302);

    // Someone on the same NAT address guesses the target's password, alternating the nodes.
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 6; attempt++) {
      const answer = await login(nodes[attempt % 2]!, wrong, nat);
      statuses.push(answer.status);
      expect(await answer.text()).toBe('{"user_info":{"auth":0}}');
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
    for (const node of nodes) {
      const right = await login(node, target, nat);
      expect(right.status).toBe(429);
      expect(Number(right.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(await right.json()).toEqual({ user_info: { auth: 0 } });
      const stream = await start(node, target, nat);
      expect(stream.status).toBe(429);
      expect(stream.headers.get('location')).toBeNull();
      expect(stream.headers.get('cache-control')).toBe('no-store');
      expect(await stream.text()).toBe('');
      // A line that never played from the NAT address is refused there too.
      expect((await start(node, elsewhereCustomer, nat)).status).toBe(429);
    }

    // The target and another customer with their right passwords from another address play on both nodes.
    for (const node of nodes) {
      expect((await start(node, target, elsewhere)).status).toBe(302);
      expect((await start(node, elsewhereCustomer, elsewhere)).status).toBe(302);
    }
    // The NAT customer keeps playing: node B never saw it (the pair is read from the database), node A
    // remembers it.
    for (const node of [nodes[1], nodes[0]]) {
      expect((await start(node, natCustomer, nat)).status).toBe(302);
      const loggedIn = (await (await login(node, natCustomer, nat)).json()) as {
        user_info: { auth: number };
      };
      expect(loggedIn.user_info.auth).toBe(1);
    }
  });

  it('delivers each provisioning change once, with both nodes’ workers polling', async () => {
    const before = receiver.received.length;
    const created = await Promise.all(
      Array.from({ length: 12 }, (_, index) =>
        callServer<{ line: { id: number } }>(nodes[index % 2]!, 'POST', '/api/users', {
          token: adminToken,
          body: { package_id: 53, system: 2 },
        }),
      ),
    );
    for (const answer of created) expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    const lineIds = created.map((answer) => answer.body.line.id);
    // Each node also resyncs half of the lines: a second change per line.
    const resynced = await Promise.all(
      lineIds.map((id, index) =>
        callServer(nodes[(index + 1) % 2]!, 'POST', `/api/users/${id}/resync_p2p`, { token: adminToken }),
      ),
    );
    for (const answer of resynced) expect(answer.status, JSON.stringify(answer.body)).toBeLessThan(300);

    const deadline = Date.now() + 30_000;
    while (receiver.received.length - before < lineIds.length * 2 && Date.now() < deadline) {
      await new Promise((done) => setTimeout(done, 100));
    }
    await new Promise((done) => setTimeout(done, 500)); // a duplicate would arrive within a few polls
    const received = receiver.received.slice(before);
    const deliveries = received.map((delivery) => delivery.delivery);
    expect(new Set(deliveries).size).toBe(deliveries.length);
    expect(deliveries).toHaveLength(lineIds.length * 2);
    for (const id of lineIds) {
      const events = received.filter((delivery) => delivery.body.line.id === id).map((d) => d.event);
      expect(events[0], `line ${id}`).toBe('created');
      expect(events, `line ${id}`).toHaveLength(2);
    }
  });

  it('a credit race spread over both nodes stays exact', async () => {
    const master = await createReseller(adminToken, 100);
    const masterToken = await tokenOf(nodes[0], master.username, master.password);
    const subs: Awaited<ReturnType<typeof createReseller>>[] = [];
    // A master gives each new sub 10 from its own balance: 100 → 60 after four.
    for (let index = 0; index < 4; index++) subs.push(await createReseller(masterToken, 10));
    const moves = await Promise.all(
      Array.from({ length: 40 }, (_, index) =>
        callServer(nodes[index % 2]!, 'POST', `/api/resellers/${subs[index % subs.length]!.id}/credits`, {
          token: masterToken,
          body: { value: 10 },
        }),
      ),
    );
    const succeeded = moves.filter((move) => move.status < 300).length;
    const refused = moves.filter((move) => move.status >= 400);
    expect(succeeded).toBe(6);
    expect(refused).toHaveLength(34);
    for (const move of refused) expect(move.status).toBe(409);
    const profile = await callServer<{ credits: string }>(nodes[1], 'GET', '/api/profile', {
      token: masterToken,
    });
    expect(toCents(profile.body.credits)).toBe(0);
    expect(await findLedgerMismatches(database.db)).toEqual([]);
  });
});
