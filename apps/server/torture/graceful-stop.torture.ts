/**
 * SIGTERM under load (decision 0025), on the embedded PGlite and on PostgreSQL: the real server
 * bundle answers many clients, each with a request in flight, when it is told to stop. Every request sent
 * before the signal must be answered — done (2xx) or, when it reached the server after the stop began,
 * 503 in the API's shape — never a reset connection; and the process must exit 0 within
 * SHUTDOWN_TIMEOUT_MS. Prints the time from SIGTERM to exit and how many requests were in flight.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { call, httpClient, pick, scaled, scratchDatabase, sleep, startServerProcess } from './support';

const WORKERS = scaled(96, 48);
const SHUTDOWN_TIMEOUT_MS = 10_000;
const ADMIN = { username: 'admin', password: 'Adm1n@graceful' };

const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup().catch(() => undefined);
});

describe.each([
  ['PGlite', 'pglite'],
  ['PostgreSQL', 'postgres'],
] as const)('SIGTERM under load on %s', (_label, engine) => {
  it('answers every request sent before the signal and exits 0 within the bound', async () => {
    let env: Record<string, string>;
    if (engine === 'pglite') {
      const dataDir = mkdtempSync(join(tmpdir(), 'panel-graceful-'));
      cleanups.push(async () => rmSync(dataDir, { recursive: true, force: true }));
      env = { DATA_DIR: dataDir, DATABASE_URL: '' };
    } else {
      const database = await scratchDatabase('graceful');
      cleanups.push(() => database.drop());
      env = { DATABASE_URL: database.url };
    }
    const server = await startServerProcess({
      ...env,
      ADMIN_PASSWORD: ADMIN.password,
      SIGN_IN_ATTEMPTS_PER_MINUTE: '10000',
      SHUTDOWN_TIMEOUT_MS: String(SHUTDOWN_TIMEOUT_MS),
    });
    cleanups.push(() => server.kill9());
    const http = httpClient(server.url, WORKERS + 4);
    cleanups.push(async () => http.close());

    const signIn = await call(http, undefined, 'POST', '/api/auth/sign-in', {
      ...ADMIN,
      'g-recaptcha-response': 'x',
    });
    const admin = signIn.json.token as string;
    const username = `grace${Date.now().toString(36)}`;
    const reseller = await call(http, admin, 'POST', '/api/resellers', {
      username,
      password: 'Senha@forte9',
      credits: 5000,
    });
    expect(reseller.status).toBe(201);
    const resellerSignIn = await call(http, undefined, 'POST', '/api/auth/sign-in', {
      username,
      password: 'Senha@forte9',
      'g-recaptcha-response': 'x',
    });
    const token = resellerSignIn.json.token as string;
    const lines: number[] = [];
    for (let index = 0; index < 8; index++) {
      const line = await call(http, token, 'POST', '/api/users', { package_id: 17 });
      if (line.status === 201) lines.push((line.json.line as { id: number }).id);
    }
    expect(lines.length).toBeGreaterThan(0);

    let stopping = false;
    let sent = 0;
    let answered = 0;
    const statuses = new Map<number, number>();
    const failures: string[] = [];
    const badBodies: string[] = [];
    const workers = Array.from({ length: WORKERS }, async () => {
      while (!stopping) {
        sent++;
        const roll = Math.random();
        try {
          const answer =
            roll < 0.6
              ? await call(http, token, 'GET', '/api/users?page=1&per=25')
              : roll < 0.8
                ? await call(http, token, 'GET', '/api/profile')
                : await call(http, token, 'POST', `/api/users/${pick(lines)}/renew`, { months: 1 });
          answered++;
          statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1);
          if (answer.status === 503 && answer.json.code !== 'service_unavailable')
            badBodies.push(JSON.stringify(answer.json));
        } catch (error) {
          failures.push((error as Error).message);
        }
      }
    });
    await sleep(1_500);
    const exited = new Promise<number | null>((resolve) =>
      server.child.once('exit', (code) => resolve(code)),
    );
    stopping = true;
    const inFlight = sent - answered - failures.length;
    const signalledAt = performance.now();
    server.child.kill('SIGTERM');
    const code = await exited;
    const exitMs = Math.round(performance.now() - signalledAt);
    await Promise.all(workers);

    console.log(
      `${engine}: SIGTERM with ${inFlight} requests in flight (${WORKERS} clients, ${sent} sent) → exit ${code} after ${exitMs} ms; answers ${JSON.stringify(Object.fromEntries(statuses))}; failures ${failures.length}`,
    );
    expect(failures).toEqual([]);
    expect(badBodies).toEqual([]);
    expect([...statuses.keys()].filter((status) => ![200, 201, 503].includes(status))).toEqual([]);
    expect(code).toBe(0);
    expect(exitMs).toBeLessThan(SHUTDOWN_TIMEOUT_MS);
    expect(inFlight).toBeGreaterThan(WORKERS / 2);
  });
});
