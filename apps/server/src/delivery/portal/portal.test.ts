import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PORTAL_MESSAGES } from '@panel/shared/portal/portal-messages';
import { liveConnections, logs } from '../../db/schema';
import { createCategory, createStream, libraryFromUpstream } from '../../../test/content-factory';
import { createLine, createSignedInAccount, daysFromNow } from '../../../test/factories';
import { PortalClient, type PortalBox } from '../../../test/portal-client';
import { useTestApp } from '../../../test/test-app';
import { hasVideo } from '../../../test/upstream/ffprobe';
import { startXtreamUpstream, type XtreamUpstream } from '../../../test/upstream/xtream-upstream';

/**
 * The portal of hybrid lines (docs/product/portal.md, decisions 0113 to 0117) through the real server on a
 * real port, spoken by a MAG-like client (test/portal-client.ts): the sequence per line state, the content
 * of the line's bouquets, links that play in ffprobe in both delivery modes, the device lock and its
 * release, a MAC change, the online list, and the MAC scanner's ban (last: it bans this address).
 */
const t = useTestApp({ LINE_AUTH_FAILURES_PER_ADDRESS: '12' });
let upstream: XtreamUpstream;
let base = '';
let owner: Awaited<ReturnType<typeof createSignedInAccount>>;
let proxied: Awaited<ReturnType<typeof libraryFromUpstream>>;
let redirected: Awaited<ReturnType<typeof libraryFromUpstream>>;
let foreignChannel = 0;
let macSequence = 0;

const nextMac = () => `00:1a:79:00:10:${(++macSequence).toString(16).padStart(2, '0')}`;
const box = (mac: string, sn = `SN${mac.replace(/:/g, '')}`): PortalBox => ({
  mac: mac.toUpperCase(),
  sn,
  deviceId: `D1-${sn}`,
  deviceId2: `D2-${sn}`,
});

async function hybridLine(overrides: Parameters<typeof createLine>[2] = {}) {
  const mac = nextMac();
  const line = await createLine(t.app, owner.account, {
    system: 3,
    macaddr: mac,
    bouquets: [1, 2],
    ...overrides,
  });
  return { line, mac };
}

beforeAll(async () => {
  upstream = await startXtreamUpstream();
  proxied = await libraryFromUpstream(t.app, upstream, { deliveryMode: 'proxy', bouquetIds: [1] });
  redirected = await libraryFromUpstream(t.app, upstream, { deliveryMode: 'redirect', bouquetIds: [2] });
  const other = await createCategory(t.db, { kind: 'live', name: 'Outro Pacote', bouquetIds: [3] });
  foreignChannel = (await createStream(t.db, { kind: 'live', categoryId: other.id, name: 'Canal Alheio' }))
    .id;
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  owner = await createSignedInAccount(t.app);
});

afterAll(async () => {
  await upstream?.close();
});

