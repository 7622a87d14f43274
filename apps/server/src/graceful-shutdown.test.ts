import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from './app';
import { loadConfig } from './config';
import { stopWithin } from './graceful-shutdown';
import { createLine, createSignedInAccount } from '../test/factories';
import { TEST_ADMIN } from '../test/test-app';
import { startProvisioningReceiver } from '../test/provisioning-receiver';
import { openTestDatabase } from '../test/test-database';

const SECRET = 'graceful-shutdown-test-secret';

/** One HTTP request on a kept-alive connection; answers status, body and the Connection header. */
function request(agent: http.Agent, port: number, method: string, path: string, token: string) {
  return new Promise<{ status: number; body: string; connection: string | undefined }>((resolve, reject) => {
    const outgoing = http.request(
      { agent, host: '127.0.0.1', port, method, path, headers: { authorization: `Bearer ${token}` } },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            body: Buffer.concat(chunks).toString(),
            connection: response.headers.connection,
          }),
        );
      },
    );
    outgoing.on('error', reject);
    outgoing.end();
  });
}

const waitFor = async (condition: () => boolean, timeoutMs = 10_000) => {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
};

describe('stopWithin', () => {
  it('waits for a quiet moment before closing, and not past the bound', async () => {
    let activity = 0;
    let closedAfter = 0;
    // Activity for the first 200 ms (clients still sending), then none.
    const started = performance.now();
    const busy = {
      startDraining: () => undefined,
      msSinceLastActivity: () =>
        performance.now() - started < 200 ? (activity++, 0) : performance.now() - started - 200,
      close: async () => {
        closedAfter = performance.now() - started;
      },
    };
    expect((await stopWithin(busy, { timeoutMs: 5_000, quietMs: 100 })).outcome).toBe('closed');
    expect(activity).toBeGreaterThan(0);
    expect(closedAfter).toBeGreaterThanOrEqual(300);
    const neverQuiet = { ...busy, msSinceLastActivity: () => 0, close: async () => undefined };
    expect((await stopWithin(neverQuiet, { timeoutMs: 200, quietMs: 100 })).outcome).toBe('timed-out');
  });

  it('gives up after the bound when closing never ends', async () => {
    const started = Date.now();
    const stuck = {
      startDraining: () => undefined,
      msSinceLastActivity: () => 1_000,
      close: () => new Promise(() => undefined),
    };
    const result = await stopWithin(stuck, { timeoutMs: 100, quietMs: 10 });
    expect(result.outcome).toBe('timed-out');
    expect(Date.now() - started).toBeLessThan(2_000);
  });
});

describe('graceful stop of the real app', () => {
  const cleanups: (() => Promise<unknown>)[] = [];
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup().catch(() => undefined);
  });

  it('finishes requests in flight, answers new ones 503 while draining, stops the worker, closes the database', async () => {
    const receiver = await startProvisioningReceiver(SECRET);
    cleanups.push(() => receiver.close());
    // Each delivery takes a while: resync requests (which deliver before answering) stay in flight.
    receiver.delayMs = 400;
    const database = await openTestDatabase();
    let closes = 0;
    // The app owns the handle and closes it; dispose (closing is idempotent) drops a scratch database.
    const owned = { ...database, close: () => (closes++, database.close()) };
    cleanups.push(() => database.dispose());
    const config = loadConfig({
      CAPTCHA_PROVIDER: 'none',
      ADMIN_PASSWORD: TEST_ADMIN.password,
      LOG_LEVEL: 'silent',
      WEB_DIST_DIR: '/nonexistent-web-dist',
      P2P_PROVISIONING_URL: `${receiver.url}/p2p`,
      PROVISIONING_SECRET: SECRET,
      PROVISIONING_POLL_MS: '50',
    });
    const app: FastifyInstance = await buildApp(config, {
      openingDatabase: Promise.resolve(owned),
      logger: false,
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const port = (app.server.address() as AddressInfo).port;
    const { account, token } = await createSignedInAccount(app, { credits: '100.00' });
    const lines = await Promise.all(Array.from({ length: 6 }, () => createLine(app, account, { system: 2 })));

    // Requests the server has begun (Node's 'request' event): the ones a stop must finish.
    let begun = 0;
    app.server.on('request', () => begun++);
    const agent = new http.Agent({ keepAlive: true, maxSockets: 16 });
    cleanups.push(async () => agent.destroy());
    const inFlight = lines.map((line) =>
      request(agent, port, 'POST', `/api/users/${line.id}/resync_p2p`, token),
    );
    await waitFor(() => begun === lines.length && receiver.attempts.length >= 1);

    const stopping = stopWithin(app, { timeoutMs: 10_000, quietMs: 400 });
    // During the drain a new request is answered, 503 in the API's shape, and its connection closed.
    const duringDrain = await request(new http.Agent(), port, 'GET', '/api/profile', token);
    expect(duringDrain.status).toBe(503);
    expect(JSON.parse(duringDrain.body)).toEqual({
      status: 503,
      code: 'service_unavailable',
      message: 'Serviço temporariamente indisponível. Tente novamente em instantes.',
    });
    expect(duringDrain.connection).toBe('close');

    const answers = await Promise.all(inFlight);
    for (const answer of answers) expect(answer.status, answer.body).toBe(200);
    // Answers sent while stopping close their connection: no idle keep-alive socket holds the close up.
    expect(answers.some((answer) => answer.connection === 'close')).toBe(true);
    const result = await stopping;
    expect(result.outcome).toBe('closed');
    // After the drain the listener is closed: a new connection is not taken.
    await expect(request(new http.Agent(), port, 'GET', '/api/profile', token)).rejects.toThrow(
      /ECONNREFUSED/,
    );

    // The worker is stopped: nothing more reaches the receiver once the app is closed.
    const attempts = receiver.attempts.length;
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(receiver.attempts.length).toBe(attempts);
    // And the database is closed (pool ended on PostgreSQL, PGlite closed).
    expect(closes).toBe(1);
    await expect(app.database.db.execute('select 1' as never)).rejects.toThrow();
    expect(app.database.poolStats().every((pool) => pool.total === 0)).toBe(true);
  }, 120_000);
});
