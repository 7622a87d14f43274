import { parseM3U } from '@iptv/playlist';
import { parseXmltv } from '@iptv/xmltv';
import { Xtream } from '@iptv/xtream-api';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lines, streamStarts } from '../../src/db/schema/index';
import { createSignedInAccount } from '../factories';
import { hasVideo } from '../upstream/ffprobe';
import { useTestApp } from '../test-app';
import { startXtreamUpstream, type XtreamUpstream } from '../upstream/xtream-upstream';

/**
 * The player boundary (decision 0037) end to end, as a customer meets it: a reseller creates a line through the panel's
 * API; the admin imports a library from another provider's Xtream server (a real HTTP server this test
 * starts, serving media made by ffmpeg); the line's playlist, guide and player API are read with the real
 * client libraries apps use (@iptv/xtream-api, @iptv/playlist, @iptv/xmltv); a live channel (TS and HLS), a
 * movie and an episode play in ffprobe through the panel's server, relayed (proxy) and then redirected
 * with a signed token (redirect); the contract's refusals close it.
 */
const t = useTestApp();
let upstream: XtreamUpstream;
let base = '';
let line: { id: number; username: string; password: string };
let sourceId = 0;
let resellerToken = '';

beforeAll(async () => {
  upstream = await startXtreamUpstream();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
}, 120_000);
afterAll(() => upstream?.close());

const player = () => new Xtream({ url: base, username: line.username, password: line.password });