describe('an active hybrid line', () => {
  it('boots, lists exactly its bouquets, and its links play in ffprobe (proxy and redirect)', async () => {
    const { line, mac } = await hybridLine();
    const client = new PortalClient(base, box(mac));
    const handshake = await client.handshake();
    expect(handshake.contentType).toMatch(/^text\/javascript/);
    expect(handshake.cacheControl).toBe('no-store');
    expect(client.token).toEqual(expect.any(String));
    const profile = await client.profile();
    expect(profile).toMatchObject({
      status: 0,
      watchdog_timeout: 120,
      default_timezone: 'America/Sao_Paulo',
    });
    expect((await client.call('stb', 'do_auth', { login: line.username, password: line.password })).js).toBe(
      true,
    );
    expect((await client.call('stb', 'do_auth', { login: line.username, password: 'errada' })).js).toBe(
      false,
    );
    expect((await client.call('stb', 'get_localization')).js).toEqual(expect.any(Object));
    expect((await client.call('stb', 'get_modules')).js).toMatchObject({ all_modules: expect.any(Array) });

    const genres = (await client.call('itv', 'get_genres')).js as { id: string; title: string }[];
    expect(genres.map((genre) => genre.id)).toEqual([
      '*',
      String(proxied.categories.news.id),
      String(redirected.categories.news.id),
    ]);
    const all = (await client.call('itv', 'get_all_channels')).js as { data: { id: string; cmd: string }[] };
    expect(all.data.map((row) => Number(row.id))).toEqual([proxied.live.id, redirected.live.id]);
    expect(all.data.map((row) => Number(row.id))).not.toContain(foreignChannel);
    const ordered = (
      await client.call('itv', 'get_ordered_list', {
        genre: String(redirected.categories.news.id),
        p: '1',
        sortby: 'name',
      })
    ).js as { total_items: number; data: { id: string; number: string; enable_tv_archive: number }[] };
    expect(ordered).toMatchObject({
      total_items: 1,
      data: [{ id: String(redirected.live.id), number: '2', enable_tv_archive: 0 }],
    });
    const searched = (
      await client.call('itv', 'get_ordered_list', { genre: '*', search: 'nada assim', p: '1' })
    ).js;
    expect(searched).toMatchObject({ total_items: 0, data: [] });
    const vodCategories = (await client.call('vod', 'get_categories')).js as { id: string }[];
    expect(vodCategories.slice(1).map((row) => Number(row.id))).toEqual([
      proxied.categories.action.id,
      redirected.categories.action.id,
    ]);
    const movies = (await client.call('vod', 'get_ordered_list', { category: '*', p: '1' })).js as {
      data: { id: string; cmd: string }[];
    };
    expect(movies.data.map((row) => Number(row.id))).toEqual([proxied.movie.id, redirected.movie.id]);
    const series = (await client.call('series', 'get_ordered_list', { category: '*', p: '1' })).js as {
      data: { id: string }[];
    };
    expect(series.data.map((row) => Number(row.id))).toEqual([proxied.series.id, redirected.series.id]);
    const seasons = (await client.call('series', 'get_ordered_list', { movie_id: String(proxied.series.id) }))
      .js as {
      data: { cmd: string; series: number[] }[];
    };
    expect(seasons.data[0]?.series.length).toBeGreaterThan(0);
    const main = (await client.call('account_info', 'get_main_info')).js as {
      account_info: { expire_date: number };
    };
    expect(main.account_info.expire_date).toBe(Math.floor(line.expDate.getTime() / 1000));
    const epg = (await client.call('itv', 'get_short_epg', { ch_id: String(proxied.live.id), size: '2' }))
      .js as unknown[];
    expect(epg.length).toBeGreaterThan(0);
    const table = (
      await client.call('epg', 'get_simple_data_table', { ch_id: String(proxied.live.id), p: '0' })
    ).js as {
      data: { mark_archive: number }[];
    };
    expect(table.data.length).toBeGreaterThan(0);
    expect(table.data.every((row) => row.mark_archive === 0)).toBe(true);

    // The links: the line's stream URLs with a signed, expiring password; never the line's password.
    const channel = all.data.find((row) => Number(row.id) === proxied.live.id)!;
    const links = [
      await client.link('itv', channel.cmd),
      await client.link('vod', movies.data[0]!.cmd),
      await client.link('series', seasons.data[0]!.cmd, { series: String(seasons.data[0]!.series[0]) }),
      await client.link('vod', movies.data[1]!.cmd),
    ];
    expect(links[0]).toMatch(
      new RegExp(`^${base}/live/${line.username}/\\d+\\.[\\w-]{43}/${proxied.live.id}\\.ts$`),
    );
    expect(links[2]).toContain('/series/');
    for (const url of links) {
      expect(url).not.toContain(line.password);
      expect(await hasVideo(url)).toBe(true);
    }
    // A link names its stream: another id with the same password is refused.
    const forged = links[1]!.replace(`/${proxied.movie.id}.`, `/${redirected.movie.id}.`);
    expect((await fetch(forged, { redirect: 'manual' })).status).toBe(401);
  });

  it('holds a screen shown with the box model on the online list, which disconnects it', async () => {
    const { line, mac } = await hybridLine();
    const client = new PortalClient(base, box(mac));
    expect(await client.boot()).toBe(0);
    const all = (await client.call('itv', 'get_all_channels')).js as { data: { id: string; cmd: string }[] };
    const url = await client.link('itv', all.data.find((row) => Number(row.id) === redirected.live.id)!.cmd);
    const response = await fetch(url, {
      redirect: 'manual',
      headers: { 'X-User-Agent': 'Model: MAG250; Link: WiFi' },
    });
    expect(response.status).toBe(302);
    const list = await t.as(owner).get('/api/users/connections');
    const row = (list.json() as { data: { id: number; user_id: number; user_agent: string }[] }).data.find(
      (item) => item.user_id === line.id,
    );
    expect(row?.user_agent).toBe('Model: MAG250; Link: WiFi');
    expect((await t.as(owner).post(`/api/users/connections/${row!.id}/disconnect`)).statusCode).toBe(204);
    const [ended] = await t.db.select().from(liveConnections).where(eq(liveConnections.id, row!.id));
    expect(ended?.endReason).toBe('disconnected');
  });

  it('shows the panel message once, until the box confirms it', async () => {
    const { line, mac } = await hybridLine();
    const client = new PortalClient(base, box(mac));
    expect(await client.boot()).toBe(0);
    expect((await client.call('watchdog', 'get_events')).js).toEqual({
      data: { msgs: 0, additional_services_on: 1 },
    });
    const sent = await t
      .as(owner)
      .post(`/api/users/${line.id}/portal/message`, { message: 'Sua linha vence amanhã' });
    expect(sent.statusCode).toBe(204);
    const event = (await client.call('watchdog', 'get_events')).js as {
      data: { id: number; event: string; msg: string };
    };
    expect(event.data).toMatchObject({ event: 'send_msg', msg: 'Sua linha vence amanhã', msgs: 1 });
    await client.call('watchdog', 'confirm_event', { event_active_id: String(event.data.id) });
    expect((await client.call('watchdog', 'get_events')).js).toEqual({
      data: { msgs: 0, additional_services_on: 1 },
    });
    const refused = await t.as(owner).post(`/api/users/${line.id}/portal/message`, { message: '  ' });
    expect(refused.statusCode).toBe(400);
  });
});

