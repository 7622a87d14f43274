import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ContentSource } from '@panel/shared/content-sources/content-sources-api';
import { and, asc, eq, lt } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appSecrets, contentSources, contentStreams, epgProgrammes, streamStarts } from '../../db/schema';
import type { LineRow } from '../../db/schema';
import { createAccount, createLine, daysFromNow } from '../../../test/factories';
import { useTestApp } from '../../../test/test-app';
import { hasVideo } from '../../../test/upstream/ffprobe';
import { startXtreamUpstream, type XtreamUpstream } from '../../../test/upstream/xtream-upstream';
import { verifyStreamToken } from '../streams/stream-tokens';

// Catch-up (decision 0120) through the real server: an Xtream source imported from the test upstream,
// whose channel 1001 keeps 3 days of archive and 1002 none; players' timeshift URLs in both shapes and
// both delivery modes (ffprobe plays them), refusals, has_archive, and the guide kept for the archive.
const t = useTestApp();
const admin = () => t.as(t.adminToken);
const work = mkdtempSync(join(tmpdir(), 'panel-catchup-'));
let upstream: XtreamUpstream;
let base: string;
let source: ContentSource;
let line: LineRow;
let archived: { id: number; categoryId: number | null };
let plain: { id: number };
let secret: string;

const pad = (value: number) => String(value).padStart(2, '0');
/** START as players write it: `YYYY-MM-DD:HH-MM`, UTC (PLAYER_TIMEZONE's default, the upstream's zone). */
const startText = (date: Date) =>
  `${date.getUTCFullYear()}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())}:` +
  `${pad(date.getUTCHours())}-${pad(date.getUTCMinutes())}`;
const hoursAgo = (hours: number) => new Date(Date.now() - hours * 3_600_000);
const enc = encodeURIComponent;
const pathUrl = (who: { username: string; password: string }, start: string, id: number, ext = 'ts') =>
  `${base}/timeshift/${enc(who.username)}/${enc(who.password)}/60/${start}/${id}.${ext}`;
const phpUrl = (who: { username: string; password: string }, start: string, id: number, duration = 60) =>
  `${base}/streaming/timeshift.php?username=${enc(who.username)}&password=${enc(who.password)}` +
  `&stream=${id}&start=${start}&duration=${duration}`;

async function sync(id: number): Promise<void> {
  const started = await admin().post(`/api/admin/content/sources/${id}/sync`);
  expect(started.statusCode, started.body).toBe(202);
  await t.app.contentSync.settled(id);
  const after = (await admin().get(`/api/admin/content/sources/${id}`)).json<ContentSource>();
  expect(after.sync_status, JSON.stringify(after)).toBe('ok');
}

async function setMode(mode: 'redirect' | 'proxy'): Promise<void> {
  const response = await admin().patch(`/api/admin/content/sources/${source.id}`, { delivery_mode: mode });
  expect(response.statusCode, response.body).toBe(200);
}

const player = async (query: string) =>
  (
    await fetch(
      `${base}/player_api.php?username=${enc(line.username)}&password=${enc(line.password)}${query}`,
    )
  ).json();

beforeAll(async () => {
  upstream = await startXtreamUpstream();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  const created = await admin().post('/api/admin/content/sources', {
    kind: 'xtream',
    name: 'Arquivo',
    url: upstream.url,
    username: upstream.username,
    password: upstream.password,
    delivery_mode: 'redirect',
  });
  expect(created.statusCode, created.body).toBe(201);
  source = created.json<ContentSource>();
  await sync(source.id);
  const rows = await t.db.select().from(contentStreams).where(eq(contentStreams.sourceId, source.id));
  const find = (externalId: string) => {
    const row = rows.find((item) => item.kind === 'live' && item.externalId === externalId);
    if (!row) throw new Error(`live ${externalId} not imported`);
    return row;
  };
  archived = find('1001');
  plain = find('1002');
  line = await createLine(t.app, await createAccount(t.app), { maxConnections: 10 });
  const [row] = await t.db.select().from(appSecrets).where(eq(appSecrets.name, 'stream_token_secret'));
  secret = row?.value ?? '';
}, 120_000);
afterAll(async () => {
  await upstream?.close();
  rmSync(work, { recursive: true, force: true });
});

