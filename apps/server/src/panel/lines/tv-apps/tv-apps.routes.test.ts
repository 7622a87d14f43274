import { playlistLinks } from '@panel/shared/content/playlist-links';
import { ERROR_TEXT } from '@panel/shared/errors/error-catalogue';
import { TV_APPS_MESSAGES } from '@panel/shared/tv-apps/tv-apps-messages';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  createLine,
  createResellerTree,
  createSession,
  createSignedInAccount,
} from '../../../../test/factories';
import { lineRow } from '../../../../test/reads';
import {
  expectRefusal,
  expectRefusedAndUnchanged,
  FORBIDDEN,
  NOT_FOUND,
  type Refusal,
} from '../../../../test/refusals';
import { startTestApp, TEST_ADMIN, useTestApp } from '../../../../test/test-app';
import { startFakeConnectTv, type FakeConnectTv } from '../../../../test/tv-apps/fake-connect-tv';
import { startFakeDreamTv, type FakeDreamTv } from '../../../../test/tv-apps/fake-dreamtv';

const BASE = 'https://tv.example.com';
const DREAM_KEY = 'dream-test-key';
const CONNECT_KEY = 'connect-test-key';
let dreamTv: FakeDreamTv;
let connectTvFake: FakeConnectTv;

beforeAll(async () => {
  dreamTv = await startFakeDreamTv(DREAM_KEY);
  connectTvFake = await startFakeConnectTv(CONNECT_KEY);
});
afterAll(async () => {
  await dreamTv.close();
  await connectTvFake.close();
});

const t = useTestApp(() => ({
  PLAYER_BASE_URL: BASE,
  DREAMTV_API_URL: dreamTv.url,
  DREAMTV_API_KEY: DREAM_KEY,
  TV_CONNECT_API_URL: connectTvFake.url,
  TV_CONNECT_API_KEY: CONNECT_KEY,
  TV_APPS_TIMEOUT_MS: '400',
}));

beforeEach(() => {
  dreamTv.behaviour = { kind: 'normal' };
  connectTvFake.behaviour = { kind: 'normal' };
});

const refusal = (status: number, message: string, field?: string): Refusal => ({
  status,
  code: status === 502 || status === 503 ? 'service_unavailable' : 'validation_failed',
  message,
  ...(field ? { field } : {}),
});

async function reseller() {
  const account = await createSignedInAccount(t.app);
  const line = await createLine(t.app, account.account);
  return { ...account, line };
}

describe('GET /api/tv-apps/status', () => {
  it('says both services are configured when their URL and key are set', async () => {
    const { token } = await createSignedInAccount(t.app);
    const response = await t.as(token).get('/api/tv-apps/status');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ dreamtv: true, connectTv: true });
  });

  it('refuses publishers (403)', async () => {
    const publisher = await createSignedInAccount(t.app, { role: 'publisher' });
    expectRefusal(await t.as(publisher).get('/api/tv-apps/status'), FORBIDDEN);
  });
});