async function waitForSync(id: number) {
  for (let attempt = 0; attempt < 300; attempt++) {
    const source = (await t.as(t.adminToken).get(`/api/admin/content/sources/${id}`)).json();
    if (source.sync_status !== 'running') return source;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('the sync did not finish in 30 s');
}

async function playlistUrls() {
  const text = await fetch(
    `${base}/get.php?username=${line.username}&password=${line.password}&type=m3u_plus&output=ts`,
  ).then((response) => response.text());
  const playlist = parseM3U(text);
  const urlOf = (segment: string) =>
    playlist.channels.find((channel) => channel.url?.includes(`/${segment}/`))?.url ?? '';
  return { playlist, text, live: urlOf('live'), movie: urlOf('movie'), episode: urlOf('series') };
}

describe('a line created in the panel plays in real players', () => {
  it('a reseller creates the line through the panel API', async () => {
    const { token } = await createSignedInAccount(t.app, { credits: '10' });
    resellerToken = token;
    const response = await t
      .as(token)
      .post('/api/users', { username: 'assiste01', password: 'Zq8Wm5Tp', package_id: 17 });
    expect(response.statusCode).toBe(201);
    line = response.json().line;
  });

  it('the admin imports the library from an upstream Xtream server', async () => {
    const created = await t.as(t.adminToken).post('/api/admin/content/sources', {
      kind: 'xtream',
      name: 'Provedor de teste',
      url: upstream.url,
      username: upstream.username,
      password: upstream.password,
      delivery_mode: 'proxy',
    });
    expect(created.statusCode).toBe(201);
    sourceId = created.json().id;
    expect((await t.as(t.adminToken).post(`/api/admin/content/sources/${sourceId}/sync`)).statusCode).toBe(
      202,
    );
    const synced = await waitForSync(sourceId);
    expect(synced.sync_status, synced.sync_error).toBe('ok');
    expect(synced.sync_summary).toMatchObject({
      live: { added: 2 },
      movies: { added: 2 },
      series: { added: 1 },
      episodes: { added: 3 },
    });
    expect(synced.sync_summary.epgProgrammes).toBeGreaterThan(0);
  });

  it('the player API answers the real Xtream client with the line and its library', async () => {
    const xtream = player();
    const profile = await xtream.getProfile();
    expect(profile).toMatchObject({
      username: line.username,
      password: line.password,
      auth: 1,
      status: 'Active',
    });
    const channels = await xtream.getChannels();
    expect(channels.map((channel) => channel.name)).toEqual(['Notícias Um', 'Esporte & Cia']);
    const movies = await xtream.getMovies();
    expect(movies.map((movie) => movie.name).sort()).toEqual(['Filme Teste', 'Outro Filme']);
    const [show] = await xtream.getShows();
    expect(show?.name).toBe('Série Teste');
    const details = await xtream.getShow({ showId: show?.series_id ?? 0 });
    expect(Object.keys(details.episodes)).toEqual(['1', '2']);
    const epg = await xtream.getShortEPG({ channelId: channels[0]?.stream_id ?? 0 });
    expect(epg.epg_listings.length).toBeGreaterThan(0);
  });

  it('the playlist and the guide parse with the real M3U and XMLTV parsers', async () => {
    const { playlist, live, movie, episode } = await playlistUrls();
    // Two channels, two movies, three episodes: everything once, nothing else.
    expect(playlist.channels).toHaveLength(7);
    expect(playlist.headers?.xTvgUrl).toBe(
      `${base}/xmltv.php?username=${line.username}&password=${line.password}`,
    );
    for (const channel of playlist.channels) {
      expect(channel.url?.startsWith(`${base}/`)).toBe(true);
      expect(channel.groupTitle).toBeTruthy();
    }
    expect([live, movie, episode].every(Boolean)).toBe(true);
    const guide = parseXmltv(
      await fetch(`${base}/xmltv.php?username=${line.username}&password=${line.password}`).then((response) =>
        response.text(),
      ),
    );
    expect(guide.channels?.map((channel) => channel.id).sort()).toEqual(['esporte.br', 'noticias1.br']);
    expect(guide.programmes?.length).toBeGreaterThan(0);
  });

  it('in proxy mode a live channel (TS and HLS), a movie and an episode play, and the upstream stays hidden', async () => {
    // fetch and ffprobe are two devices, and each line's screens are enforced (decisions 0044, 0062: a
    // stopped player's screen is held for a grace): the reseller gives the line a second screen.
    const screens = await t.as(resellerToken).post(`/api/users/${line.id}/screens`, { screens: 2 });
    expect(screens.statusCode, screens.body).toBe(200);
    const { live, movie, episode } = await playlistUrls();
    for (const url of [live, live.replace(/\.ts$/, '.m3u8'), movie, episode]) {
      expect(await hasVideo(url), url).toBe(true);
    }
    const hls = await fetch(live.replace(/\.ts$/, '.m3u8')).then((response) => response.text());
    expect(hls).toContain('#EXTM3U');
    expect(hls).not.toContain(upstream.url);
    expect(hls).not.toContain(upstream.password);
  });

  it('in redirect mode the same URLs answer 302 to the source with a signed token, and play', async () => {
    const switched = await t
      .as(t.adminToken)
      .patch(`/api/admin/content/sources/${sourceId}`, { delivery_mode: 'redirect' });
    expect(switched.statusCode).toBe(200);
    const { live, movie, episode } = await playlistUrls();
    const redirect = await fetch(movie, { redirect: 'manual' });
    expect(redirect.status).toBe(302);
    const location = new URL(redirect.headers.get('location') ?? '');
    expect(location.origin).toBe(upstream.url);
    expect(location.searchParams.get('token')).toBeTruthy();
    for (const url of [live, live.replace(/\.ts$/, '.m3u8'), movie, episode]) {
      expect(await hasVideo(url), url).toBe(true);
    }
  });

  it('every start was recorded as a view of the line', async () => {
    const starts = await t.db.select().from(streamStarts).where(eq(streamStarts.lineId, line.id));
    expect(new Set(starts.map((start) => start.delivery))).toEqual(new Set(['proxy', 'redirect']));
    expect(new Set(starts.map((start) => start.kind))).toEqual(new Set(['live', 'movie', 'episode']));
  });

  it('refuses a wrong password, a blocked line, an expired line and content outside its bouquets', async () => {
    const { live, movie } = await playlistUrls();
    const wrong = `username=${line.username}&password=errada99`;
    expect(await fetch(`${base}/player_api.php?${wrong}`).then((response) => response.json())).toEqual({
      user_info: { auth: 0 },
    });
    expect((await fetch(`${base}/get.php?${wrong}`)).status).toBeGreaterThanOrEqual(400);
    const badStream = await fetch(live.replace(`/${line.password}/`, '/errada99/'), { redirect: 'manual' });
    expect(badStream.status).toBe(401);
    expect(badStream.headers.get('location')).toBeNull();

    const owner = await t.db.select({ bouquets: lines.bouquets }).from(lines).where(eq(lines.id, line.id));
    await t.db.update(lines).set({ bouquets: [] }).where(eq(lines.id, line.id));
    expect(await player().getChannels()).toEqual([]);
    expect((await fetch(movie, { redirect: 'manual' })).status).toBe(404);
    await t.db
      .update(lines)
      .set({ bouquets: owner[0]?.bouquets ?? [] })
      .where(eq(lines.id, line.id));

    expect((await t.as(resellerToken).post(`/api/users/${line.id}/block`)).statusCode).toBe(200);
    expect((await player().getProfile()).status).toBe('Banned');
    expect((await fetch(movie, { redirect: 'manual' })).status).toBe(403);
    expect((await fetch(`${base}/get.php?username=${line.username}&password=${line.password}`)).status).toBe(
      403,
    );

    expect((await t.as(resellerToken).post(`/api/users/${line.id}/unblock`)).statusCode).toBe(200);
    await t.db
      .update(lines)
      .set({ expDate: new Date(Date.now() - 60_000) })
      .where(eq(lines.id, line.id));
    expect((await player().getProfile()).status).toBe('Expired');
    // Xtream Codes answers a refused line's listing with the login block: never a non-empty list.
    const listing: unknown = await fetch(
      `${base}/player_api.php?username=${line.username}&password=${line.password}&action=get_vod_streams`,
    ).then((response) => response.json());
    expect(Array.isArray(listing) ? listing : []).toEqual([]);
    expect((await fetch(movie, { redirect: 'manual' })).status).toBe(403);
  });
});