describe('catch-up import and listings', () => {
  it('stores tv_archive and the upstream zone, and announces them in get_live_streams and m3u_plus', async () => {
    expect(archived).toMatchObject({ archiveDays: 3, archiveUrl: null });
    expect(plain).toMatchObject({ archiveDays: 0 });
    const [stored] = await t.db.select().from(contentSources).where(eq(contentSources.id, source.id));
    expect(stored?.timezone).toBe('UTC');

    const listing = (await player('&action=get_live_streams')) as Record<string, unknown>[];
    const item = (id: number) => listing.find((entry) => entry.stream_id === id);
    expect(item(archived.id)).toMatchObject({ tv_archive: 1, tv_archive_duration: 3 });
    expect(item(plain.id)).toMatchObject({ tv_archive: 0, tv_archive_duration: 0 });

    const playlist = await (
      await fetch(
        `${base}/get.php?username=${enc(line.username)}&password=${enc(line.password)}&type=m3u_plus`,
      )
    ).text();
    const entry = (id: number) => {
      const rows = playlist.split('\n');
      return rows[rows.findIndex((row) => row.includes(`/live/`) && row.endsWith(`/${id}.ts`)) - 1] ?? '';
    };
    expect(entry(archived.id)).toMatch(/group-title="[^"]*" catchup="xc" catchup-days="3",Notícias Um$/);
    expect(entry(plain.id)).not.toContain('catchup');
  });

  it('marks ended programmes within the archive has_archive 1 in get_simple_data_table', async () => {
    const table = (await player(`&action=get_simple_data_table&stream_id=${archived.id}`)) as {
      epg_listings: { stop_timestamp: string; has_archive: number; now_playing: number }[];
    };
    expect(table.epg_listings.length).toBeGreaterThan(2);
    for (const row of table.epg_listings) {
      expect(row.has_archive, JSON.stringify(row)).toBe(
        Number(row.stop_timestamp) * 1000 < Date.now() ? 1 : 0,
      );
    }
    expect(table.epg_listings.some((row) => row.has_archive === 1)).toBe(true);
    const none = (await player(`&action=get_simple_data_table&stream_id=${plain.id}`)) as {
      epg_listings: { has_archive: number }[];
    };
    expect(none.epg_listings.length).toBeGreaterThan(0);
    expect(none.epg_listings.every((row) => row.has_archive === 0)).toBe(true);
  });

  it('keeps past programmes of the archive when a re-sync guide no longer has them', async () => {
    upstream.setGuidePastHours(30);
    await sync(source.id);
    const old = () =>
      t.db
        .select()
        .from(epgProgrammes)
        .where(and(eq(epgProgrammes.channelId, 'noticias1.br'), lt(epgProgrammes.stopsAt, hoursAgo(20))))
        .orderBy(asc(epgProgrammes.startsAt));
    const before = await old();
    expect(before.length).toBeGreaterThanOrEqual(8);
    upstream.setGuidePastHours(1);
    await sync(source.id);
    const after = await old();
    expect(after.map((row) => [row.startsAt.getTime(), row.title])).toEqual(
      before.map((row) => [row.startsAt.getTime(), row.title]),
    );
    // What the new guide has again is there once, not twice.
    const all = await t.db.select().from(epgProgrammes).where(eq(epgProgrammes.channelId, 'noticias1.br'));
    expect(new Set(all.map((row) => row.startsAt.getTime())).size).toBe(all.length);
  });
});