describe('DreamTV (docs/product/rules.md#dreamtv-mac)', () => {
  it('connects, moves and disconnects an IPTV line’s playlist', async () => {
    const { token, line } = await reseller();
    const connected = await t.as(token).post(`/api/users/${line.id}/dreamtv`, { mac: 'aa:bb:cc:dd:ee:01' });
    expect(connected.statusCode, connected.body).toBe(200);
    const first = connected.json().line;
    expect(first.dreamtv_device_id).toMatch(/^dev-/);
    expect(first.dreamtv_playlist_id).toMatch(/^pl-/);
    const held = dreamTv.playlists.get(first.dreamtv_playlist_id);
    expect(held).toEqual({
      deviceId: first.dreamtv_device_id,
      playlistId: first.dreamtv_playlist_id,
      mac: 'AA:BB:CC:DD:EE:01',
      name: line.username,
      url: playlistLinks(BASE, line.username, line.password).m3uPlus,
    });
    expect(await lineRow(t.db, line.id)).toMatchObject({
      dreamtvDeviceId: first.dreamtv_device_id,
      dreamtvPlaylistId: first.dreamtv_playlist_id,
    });

    await expectRefusedAndUnchanged(
      t.db,
      () => t.as(token).post(`/api/users/${line.id}/dreamtv`, { mac: 'AA:BB:CC:DD:EE:02' }),
      refusal(422, TV_APPS_MESSAGES.dreamTvAlreadyConnected),
      { lines: [line.id] },
    );

    const moved = await t.as(token).put(`/api/users/${line.id}/dreamtv`, { mac: 'AA:BB:CC:DD:EE:03' });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json().line.dreamtv_playlist_id).toBe(first.dreamtv_playlist_id);
    expect(moved.json().line.dreamtv_device_id).not.toBe(first.dreamtv_device_id);
    expect(dreamTv.playlists.get(first.dreamtv_playlist_id)?.mac).toBe('AA:BB:CC:DD:EE:03');

    const removed = await t.as(token).delete(`/api/users/${line.id}/dreamtv`);
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json().line).toMatchObject({ dreamtv_device_id: null, dreamtv_playlist_id: null });
    expect(dreamTv.playlists.has(first.dreamtv_playlist_id)).toBe(false);
    expect(await lineRow(t.db, line.id)).toMatchObject({ dreamtvDeviceId: null, dreamtvPlaylistId: null });

    for (const [method, body] of [
      ['DELETE', undefined],
      ['PUT', { mac: 'AA:BB:CC:DD:EE:04' }],
    ] as const) {
      await expectRefusedAndUnchanged(
        t.db,
        () => t.as(token).request(method, `/api/users/${line.id}/dreamtv`, body),
        refusal(422, TV_APPS_MESSAGES.dreamTvNotConnected),
        { lines: [line.id] },
        method,
      );
    }
  });

  it('refuses a missing or malformed MAC with the spec’s messages (400 on mac)', async () => {
    const { token, line } = await reseller();
    const held = dreamTv.playlists.size;
    const cases: [unknown, string][] = [
      [{}, TV_APPS_MESSAGES.dreamTvMacRequired],
      [{ mac: '' }, TV_APPS_MESSAGES.dreamTvMacRequired],
      [{ mac: 'AA:BB:CC:DD:EE' }, TV_APPS_MESSAGES.dreamTvMacFormat],
      [{ mac: 'AABBCCDDEEFF' }, TV_APPS_MESSAGES.dreamTvMacFormat],
      [{ mac: 'GG:BB:CC:DD:EE:FF' }, TV_APPS_MESSAGES.dreamTvMacFormat],
    ];
    for (const [body, message] of cases) {
      for (const method of ['POST', 'PUT'] as const) {
        await expectRefusedAndUnchanged(
          t.db,
          () => t.as(token).request(method, `/api/users/${line.id}/dreamtv`, body),
          refusal(400, message, 'mac'),
          { lines: [line.id] },
          `${method} ${JSON.stringify(body)}`,
        );
      }
    }
    expect(dreamTv.playlists.size).toBe(held);
  });

  it('refuses P2P and hybrid lines (422)', async () => {
    const { account, token } = await createSignedInAccount(t.app);
    for (const overrides of [{ system: 2 }, { system: 3, macaddr: '10:20:30:40:50:99' }]) {
      const line = await createLine(t.app, account, overrides);
      await expectRefusedAndUnchanged(
        t.db,
        () => t.as(token).post(`/api/users/${line.id}/dreamtv`, { mac: 'AA:BB:CC:DD:EE:05' }),
        refusal(422, TV_APPS_MESSAGES.iptvOnly),
        { lines: [line.id] },
      );
      await expectRefusedAndUnchanged(
        t.db,
        () => t.as(token).post(`/api/users/${line.id}/connect-tv`, { mac: 'AA:BB:CC:DD:EE:05' }),
        refusal(422, TV_APPS_MESSAGES.iptvOnly),
        { lines: [line.id] },
      );
    }
  });

  it('answers 502 with a plain message when DreamTV fails or does not answer in time; nothing is stored', async () => {
    const { token, line } = await reseller();
    for (const behaviour of [{ kind: 'status', status: 500 }, { kind: 'hang' }] as const) {
      dreamTv.behaviour = behaviour;
      await expectRefusedAndUnchanged(
        t.db,
        () => t.as(token).post(`/api/users/${line.id}/dreamtv`, { mac: 'AA:BB:CC:DD:EE:06' }),
        refusal(502, TV_APPS_MESSAGES.dreamTvFailed),
        { lines: [line.id] },
        behaviour.kind,
      );
    }
  });

  it('a playlist DreamTV already lost still disconnects', async () => {
    const { token, line } = await reseller();
    const connected = await t.as(token).post(`/api/users/${line.id}/dreamtv`, { mac: 'AA:BB:CC:DD:EE:07' });
    dreamTv.playlists.delete(connected.json().line.dreamtv_playlist_id);
    const removed = await t.as(token).delete(`/api/users/${line.id}/dreamtv`);
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json().line.dreamtv_playlist_id).toBeNull();
  });
});

