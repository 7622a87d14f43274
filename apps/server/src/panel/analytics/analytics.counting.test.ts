import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LineRow } from '../../db/schema';
import { libraryFromUpstream } from '../../../test/content-factory';
import { createLine, createSignedInAccount } from '../../../test/factories';
import { createStreamingServer } from '../../../test/streaming-servers';
import { useTestApp } from '../../../test/test-app';
import { startXtreamUpstream, type XtreamUpstream } from '../../../test/upstream/xtream-upstream';

/**
 * The reads of decision 0047 fed by what really feeds them: players starting streams through the listening
 * server (redirect mode) and an edge reporting views and P2P sessions through the ingest API.
 */
const t = useTestApp();
let upstream: XtreamUpstream;
let base: string;
let library: Awaited<ReturnType<typeof libraryFromUpstream>>;

const play = (line: LineRow, segment: string, file: string, userAgent: string) =>
  fetch(
    `${base}/${segment}/${encodeURIComponent(line.username)}/${encodeURIComponent(line.password)}/${file}`,
    {
      redirect: 'manual',
      headers: { 'user-agent': userAgent },
    },
  );

beforeAll(async () => {
  upstream = await startXtreamUpstream();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  library = await libraryFromUpstream(t.app, upstream, { deliveryMode: 'redirect' });
}, 120_000);
afterAll(() => upstream?.close());

describe('views and online counters fed by stream starts and the ingest API (decision 0047)', () => {
  it('counts a start per item and day, a series through its episodes, and what an edge reports', async () => {
    const master = await createSignedInAccount(t.app);
    const line = await createLine(t.app, master.account, { maxConnections: 2 });
    const p2pLine = await createLine(t.app, master.account, { system: 2, macaddr: null });
    const [episode1, episode2] = library.episodes;

    expect((await play(line, 'movie', `${library.movie.id}.mp4`, 'Sala/1.0')).status).toBe(302);
    expect((await play(line, 'series', `${episode1!.id}.mp4`, 'Quarto/1.0')).status).toBe(302);
    expect((await play(line, 'series', `${episode2!.id}.mp4`, 'Quarto/1.0')).status).toBe(302);

    const analytics = async (type: string) =>
      (await t.as(t.adminToken).get(`/api/analytics/views?type=${type}&period=1`)).json().data;
    expect(await analytics('streams')).toEqual([
      {
        id: library.movie.id,
        title: 'Filme Teste',
        image: '',
        total: 1,
        percentage: 100,
        removal_status: null,
      },
    ]);
    expect(await analytics('series')).toEqual([
      {
        id: library.series.id,
        title: 'Série Teste',
        image: '',
        total: 2,
        percentage: 100,
        removal_status: null,
      },
    ]);
    expect(await analytics('channels')).toEqual([]);

    // Two devices on a two-screen line (the second zapped between episodes: its own screen, replaced).
    const stats = async () => {
      const body = (await t.as(master.token).get('/api/dashboard/stats')).json();
      return { users_online: body.users_online, conections_online: body.conections_online };
    };
    expect(await stats()).toEqual({ users_online: 1, conections_online: 2 });

    const edge = await createStreamingServer(t.app);
    const views = await t.as(edge.token).post('/api/ingest/v1/views', {
      batch_id: 'views-1',
      views: [{ stream_id: library.movie.id, count: 3 }, { stream_id: library.live.id }],
    });
    expect(views.statusCode, views.body).toBe(200);
    const sessions = await t.as(edge.token).post('/api/ingest/v1/p2p-sessions', {
      batch_id: 'sessions-1',
      sessions: [{ session_id: 'p1', username: p2pLine.username, channel_name: 'Globo HD', duration: 60 }],
    });
    expect(sessions.statusCode, sessions.body).toBe(200);

    expect((await analytics('streams'))[0]).toMatchObject({ id: library.movie.id, total: 4 });
    expect(await analytics('channels')).toEqual([
      {
        id: library.live.id,
        title: 'Notícias Um',
        image: '',
        total: 1,
        percentage: 100,
        removal_status: null,
      },
    ]);
    expect(await stats()).toEqual({ users_online: 2, conections_online: 3 });

    const top = (await t.as(master.token).get('/api/dashboard/top-viewed')).json();
    expect(top.movies).toEqual([{ id: library.movie.id, title: 'Filme Teste', image: '', total: 4 }]);
    expect(top.series).toEqual([{ id: library.series.id, title: 'Série Teste', image: '', total: 2 }]);
  });
});