describe('timeshift URLs', () => {
  const start = () => startText(hoursAgo(2));

  it('redirects both URL shapes to the upstream archive with a verifiable token', async () => {
    await setMode('redirect');
    const when = start();
    for (const address of [pathUrl(line, when, archived.id), phpUrl(line, when, archived.id)]) {
      const response = await fetch(address, { redirect: 'manual' });
      expect(response.status, address).toBe(302);
      const location = new URL(response.headers.get('location') ?? '');
      expect(location.origin).toBe(upstream.url);
      expect(location.pathname).toBe(
        `/timeshift/${upstream.username}/${upstream.password}/60/${when}/1001.ts`,
      );
      expect(verifyStreamToken(secret, location)).toMatchObject({ lineId: line.id, streamId: archived.id });
      expect(await hasVideo(address), address).toBe(true);
    }
    const m3u8 = await fetch(pathUrl(line, when, archived.id, 'm3u8'), { redirect: 'manual' });
    expect(new URL(m3u8.headers.get('location') ?? '').pathname).toMatch(/\/1001\.m3u8$/);
  }, 60_000);

  it('relays both URL shapes in proxy mode, the upstream never shown, recorded as live starts', async () => {
    await setMode('proxy');
    await t.db.delete(streamStarts);
    const when = start();
    const seen = upstream.requests.length;
    for (const address of [pathUrl(line, when, archived.id), phpUrl(line, when, archived.id)]) {
      expect(await hasVideo(address), address).toBe(true);
    }
    expect(upstream.requests.slice(seen).some((request) => request.startsWith(`/timeshift/`))).toBe(true);
    const playlist = await fetch(pathUrl(line, when, archived.id, 'm3u8'));
    expect(playlist.status).toBe(200);
    const text = await playlist.text();
    expect(text).toContain(`${base}/hls/`);
    expect(text).not.toContain(upstream.url);
    const starts = await t.db.select().from(streamStarts).where(eq(streamStarts.lineId, line.id));
    expect(starts.length).toBeGreaterThanOrEqual(2);
    expect(starts.every((row) => row.streamId === archived.id && row.kind === 'live')).toBe(true);
  }, 60_000);

  it('holds one of the screens of the line, as a live view does', async () => {
    await setMode('redirect');
    const single = await createLine(t.app, await createAccount(t.app), { maxConnections: 1 });
    const as = (agent: string) => ({ redirect: 'manual' as const, headers: { 'user-agent': agent } });
    expect((await fetch(pathUrl(single, start(), archived.id), as('Televisor/1'))).status).toBe(302);
    const live = `${base}/live/${enc(single.username)}/${enc(single.password)}/${archived.id}.ts`;
    const refused = await fetch(live, as('Celular/2'));
    expect(refused.status).toBe(403);
    expect(refused.headers.get('location')).toBeNull();
  });

  it('refuses without a redirect: outside the window, no archive, not in the bouquets, blocked, expired', async () => {
    await setMode('redirect');
    const owner = await createAccount(t.app);
    const expired = await createLine(t.app, owner, { expDate: daysFromNow(-1) });
    const banned = await createLine(t.app, owner, { enabled: 0 });
    const elsewhere = await createLine(t.app, owner, { bouquets: [2] });
    const moved = await admin().put(`/api/admin/content/categories/${archived.categoryId}/bouquets`, {
      bouquet_ids: [1],
    });
    expect(moved.statusCode, moved.body).toBe(200);
    const before = (await t.db.select().from(streamStarts)).length;
    const when = start();
    const cases: [string, number][] = [
      [pathUrl(line, startText(hoursAgo(24 * 3 + 1)), archived.id), 404],
      [phpUrl(line, startText(hoursAgo(-1)), archived.id), 404],
      [pathUrl(line, when, plain.id), 404],
      [phpUrl(line, when, plain.id), 404],
      [pathUrl(elsewhere, when, archived.id), 404],
      [phpUrl(elsewhere, when, archived.id), 404],
      [pathUrl(banned, when, archived.id), 403],
      [phpUrl(expired, when, archived.id), 403],
      [pathUrl({ username: line.username, password: 'errada' }, when, archived.id), 401],
      [phpUrl(line, 'ontem', archived.id), 404],
      [phpUrl(line, when, archived.id, 0), 404],
      [pathUrl(line, when, archived.id, 'mp4'), 405],
    ];
    for (const [address, status] of cases) {
      const response = await fetch(address, { redirect: 'manual' });
      expect(response.status, address).toBe(status);
      expect(response.headers.get('location'), address).toBeNull();
    }
    expect((await t.db.select().from(streamStarts)).length).toBe(before);
    await admin().put(`/api/admin/content/categories/${archived.categoryId}/bouquets`, {
      bouquet_ids: [1, 2],
    });
  });
});

describe('M3U catch-up', () => {
  it('imports catchup, catchup-days and catchup-source, the header applying to every entry', async () => {
    const credentials = `${upstream.username}/${upstream.password}`;
    const template = `${upstream.url}/timeshift/${credentials}/{duration:60}/{Y}-{m}-{d}:{H}-{M}/1001.ts`;
    const file = join(work, 'lista.m3u');
    writeFileSync(
      file,
      [
        '#EXTM3U catchup-days="2"',
        '#EXTINF:-1 tvg-id="xc.br" catchup="xc" catchup-days="4" group-title="Arquivo M3U",Canal XC',
        `${upstream.url}/live/${credentials}/1001.ts`,
        `#EXTINF:-1 tvg-id="modelo.br" catchup="default" catchup-source="${template}" group-title="Arquivo M3U",Canal Modelo`,
        `${upstream.url}/media/live.ts?channel=1`,
        '#EXTINF:-1 tvg-id="sem.br" group-title="Arquivo M3U",Canal Sem',
        `${upstream.url}/media/live.ts?channel=2`,
        '',
      ].join('\n'),
    );
    const created = await admin().post('/api/admin/content/sources', {
      kind: 'm3u',
      name: 'Lista',
      url: file,
    });
    expect(created.statusCode, created.body).toBe(201);
    const m3u = created.json<ContentSource>();
    await sync(m3u.id);
    const rows = await t.db
      .select()
      .from(contentStreams)
      .where(eq(contentStreams.sourceId, m3u.id))
      .orderBy(asc(contentStreams.sortOrder));
    expect(rows.map((row) => [row.name, row.archiveDays, row.archiveUrl])).toEqual([
      ['Canal XC', 4, null],
      ['Canal Modelo', 2, template],
      ['Canal Sem', 0, null],
    ]);
    const when = startText(hoursAgo(2));
    const response = await fetch(phpUrl(line, when, rows[1]?.id ?? 0), { redirect: 'manual' });
    expect(response.status).toBe(302);
    const location = new URL(response.headers.get('location') ?? '');
    expect(location.pathname).toBe(`/timeshift/${credentials}/60/${when}/1001.ts`);
  });
});
