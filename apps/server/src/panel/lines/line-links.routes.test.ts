import { playlistLinks } from '@panel/shared/content/playlist-links';
import { describe, expect, it } from 'vitest';
import { bearer } from '../../../test/api';
import {
  createAccount,
  createLine,
  createResellerTree,
  createSession,
  createSignedInAccount,
} from '../../../test/factories';
import { expectRefusal, FORBIDDEN, NOT_FOUND } from '../../../test/refusals';
import { startTestApp, TEST_ADMIN, useTestApp } from '../../../test/test-app';

const BASE = 'https://tv.example.com:8443';
const t = useTestApp({ PLAYER_BASE_URL: `${BASE}/` });

/** docs/product/screens.md#line-links (decision 0041): GET /api/users/:id/links. */
describe('GET /api/users/:id/links', () => {
  it('gives the reseller its own line’s links on PLAYER_BASE_URL, credentials percent-encoded', async () => {
    const reseller = await createSignedInAccount(t.app);
    const line = await createLine(t.app, reseller.account, { username: 'links01x', password: 'a?b@c!9' });
    const response = await t.as(reseller).get(`/api/users/${line.id}/links`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({
      links: {
        playerApiBase: BASE,
        m3u: `${BASE}/get.php?username=links01x&password=a%3Fb%40c!9&type=m3u&output=ts`,
        m3uPlus: `${BASE}/get.php?username=links01x&password=a%3Fb%40c!9&type=m3u_plus&output=ts`,
        hls: `${BASE}/get.php?username=links01x&password=a%3Fb%40c!9&type=m3u_plus&output=m3u8`,
        epg: `${BASE}/xmltv.php?username=links01x&password=a%3Fb%40c!9`,
      },
    });
  });

  it('gives a master its sub-reseller’s line and the admin any line; hybrid lines too', async () => {
    const tree = await createResellerTree(t.app);
    const line = await createLine(t.app, tree.sub.account, { system: 3, macaddr: '10:20:30:40:50:60' });
    for (const caller of [tree.master, tree.sub, t.adminToken]) {
      const response = await t.as(caller).get(`/api/users/${line.id}/links`);
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json().links).toEqual(playlistLinks(BASE, line.username, line.password));
    }
  });

  it('answers 404 for a line outside the caller’s subtree, as for a missing id', async () => {
    const tree = await createResellerTree(t.app);
    const foreign = [
      await createLine(t.app, tree.master.account),
      await createLine(t.app, tree.other.account),
      await createLine(t.app, tree.otherSub.account),
    ];
    for (const line of foreign) {
      expectRefusal(await t.as(tree.sub).get(`/api/users/${line.id}/links`), NOT_FOUND, `line ${line.id}`);
    }
    expectRefusal(await t.as(t.adminToken).get('/api/users/999999/links'), NOT_FOUND);
  });

  it('refuses publishers and anonymous callers', async () => {
    const owner = await createSignedInAccount(t.app);
    const line = await createLine(t.app, owner.account);
    const publisher = await createSignedInAccount(t.app, { role: 'publisher' });
    expectRefusal(await t.as(publisher).get(`/api/users/${line.id}/links`), FORBIDDEN);
    expect((await t.as(undefined).get(`/api/users/${line.id}/links`)).statusCode).toBe(401);
  });
});

describe('without PLAYER_BASE_URL', () => {
  it('builds the links on the origin the request came to', async () => {
    const other = await startTestApp();
    try {
      const token = await createSession(other.app, TEST_ADMIN.id);
      const owner = await createAccount(other.app);
      const line = await createLine(other.app, owner, { username: 'origem01', password: 'senha9x' });
      const response = await other.app.inject({
        method: 'GET',
        url: `/api/users/${line.id}/links`,
        headers: { ...bearer(token), host: 'painel.local:3000' },
      });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json().links.playerApiBase).toBe('http://painel.local:3000');
      expect(response.json().links.epg).toBe(
        'http://painel.local:3000/xmltv.php?username=origem01&password=senha9x',
      );
    } finally {
      await other.close();
    }
  });
});
