import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  CONTENT_REMOVAL_MESSAGES,
  contentRemovalQuerySchema,
  type ContentRemoval,
  type ContentRemovalList,
} from '@panel/shared/content-removal/content-removal-api';
import type { ContentSource } from '@panel/shared/content-sources/content-sources-api';
import { LIST_MESSAGES } from '@panel/shared/lists/list-query';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contentRemovals, contentSeries, contentStreams } from '../../db/schema';
import { planOf } from '../../../test/explain';
import { createAccount, createLine, createSignedInAccount } from '../../../test/factories';
import { expectRefusal, FORBIDDEN, type Refusal } from '../../../test/refusals';
import { useTestApp } from '../../../test/test-app';
import { addViews, viewDay } from '../../delivery/for-panel';
import { removalListStatements } from './content-removal.repository';

/**
 * Content removal through the real server (docs/product/screens.md#content-removal, decision 0056): the
 * library comes from a real M3U import, and what a line sees is read from player_api.php.
 */
const t = useTestApp();
const work = mkdtempSync(join(tmpdir(), 'panel-garbage-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

const BASE = '/api/catalog/garbage';
const admin = () => t.as(t.adminToken);
let publisherToken = '';
let publisherName = '';
let resellerToken = '';
const line = { username: '', password: '' };
let source: ContentSource;
const ids = { channel: 0, allDay: 0, movie: 0, otherMovie: 0, series: 0 };

const PLAYLIST = [
  '#EXTM3U',
  '#EXTINF:-1 tvg-id="globo.br" group-title="Abertos",Globo HD',
  'http://cdn.example/live/u/p/501.ts',
  '#EXTINF:-1 group-title="Abertos",Simpsons 24h',
  'http://cdn.example/live/u/p/502.ts',
  '#EXTINF:-1 group-title="Filmes",Matrix',
  'http://cdn.example/movie/u/p/601.mkv',
  '#EXTINF:-1 group-title="Filmes",Up Altas Aventuras',
  'http://cdn.example/movie/u/p/602.mp4',
  '#EXTINF:-1 group-title="Séries",Dark S01E01',
  'http://cdn.example/series/u/p/701.mp4',
  '#EXTINF:-1 group-title="Séries",Dark S01E02',
  'http://cdn.example/series/u/p/702.mp4',
];

async function sync(): Promise<ContentSource> {
  const started = await admin().post(`/api/admin/content/sources/${source.id}/sync`);
  expect(started.statusCode, started.body).toBe(202);
  await t.app.contentSync.settled(source.id);
  const done = (await admin().get(`/api/admin/content/sources/${source.id}`)).json<ContentSource>();
  expect(done.sync_status, done.sync_error ?? '').toBe('ok');
  return done;
}

async function player(action: string): Promise<{ name: string; stream_id?: number; series_id?: number }[]> {
  const response = await t.app.inject({
    method: 'GET',
    url: `/player_api.php?username=${line.username}&password=${line.password}&action=${action}`,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

const names = async (action: string) => (await player(action)).map((item) => item.name).sort();

async function send(mediaType: number, mediaId: number, token = t.adminToken) {
  return t.as(token).post(BASE, { media_type: mediaType, media_id: mediaId });
}

async function queued(mediaType: number, mediaId: number, token = t.adminToken): Promise<ContentRemoval> {
  const response = await send(mediaType, mediaId, token);
  expect(response.statusCode, response.body).toBe(201);
  return response.json<ContentRemoval>();
}

async function list(query = ''): Promise<ContentRemovalList> {
  const response = await admin().get(`${BASE}?${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<ContentRemovalList>();
}

const conflict = (message: string): Refusal => ({ status: 409, code: 'conflict', message });
const notFound = (message: string): Refusal => ({ status: 404, code: 'not_found', message });
const invalid = (message: string, field: string): Refusal => ({
  status: 400,
  code: 'validation_failed',
  message,
  field,
});
const removalRows = async () => (await t.db.select({ value: count() }).from(contentRemovals))[0]?.value;

beforeAll(async () => {
  const publisher = await createSignedInAccount(t.app, { role: 'publisher', credits: '10' });
  publisherToken = publisher.token;
  publisherName = publisher.account.username;
  resellerToken = (await createSignedInAccount(t.app, { credits: '10' })).token;
  const playlist = join(work, 'lista.m3u');
  writeFileSync(playlist, `${PLAYLIST.join('\n')}\n`);
  const created = await admin().post('/api/admin/content/sources', {
    kind: 'm3u',
    name: 'Lista',
    url: playlist,
  });
  expect(created.statusCode, created.body).toBe(201);
  source = created.json<ContentSource>();
  await sync();
  const streams = await t.db.select().from(contentStreams).where(eq(contentStreams.sourceId, source.id));
  const byName = (name: string) => streams.find((row) => row.name === name)?.id ?? 0;
  ids.channel = byName('Globo HD');
  ids.allDay = byName('Simpsons 24h');
  ids.movie = byName('Matrix');
  ids.otherMovie = byName('Up Altas Aventuras');
  await t.db.update(contentStreams).set({ is24h: true }).where(eq(contentStreams.id, ids.allDay));
  const [series] = await t.db.select().from(contentSeries).where(eq(contentSeries.sourceId, source.id));
  ids.series = series?.id ?? 0;
  expect(Object.values(ids).every((id) => id > 0)).toBe(true);
  const owner = await createAccount(t.app, { credits: '10' });
  const row = await createLine(t.app, owner);
  line.username = row.username;
  line.password = row.password;
});

describe('sending to the queue (the analytics trash action)', () => {
  it('queues each media type with its item, requester and status 0; the item still plays', async () => {
    const movie = await queued(2, ids.movie);
    expect(movie).toMatchObject({
      media_id: ids.movie,
      media_type: 2,
      stream_id: ids.movie,
      stream_name: 'Matrix',
      serie_id: null,
      serie_name: null,
      media_title: 'Matrix',
      reseller_username: 'admin',
      status: 0,
    });
    const series = await queued(5, ids.series, publisherToken);
    expect(series).toMatchObject({
      media_id: ids.series,
      media_type: 5,
      stream_id: null,
      serie_id: ids.series,
      serie_name: 'Dark',
      media_title: 'Dark',
      reseller_username: publisherName,
      status: 0,
    });
    await queued(1, ids.channel);
    await queued(3, ids.allDay);
    // A proposal: lines still see every item (decision 0056).
    expect(await names('get_vod_streams')).toEqual(['Matrix', 'Up Altas Aventuras']);
    expect(await names('get_series')).toEqual(['Dark']);
    expect(await names('get_live_streams')).toEqual(['Globo HD', 'Simpsons 24h']);
  });

  it('refuses an item queued twice, a wrong type, an unknown item and bad input, adding no row', async () => {
    const before = await removalRows();
    expectRefusal(await send(2, ids.movie), conflict(CONTENT_REMOVAL_MESSAGES.alreadyQueued));
    expectRefusal(await send(2, ids.movie, publisherToken), conflict(CONTENT_REMOVAL_MESSAGES.alreadyQueued));
    // Matrix is a movie, not a channel; a series id is no stream.
    expectRefusal(await send(1, ids.otherMovie), notFound(CONTENT_REMOVAL_MESSAGES.contentNotFound));
    expectRefusal(await send(3, ids.channel), notFound(CONTENT_REMOVAL_MESSAGES.contentNotFound));
    expectRefusal(await send(2, 987654), notFound(CONTENT_REMOVAL_MESSAGES.contentNotFound));
    expectRefusal(await send(4, ids.movie), invalid(CONTENT_REMOVAL_MESSAGES.invalidMediaType, 'media_type'));
    expectRefusal(await send(2, 0), invalid(LIST_MESSAGES.invalidId, 'media_id'));
    expect(await removalRows()).toBe(before);
  });

  it('is for admins and publishers; the queue itself only for admins', async () => {
    expectRefusal(await send(2, ids.otherMovie, resellerToken), FORBIDDEN);
    for (const token of [publisherToken, resellerToken]) {
      expectRefusal(await t.as(token).get(BASE), FORBIDDEN);
      expectRefusal(await t.as(token).post(`${BASE}/1/restore`), FORBIDDEN);
      expectRefusal(await t.as(token).delete(`${BASE}/1`), FORBIDDEN);
    }
  });
});

describe('the queue', () => {
  it('lists newest first with filters: id, title, media type, requester, status; pages', async () => {
    const all = await list();
    expect(all.meta).toEqual({ page: 1, pages: 1, per: 10, total: 4 });
    expect(all.data.map((row) => row.media_title)).toEqual(['Simpsons 24h', 'Globo HD', 'Dark', 'Matrix']);
    const matrix = all.data[3];
    expect((await list(`id=${matrix?.id}`)).data.map((row) => row.media_title)).toEqual(['Matrix']);
    expect((await list('text_search=dar')).data.map((row) => row.media_title)).toEqual(['Dark']);
    expect((await list('text_search=%25')).data).toEqual([]);
    expect((await list('media_type=3')).data.map((row) => row.media_title)).toEqual(['Simpsons 24h']);
    expect((await list(`reseller=${publisherName}`)).data.map((row) => row.media_title)).toEqual(['Dark']);
    expect((await list('status=1')).meta.total).toBe(0);
    expect((await list('status=0&media_type=&id=&text_search=')).meta.total).toBe(4);
    expect((await list('order_by=id,asc&per=3&page=2')).data.map((row) => row.media_title)).toEqual([
      'Simpsons 24h',
    ]);
  });

  it('refuses bad filters with the rule and the field', async () => {
    const get = (query: string) => admin().get(`${BASE}?${query}`);
    expectRefusal(
      await get('media_type=9'),
      invalid(CONTENT_REMOVAL_MESSAGES.invalidMediaType, 'media_type'),
    );
    expectRefusal(await get('status=2'), invalid(CONTENT_REMOVAL_MESSAGES.invalidStatus, 'status'));
    expectRefusal(await get('id=abc'), invalid(LIST_MESSAGES.invalidId, 'id'));
    expectRefusal(await get('order_by=title,asc'), invalid(LIST_MESSAGES.invalidOrder, 'order_by'));
  });
});

describe('cancelling and removing for good', () => {
  it('cancelling a queued removal deletes its row and changes nothing else', async () => {
    const channel = (await list('media_type=1')).data[0];
    const before = await t.db.select().from(contentStreams).where(eq(contentStreams.id, ids.channel));
    const response = await admin().post(`${BASE}/${channel?.id}/restore`);
    expect(response.statusCode, response.body).toBe(204);
    expect((await list('media_type=1')).meta.total).toBe(0);
    expect(await t.db.select().from(contentStreams).where(eq(contentStreams.id, ids.channel))).toEqual(
      before,
    );
    // Gone: nothing left to cancel; it can be queued again.
    expectRefusal(
      await admin().post(`${BASE}/${channel?.id}/restore`),
      notFound(CONTENT_REMOVAL_MESSAGES.notFound),
    );
    const again = await queued(1, ids.channel);
    expect((await admin().post(`${BASE}/${again.id}/restore`)).statusCode).toBe(204);
  });

  it('removing a movie and a series for good takes them out of every list of a line', async () => {
    const { data } = await list();
    const movie = data.find((row) => row.media_id === ids.movie && row.media_type === 2);
    const series = data.find((row) => row.media_type === 5);
    for (const row of [movie, series]) {
      const response = await admin().delete(`${BASE}/${row?.id}`);
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json<ContentRemoval>()).toMatchObject({ id: row?.id, status: 1 });
    }
    expect(await names('get_vod_streams')).toEqual(['Up Altas Aventuras']);
    expect(await names('get_series')).toEqual([]);
    const info = await t.app.inject({
      method: 'GET',
      url: `/player_api.php?username=${line.username}&password=${line.password}&action=get_series_info&series_id=${ids.series}`,
    });
    expect(JSON.stringify(info.json())).not.toContain('Dark S01E01');
    const playlist = await t.app.inject({
      method: 'GET',
      url: `/get.php?username=${line.username}&password=${line.password}&type=m3u_plus&output=ts`,
    });
    expect(playlist.statusCode).toBe(200);
    expect(playlist.body).toContain('Up Altas Aventuras');
    expect(playlist.body).not.toContain('Matrix');
    expect(playlist.body).not.toContain('Dark S01');
    expect((await list('status=1')).data.map((row) => row.media_title).sort()).toEqual(['Dark', 'Matrix']);
  });

  it('a re-sync from the source does not bring a removed item back', async () => {
    const done = await sync();
    expect(done.sync_summary).toMatchObject({ movies: { added: 0, updated: 0, retired: 0 } });
    expect(await names('get_vod_streams')).toEqual(['Up Altas Aventuras']);
    expect(await names('get_series')).toEqual([]);
    const [movie] = await t.db.select().from(contentStreams).where(eq(contentStreams.id, ids.movie));
    expect(movie?.retiredAt).not.toBeNull();
    expect(movie?.removedAt).not.toBeNull();
  });

  it('refuses to cancel or remove again what was removed for good, and unknown ids', async () => {
    const removed = (await list('status=1')).data[0];
    const again = conflict(CONTENT_REMOVAL_MESSAGES.alreadyRemoved);
    expectRefusal(await admin().post(`${BASE}/${removed?.id}/restore`), again);
    expectRefusal(await admin().delete(`${BASE}/${removed?.id}`), again);
    expectRefusal(await send(2, ids.movie), again);
    expectRefusal(await admin().delete(`${BASE}/987654`), notFound(CONTENT_REMOVAL_MESSAGES.notFound));
    expectRefusal(await admin().delete(`${BASE}/abc`), invalid(LIST_MESSAGES.invalidId, 'id'));
  });

  it('analytics leaves out what was removed for good', async () => {
    const today = viewDay(new Date());
    await addViews(t.db, [
      { day: today, streamId: ids.movie, views: 9 },
      { day: today, streamId: ids.otherMovie, views: 1 },
    ]);
    const response = await admin().get('/api/analytics/views?type=streams&period=1');
    expect(response.json<{ data: unknown[] }>().data).toEqual([
      expect.objectContaining({ title: 'Up Altas Aventuras', removal_status: null }),
    ]);
  });

  it('analytics says which items wait in the queue, at once', async () => {
    await addViews(t.db, [{ day: viewDay(new Date()), streamId: ids.allDay, views: 3 }]);
    const lives = await t.as(publisherToken).get('/api/analytics/views?type=lives&period=1');
    expect(lives.json<{ data: unknown[] }>().data).toEqual([
      expect.objectContaining({ id: ids.allDay, removal_status: 0 }),
    ]);
    const queued = (await list('media_type=3')).data[0];
    expect((await admin().post(`${BASE}/${queued?.id}/restore`)).statusCode).toBe(204);
    const after = await t.as(publisherToken).get('/api/analytics/views?type=lives&period=1');
    expect(after.json<{ data: unknown[] }>().data).toEqual([
      expect.objectContaining({ id: ids.allDay, removal_status: null }),
    ]);
  });
});

describe('the queue at size (decision 0056)', () => {
  it('a page newest first walks content_removals_created_idx; items and senders by primary key', async () => {
    for (const input of [{}, { status: '1' }, { media_type: '5', page: '3' }]) {
      const { page } = removalListStatements(t.db, contentRemovalQuerySchema.parse(input));
      const plan = await planOf(t.db, page.toSQL());
      expect(plan, JSON.stringify(input)).toContain(
        'Index Scan Backward using content_removals_created_idx on content_removals',
      );
      expect(plan).not.toMatch(/Seq Scan on content_(removals|streams|series)/);
    }
  });
});