describe('lines that may not watch', () => {
  for (const [name, overrides] of [
    ['blocked', { enabled: 0 }],
    ['expired', { expDate: daysFromNow(-1) }],
  ] as const) {
    it(`a ${name} line's box is "not active" and reads nothing`, async () => {
      const { mac } = await hybridLine(overrides);
      const client = new PortalClient(base, box(mac));
      expect(await client.boot()).toBe(1);
      const genres = await client.call('itv', 'get_genres');
      expect(genres.text).toBe('Authorization failed.');
    });
  }

  it('an IPTV line with a MAC has no portal', async () => {
    const { mac } = await hybridLine({ system: 1 });
    const client = new PortalClient(base, box(mac));
    await client.handshake();
    expect(client.token).toBeNull();
  });

  it('a token with another MAC, or none, reads nothing', async () => {
    const { mac } = await hybridLine();
    const client = new PortalClient(base, box(mac), '/stalker_portal/server/load.php');
    expect(await client.boot()).toBe(0);
    const other = new PortalClient(base, box(nextMac()), '/server/load.php');
    other.token = client.token;
    expect((await other.call('itv', 'get_genres')).text).toBe('Authorization failed.');
    other.token = null;
    expect((await other.call('itv', 'get_genres')).text).toBe('Authorization failed.');
  });
});

describe('the device lock', () => {
  it('refuses a second box, shows why, and lets it in after Liberar aparelho', async () => {
    const { line, mac } = await hybridLine();
    const first = new PortalClient(base, box(mac, 'SERIALUM'));
    expect(await first.boot()).toBe(0);
    const second = new PortalClient(base, box(mac, 'SERIALDOIS'));
    expect(await second.boot()).toBe(1);
    expect((await second.call('itv', 'get_genres')).text).toBe('Authorization failed.');
    const state = await t.as(owner).get(`/api/users/${line.id}/portal`);
    expect(state.json()).toMatchObject({
      url: expect.stringMatching(/\/c\/$/),
      mac,
      device: { sn: 'SERIALUM' },
      refused: { reason: PORTAL_MESSAGES.deviceMismatch },
    });
    const released = await t.as(owner).post(`/api/users/${line.id}/portal/release-device`);
    expect(released.statusCode).toBe(200);
    expect(released.json()).toMatchObject({ device: null, refused: null });
    const [log] = await t.db.select().from(logs).where(eq(logs.lineId, line.id));
    expect(log).toMatchObject({ action: 'release_device', actorId: owner.account.id });
    expect(await second.boot()).toBe(0);
    // The first box's session ended with the release, and it is now the other box.
    expect(await first.boot()).toBe(1);
  });

  it('a foreign reseller gets 404 and changes nothing', async () => {
    const { line } = await hybridLine();
    const stranger = await createSignedInAccount(t.app);
    expect((await t.as(stranger).post(`/api/users/${line.id}/portal/release-device`)).statusCode).toBe(404);
    expect((await t.as(stranger).get(`/api/users/${line.id}/portal`)).statusCode).toBe(404);
  });

  it('a changed MAC takes effect at the next handshake', async () => {
    const { line, mac } = await hybridLine();
    const old = new PortalClient(base, box(mac));
    expect(await old.boot()).toBe(0);
    const newMac = nextMac();
    const edited = await t.as(owner).put(`/api/users/${line.id}`, { macaddr: newMac, bouquet: [1, 2] });
    expect(edited.statusCode, edited.body).toBe(200);
    expect((await old.call('itv', 'get_genres')).text).toBe('Authorization failed.');
    await old.handshake();
    expect(old.token).toBeNull();
    // Another box with the new MAC binds the line afresh.
    expect(await new PortalClient(base, box(newMac, 'OUTRA')).boot()).toBe(0);
  });
});

describe('the portal address', () => {
  it('answers /c/ and /stalker_portal/c/ with a page', async () => {
    for (const path of ['/c/', '/stalker_portal/c/']) {
      const response = await fetch(`${base}${path}`);
      expect(response.status).toBe(200);
      expect(await response.text()).toContain('MAC');
    }
    expect((await fetch(`${base}/c`, { redirect: 'manual' })).headers.get('location')).toBe('/c/');
  });
});

describe('MAC scanners', () => {
  it('an address trying many unknown MACs is blocked like a password guesser', async () => {
    const statuses: number[] = [];
    for (let index = 0; index < 14; index++) {
      const scanner = new PortalClient(base, box(`00:1a:79:ff:00:${index.toString(16).padStart(2, '0')}`));
      statuses.push((await scanner.handshake()).status);
      expect(scanner.token).toBeNull();
    }
    // The file's earlier failures from this address (an IPTV line's MAC, a forged link) count too.
    expect(
      statuses.slice(0, 9).every((status) => status === 200),
      statuses.join(),
    ).toBe(true);
    expect(statuses.at(-1)).toBe(429);
  });
});
