import { PROVISIONING_MESSAGES } from '@panel/shared/provisioning/provisioning-messages';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer } from '../../../test/api';
import { createAccount, createSignedInAccount, createLine } from '../../../test/factories';
import { startTestApp, type TestApp } from '../../../test/test-app';
import { provisioningOutbox } from '../../db/schema';

const SECRET = 'operator-view-secret-0123456789';
// Never reached: the worker waits an hour and these tests only read and reset rows.
const P2P_URL = 'https://hook-user:hook-pass@p2p.example.com:8443/hook?token=path-token';
let testApp: TestApp;
let adminToken: string;

beforeAll(async () => {
  testApp = await startTestApp({
    P2P_PROVISIONING_URL: P2P_URL,
    PROVISIONING_SECRET: SECRET,
    PROVISIONING_POLL_MS: '3600000',
    PROVISIONING_MAX_ATTEMPTS: '12',
  });
  adminToken = (await createSignedInAccount(testApp.app, { role: 'admin' })).token;
  const owner = await createAccount(testApp.app);
  const line = await createLine(testApp.app, owner, { system: 2 });
  const base = { lineId: line.id, system: 2, event: 'updated', payload: {} };
  await testApp.app.database.db
    .insert(provisioningOutbox)
    .values([
      { ...base, createdAt: sql`now() - interval '2 minutes'` },
      { ...base },
      { ...base, attempts: 12, lastError: 'HTTP 500' },
      { ...base, deliveredAt: sql`now()` },
    ]);
});
afterAll(() => testApp?.close());

const overview = (token: string) =>
  testApp.app.inject({ method: 'GET', url: '/api/admin/provisioning', headers: bearer(token) });

describe('operator view of provisioning', () => {
  it('shows per service whether it is configured, by host only, and its backlog', async () => {
    const response = await overview(adminToken);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.max_attempts).toBe(12);
    expect(body.systems).toHaveLength(2);
    const [p2p, hybrid] = body.systems;
    expect(p2p).toMatchObject({ system: 2, label: 'P2P', configured: true, host: 'p2p.example.com:8443' });
    expect(p2p).toMatchObject({ message: null, pending: 2, failed: 1 });
    expect(p2p.oldest_pending_seconds).toBeGreaterThanOrEqual(119);
    expect(hybrid).toEqual({
      system: 3,
      label: 'Híbrido',
      configured: false,
      host: null,
      message: PROVISIONING_MESSAGES.hybridNotConfigured,
      pending: 0,
      failed: 0,
      oldest_pending_seconds: null,
    });
    for (const secret of [SECRET, 'hook-pass', 'hook-user', 'path-token', '/hook']) {
      expect(response.body).not.toContain(secret);
    }
  });

  it('is for admins only', async () => {
    const { token } = await createSignedInAccount(testApp.app, { role: 'reseller' });
    expect((await overview(token)).statusCode).toBe(403);
    const retry = await testApp.app.inject({
      method: 'POST',
      url: '/api/admin/provisioning/retry',
      headers: bearer(token),
      payload: {},
    });
    expect(retry.statusCode).toBe(403);
  });

  it('retries failed changes now, for one service or both', async () => {
    const retry = (payload?: object) =>
      testApp.app.inject({
        method: 'POST',
        url: '/api/admin/provisioning/retry',
        headers: bearer(adminToken),
        ...(payload ? { payload } : {}),
      });
    expect((await retry({ system: 3 })).json()).toEqual({ retried: 0 });
    const invalid = await retry({ system: 1 });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().message).toBe(PROVISIONING_MESSAGES.systemInvalid);
    const both = await retry();
    expect(both.statusCode).toBe(200);
    expect(both.json()).toEqual({ retried: 1 });
    expect((await overview(adminToken)).json().systems[0]).toMatchObject({ pending: 3, failed: 0 });
  });
});