describe('POST /api/users/:id/connect-tv', () => {
  it('sends the line’s playlist to the TV with this MAC, uppercased', async () => {
    const { token, line } = await reseller();
    const response = await t.as(token).post(`/api/users/${line.id}/connect-tv`, { mac: 'a1:b2:c3:d4:e5:f6' });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ mac: 'A1:B2:C3:D4:E5:F6' });
    expect(connectTvFake.sent.at(-1)).toEqual({
      mac: 'A1:B2:C3:D4:E5:F6',
      name: line.username,
      playlistUrl: playlistLinks(BASE, line.username, line.password).m3uPlus,
    });
  });

  it('refuses a missing or short MAC with the spec’s messages (400 on mac)', async () => {
    const { token, line } = await reseller();
    const before = connectTvFake.sent.length;
    const cases: [unknown, string][] = [
      [{}, TV_APPS_MESSAGES.connectTvMacRequired],
      [{ mac: '  ' }, TV_APPS_MESSAGES.connectTvMacRequired],
      [{ mac: 'A1:B2:C3:D4:E5' }, TV_APPS_MESSAGES.connectTvMacFormat],
      [{ mac: 'ZZ:B2:C3:D4:E5:F6' }, TV_APPS_MESSAGES.connectTvMacFormat],
    ];
    for (const [body, message] of cases) {
      expectRefusal(
        await t.as(token).post(`/api/users/${line.id}/connect-tv`, body),
        refusal(400, message, 'mac'),
        JSON.stringify(body),
      );
    }
    expect(connectTvFake.sent.length).toBe(before);
  });

  it('answers 502 when the service refuses', async () => {
    const { token, line } = await reseller();
    connectTvFake.behaviour = { kind: 'status', status: 503 };
    expectRefusal(
      await t.as(token).post(`/api/users/${line.id}/connect-tv`, { mac: 'A1:B2:C3:D4:E5:F7' }),
      refusal(502, TV_APPS_MESSAGES.connectTvFailed),
    );
  });
});

describe('scope and roles', () => {
  const calls = (id: number) =>
    [
      ['POST', `/api/users/${id}/dreamtv`, { mac: 'AA:BB:CC:DD:EE:10' }],
      ['PUT', `/api/users/${id}/dreamtv`, { mac: 'AA:BB:CC:DD:EE:10' }],
      ['DELETE', `/api/users/${id}/dreamtv`, undefined],
      ['POST', `/api/users/${id}/connect-tv`, { mac: 'AA:BB:CC:DD:EE:10' }],
    ] as const;

  it('answers 404 for a line outside the caller’s subtree, as for a missing id', async () => {
    const tree = await createResellerTree(t.app);
    const foreign = await createLine(t.app, tree.other.account, {
      dreamtvDeviceId: 'dev-x',
      dreamtvPlaylistId: 'pl-x',
    });
    const sent = connectTvFake.sent.length;
    for (const [method, url, body] of [...calls(foreign.id), ...calls(999999)]) {
      await expectRefusedAndUnchanged(
        t.db,
        () => t.as(tree.master).request(method, url, body),
        NOT_FOUND,
        { lines: [foreign.id] },
        `${method} ${url}`,
      );
    }
    expect(connectTvFake.sent.length).toBe(sent);
  });

  it('lets a master act on its sub-reseller’s line and the admin on any', async () => {
    const tree = await createResellerTree(t.app);
    const line = await createLine(t.app, tree.sub.account);
    const admin = await createSession(t.app, TEST_ADMIN.id);
    for (const caller of [tree.master, admin]) {
      const response = await t
        .as(caller)
        .post(`/api/users/${line.id}/connect-tv`, { mac: 'AA:BB:CC:DD:EE:11' });
      expect(response.statusCode, response.body).toBe(200);
    }
  });

  it('refuses publishers (403) and anonymous callers (401)', async () => {
    const { line } = await reseller();
    const publisher = await createSignedInAccount(t.app, { role: 'publisher' });
    for (const [method, url, body] of calls(line.id)) {
      expectRefusal(await t.as(publisher).request(method, url, body), FORBIDDEN, `${method} ${url}`);
      expect((await t.as(undefined).request(method, url, body)).statusCode).toBe(401);
    }
  });
});

