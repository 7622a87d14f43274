import { STREAMING_SERVER_MESSAGES } from '@panel/shared/streaming-servers/streaming-servers-api';
import { INGEST_MESSAGES } from '@panel/shared/ingest/ingest-api';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { streamingServers } from '../../db/schema';
import { hashSessionToken } from '../../lib/session-token';
import { createSignedInAccount } from '../../../test/factories';
import { expectRefusal, FORBIDDEN } from '../../../test/refusals';
import { useTestApp } from '../../../test/test-app';

const t = useTestApp();
const BASE = '/api/admin/streaming-servers';

async function create(body: unknown) {
  const response = await t.as(t.adminToken).post(BASE, body);
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ server: { id: number; token_hint: string }; token: string }>();
}

const ingest = (token: string, batchId: string) =>
  t.as(token).post('/api/ingest/v1/views', { batch_id: batchId, views: [] });

describe('streaming servers (admin)', () => {
  it('creates a server and answers its token once; only the hash and last 4 characters are kept', async () => {
    const { server, token } = await create({
      name: ' Edge SP ',
      control_url: 'https://edge.example/control',
    });
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(server).toMatchObject({
      name: 'Edge SP',
      token_hint: token.slice(-4),
      control_url: 'https://edge.example/control',
      last_seen_at: null,
      revoked_at: null,
    });
    const [row] = await t.db.select().from(streamingServers).where(eq(streamingServers.id, server.id));
    expect(row?.tokenHash).toBe(hashSessionToken(token));
    expect(JSON.stringify(row)).not.toContain(token);
    const list = await t.as(t.adminToken).get(BASE);
    expect(list.statusCode).toBe(200);
    expect(list.body).not.toContain(token);
    expect(list.json<{ data: { id: number }[] }>().data.map((item) => item.id)).toContain(server.id);
  });

  it('edits the name and the control URL; an empty URL clears it', async () => {
    const { server } = await create({ name: 'Edge RJ' });
    const renamed = await t.as(t.adminToken).patch(`${BASE}/${server.id}`, {
      name: 'Edge RJ 2',
      control_url: 'http://10.0.0.5:8080/cmd',
    });
    expect(renamed.json()).toMatchObject({ name: 'Edge RJ 2', control_url: 'http://10.0.0.5:8080/cmd' });
    const cleared = await t.as(t.adminToken).patch(`${BASE}/${server.id}`, { control_url: '' });
    expect(cleared.json()).toMatchObject({ name: 'Edge RJ 2', control_url: null });
  });

  it('refuses bad input in Portuguese, with the field', async () => {
    expectRefusal(await t.as(t.adminToken).post(BASE, { name: '' }), {
      status: 400,
      code: 'validation_failed',
      message: STREAMING_SERVER_MESSAGES.required,
      field: 'name',
    });
    expectRefusal(await t.as(t.adminToken).post(BASE, { name: 'x', control_url: 'ftp://nope' }), {
      status: 400,
      code: 'validation_failed',
      message: STREAMING_SERVER_MESSAGES.urlInvalid,
      field: 'control_url',
    });
  });

  it('answers 404 for a server that does not exist', async () => {
    for (const response of [
      await t.as(t.adminToken).patch(`${BASE}/987654`, { name: 'x' }),
      await t.as(t.adminToken).post(`${BASE}/987654/revoke`),
    ]) {
      expectRefusal(response, {
        status: 404,
        code: 'not_found',
        message: STREAMING_SERVER_MESSAGES.serverNotFound,
      });
    }
  });

  it('is the admin’s only', async () => {
    const reseller = await createSignedInAccount(t.app);
    expectRefusal(await t.as(reseller).get(BASE), FORBIDDEN);
    expectRefusal(await t.as(reseller).post(BASE, { name: 'x' }), FORBIDDEN);
  });

  it('a revoked token is refused at once; revoking twice is a conflict', async () => {
    const { server, token } = await create({ name: 'Edge to revoke' });
    expect((await ingest(token, 'before-revoke')).statusCode).toBe(200);
    const revoked = await t.as(t.adminToken).post(`${BASE}/${server.id}/revoke`);
    expect(revoked.statusCode).toBe(200);
    expect(revoked.json<{ revoked_at: string | null }>().revoked_at).not.toBeNull();
    expectRefusal(await ingest(token, 'after-revoke'), {
      status: 401,
      code: 'unauthenticated',
      message: INGEST_MESSAGES.serverTokenRefused,
    });
    expectRefusal(await t.as(t.adminToken).post(`${BASE}/${server.id}/revoke`), {
      status: 409,
      code: 'conflict',
      message: STREAMING_SERVER_MESSAGES.alreadyRevoked,
    });
  });

  it('records when a server was last seen, at most every 30 seconds', async () => {
    const { server, token } = await create({ name: 'Edge seen' });
    const lastSeen = async () =>
      (await t.db.select().from(streamingServers).where(eq(streamingServers.id, server.id)))[0]?.lastSeenAt;
    await ingest(token, 'seen-1');
    const first = await lastSeen();
    expect(first).toBeInstanceOf(Date);
    await ingest(token, 'seen-2');
    expect(await lastSeen()).toEqual(first);
    await t.db
      .update(streamingServers)
      .set({ lastSeenAt: sql`now() - interval '31 seconds'` })
      .where(eq(streamingServers.id, server.id));
    const stale = await lastSeen();
    await ingest(token, 'seen-3');
    expect((await lastSeen())!.getTime()).toBeGreaterThan(stale!.getTime());
  });
});