describe('creating a line with dreamtv_mac', () => {
  it('gives it dream_ credentials and adds its playlist', async () => {
    const { token } = await createSignedInAccount(t.app, { credits: '10' });
    const response = await t
      .as(token)
      .post('/api/users', { package_id: 17, dreamtv_mac: 'aa:bb:cc:dd:ee:20' });
    expect(response.statusCode, response.body).toBe(201);
    const { line, dreamtv } = response.json();
    expect(line.username).toMatch(/^dream_[a-z0-9]{8}$/);
    expect(line.password).toMatch(/^[a-z][a-z0-9]{9}$/);
    expect(dreamtv).toEqual({
      connected: true,
      mac: 'AA:BB:CC:DD:EE:20',
      device_id: line.dreamtv_device_id,
      playlist_id: line.dreamtv_playlist_id,
    });
    expect(dreamTv.playlists.get(line.dreamtv_playlist_id)?.url).toBe(
      playlistLinks(BASE, line.username, line.password).m3uPlus,
    );
  });

  it('keeps chosen credentials', async () => {
    const { token } = await createSignedInAccount(t.app, { credits: '10' });
    const response = await t.as(token).post('/api/users', {
      package_id: 17,
      username: 'sala@tv01',
      password: 'Senha@forte9',
      dreamtv_mac: 'AA:BB:CC:DD:EE:21',
    });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json().line.username).toBe('sala@tv01');
    expect(response.json().dreamtv.connected).toBe(true);
  });

  it('creates the line even when DreamTV fails, and says why', async () => {
    const { token } = await createSignedInAccount(t.app, { credits: '10' });
    dreamTv.behaviour = { kind: 'status', status: 500 };
    const response = await t
      .as(token)
      .post('/api/users', { package_id: 17, dreamtv_mac: 'AA:BB:CC:DD:EE:22' });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json().dreamtv).toEqual({
      connected: false,
      mac: 'AA:BB:CC:DD:EE:22',
      message: TV_APPS_MESSAGES.dreamTvFailed,
    });
    expect(response.json().line.dreamtv_playlist_id).toBeNull();
  });

  it('refuses dreamtv_mac for P2P and a malformed one, creating nothing', async () => {
    const { account, token } = await createSignedInAccount(t.app, { credits: '10' });
    for (const [body, message] of [
      [{ package_id: 17, system: 2, dreamtv_mac: 'AA:BB:CC:DD:EE:23' }, TV_APPS_MESSAGES.iptvOnly],
      [{ package_id: 17, dreamtv_mac: 'AA:BB' }, TV_APPS_MESSAGES.dreamTvMacFormat],
    ] as const) {
      await expectRefusedAndUnchanged(
        t.db,
        () => t.as(token).post('/api/users', body),
        refusal(400, message, 'dreamtv_mac'),
        { accounts: [account.id] },
        JSON.stringify(body),
      );
    }
  });
});

describe('without DreamTV and connect TV configured', () => {
  it('says so in the status, answers 503 with a plain message, and still creates lines', async () => {
    const other = await startTestApp();
    try {
      const token = await createSession(other.app, TEST_ADMIN.id);
      const call = (method: string, url: string, payload?: object) =>
        other.app.inject({
          method: method as 'GET',
          url,
          headers: { authorization: `Bearer ${token}` },
          ...(payload ? { payload } : {}),
        });
      expect((await call('GET', '/api/tv-apps/status')).json()).toEqual({ dreamtv: false, connectTv: false });
      const created = await call('POST', '/api/users', { package_id: 17, dreamtv_mac: 'AA:BB:CC:DD:EE:30' });
      expect(created.statusCode, created.body).toBe(201);
      expect(created.json().dreamtv).toEqual({
        connected: false,
        mac: 'AA:BB:CC:DD:EE:30',
        message: TV_APPS_MESSAGES.dreamTvNotConfigured,
      });
      const id = created.json().line.id as number;
      expectRefusal(
        await call('POST', `/api/users/${id}/dreamtv`, { mac: 'AA:BB:CC:DD:EE:30' }),
        refusal(503, TV_APPS_MESSAGES.dreamTvNotConfigured),
      );
      expectRefusal(
        await call('POST', `/api/users/${id}/connect-tv`, { mac: 'AA:BB:CC:DD:EE:30' }),
        refusal(503, TV_APPS_MESSAGES.connectTvNotConfigured),
      );
      expect(ERROR_TEXT[503].message).not.toBe(TV_APPS_MESSAGES.dreamTvNotConfigured);
    } finally {
      await other.close();
    }
  });

  it('answers 502 when the key is wrong (the service answers 401)', async () => {
    const other = await startTestApp({ DREAMTV_API_URL: dreamTv.url, DREAMTV_API_KEY: 'wrong-key' });
    try {
      const token = await createSession(other.app, TEST_ADMIN.id);
      const owner = await createSignedInAccount(other.app);
      const line = await createLine(other.app, owner.account);
      const response = await other.app.inject({
        method: 'POST',
        url: `/api/users/${line.id}/dreamtv`,
        headers: { authorization: `Bearer ${token}` },
        payload: { mac: 'AA:BB:CC:DD:EE:31' },
      });
      expectRefusal(response, refusal(502, TV_APPS_MESSAGES.dreamTvFailed));
    } finally {
      await other.close();
    }
  });
});
