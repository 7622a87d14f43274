/**
 * The guide of a content source (decisions 0125, 0126, 0127): its time offset applied at import and at
 * once when changed, the file's time zones honoured, and a sync replacing only the channels it brought,
 * seen through the admin API, xmltv.php (parsed by @iptv/xmltv) and get_short_epg on a real database.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseXmltv } from '@iptv/xmltv';
import { CONTENT_MESSAGES, type ContentSource } from '@panel/shared/content-sources/content-sources-api';
import { and, asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contentSources, contentStreams, epgProgrammes } from '../../db/schema';
import { createAccount, createLine } from '../../../test/factories';
import { useTestApp } from '../../../test/test-app';

const t = useTestApp();
const work = mkdtempSync(join(tmpdir(), 'panel-guide-'));
const HOUR = 3_600_000;
/** The first programme's instant: a whole hour ahead, so every programme is upcoming. */
const base = Math.floor(Date.now() / HOUR) * HOUR + 2 * HOUR;
const line = { username: '', password: '' };

afterAll(() => rmSync(work, { recursive: true, force: true }));

const pad = (value: number) => String(value).padStart(2, '0');
/** An instant as XMLTV writes it on a clock `zoneMinutes` east of UTC. */
function stamp(instant: number, zoneMinutes = 0): string {
  const local = new Date(instant + zoneMinutes * 60_000);
  const zone = `${zoneMinutes < 0 ? '-' : '+'}${pad(Math.abs(zoneMinutes) / 60)}${pad(Math.abs(zoneMinutes) % 60)}`;
  return (
    `${local.getUTCFullYear()}${pad(local.getUTCMonth() + 1)}${pad(local.getUTCDate())}` +
    `${pad(local.getUTCHours())}${pad(local.getUTCMinutes())}00 ${zone}`
  );
}

/** A guide file: two one-hour programmes per channel from `base`, written on a -03:00 clock. */
function writeGuide(name: string, channels: string[], title = 'Programa'): string {
  let body = '<?xml version="1.0" encoding="UTF-8"?>\n<tv>\n';
  for (const channel of channels)
    body += `<channel id="${channel}"><display-name>${channel}</display-name></channel>\n`;
  for (const channel of channels) {
    for (let slot = 0; slot < 2; slot++) {
      const from = base + slot * HOUR;
      body +=
        `<programme start="${stamp(from, -180)}" stop="${stamp(from + HOUR, -180)}" channel="${channel}">` +
        `<title lang="pt">${title} ${channel} ${slot + 1}</title></programme>\n`;
    }
  }
  const path = join(work, name);
  writeFileSync(path, `${body}</tv>\n`);
  return path;
}

function writePlaylist(name: string, channels: string[]): string {
  const rows = ['#EXTM3U'];
  for (const channel of channels) {
    rows.push(`#EXTINF:-1 tvg-id="${channel}" group-title="Canais ${name}",Canal ${channel}`);
    rows.push(`http://origem.example/${name}/${channel}.ts`);
  }
  const path = join(work, `${name}.m3u`);
  writeFileSync(path, `${rows.join('\n')}\n`);
  return path;
}

const admin = () => t.as(t.adminToken);

async function createSource(name: string, channels: string[], guide: string, offset?: number) {
  const response = await admin().post('/api/admin/content/sources', {
    kind: 'm3u',
    name,
    url: writePlaylist(name, channels),
    xmltv_url: guide,
    ...(offset === undefined ? {} : { guide_offset_minutes: offset }),
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<ContentSource>();
}

async function sync(id: number): Promise<void> {
  const started = await admin().post(`/api/admin/content/sources/${id}/sync`);
  expect(started.statusCode, started.body).toBe(202);
  await t.app.contentSync.settled(id);
  const done = (await admin().get(`/api/admin/content/sources/${id}`)).json<ContentSource>();
  expect(done.sync_status, done.sync_error ?? '').toBe('ok');
}

const credentials = () =>
  `username=${encodeURIComponent(line.username)}&password=${encodeURIComponent(line.password)}`;

/** get_short_epg of the source's live stream of `channel`: [unix start, unix stop, title] each. */
async function shortEpg(sourceId: number, channel: string): Promise<[number, number, string][]> {
  const [stream] = await t.db
    .select({ id: contentStreams.id })
    .from(contentStreams)
    .where(and(eq(contentStreams.sourceId, sourceId), eq(contentStreams.epgChannelId, channel)));
  const response = await t.app.inject({
    url: `/player_api.php?${credentials()}&action=get_short_epg&stream_id=${stream!.id}&limit=10`,
  });
  expect(response.statusCode, response.body).toBe(200);
  const listings = response.json<{
    epg_listings: { start_timestamp: string; stop_timestamp: string; title: string }[];
  }>().epg_listings;
  return listings.map((item) => [
    Number(item.start_timestamp),
    Number(item.stop_timestamp),
    Buffer.from(item.title, 'base64').toString('utf8'),
  ]);
}

/** xmltv.php, parsed by @iptv/xmltv: [channel, start ms, stop ms, title] of each programme, and the text. */
async function guide(): Promise<{ text: string; programmes: [string, number, number, string][] }> {
  const response = await t.app.inject({ url: `/xmltv.php?${credentials()}` });
  expect(response.statusCode).toBe(200);
  const parsed = parseXmltv(response.body);
  const programmes = (parsed.programmes ?? []).map(
    (programme) =>
      [
        programme.channel,
        programme.start.getTime(),
        programme.stop!.getTime(),
        programme.title?.[0]?._value ?? '',
      ] as [string, number, number, string],
  );
  programmes.sort((a, b) => a[0].localeCompare(b[0]) || a[1] - b[1]);
  return { text: response.body, programmes };
}

const unix = (ms: number) => ms / 1000;

beforeAll(async () => {
  const owner = await createAccount(t.app);
  const row = await createLine(t.app, owner, { bouquets: [1] });
  Object.assign(line, { username: row.username, password: row.password });
});

describe('a source’s guide offset (decision 0125) and the file’s time zone (decision 0126)', () => {
  let source: ContentSource;

  it('moves every programme by the offset at import: xmltv.php and get_short_epg agree', async () => {
    source = await createSource('mais3', ['mais3.br'], writeGuide('mais3.xml', ['mais3.br']), 180);
    expect(source.guide_offset_minutes).toBe(180);
    await sync(source.id);
    // Written at base on a -03:00 clock, moved 3 hours later by the source's offset.
    const shifted = base + 3 * HOUR;
    expect(await shortEpg(source.id, 'mais3.br')).toEqual([
      [unix(shifted), unix(shifted + HOUR), 'Programa mais3.br 1'],
      [unix(shifted + HOUR), unix(shifted + 2 * HOUR), 'Programa mais3.br 2'],
    ]);
    const { text, programmes } = await guide();
    expect(programmes.filter((programme) => programme[0] === 'mais3.br')).toEqual([
      ['mais3.br', shifted, shifted + HOUR, 'Programa mais3.br 1'],
      ['mais3.br', shifted + HOUR, shifted + 2 * HOUR, 'Programa mais3.br 2'],
    ]);
    expect(text).toContain(`start="${stamp(shifted)}" stop="${stamp(shifted + HOUR)}" channel="mais3.br"`);
  });

  it('refuses an offset outside -12:00..+14:00 or off the 15-minute steps, changing nothing', async () => {
    for (const value of [7, 845, -735, 900, 2.5, '180', null]) {
      const response = await admin().patch(`/api/admin/content/sources/${source.id}`, {
        guide_offset_minutes: value,
      });
      expect(response.statusCode, `${String(value)} ${response.body}`).toBe(400);
      expect(response.json()).toMatchObject({
        message: CONTENT_MESSAGES.guideOffsetInvalid,
        field: 'guide_offset_minutes',
      });
    }
    const created = await admin().post('/api/admin/content/sources', {
      kind: 'm3u',
      name: 'Ruim',
      url: '/tmp/x.m3u',
      guide_offset_minutes: 20,
    });
    expect(created.statusCode).toBe(400);
    expect(created.json()).toMatchObject({ message: CONTENT_MESSAGES.guideOffsetInvalid });
    const [row] = await t.db.select().from(contentSources).where(eq(contentSources.id, source.id));
    expect(row?.guideOffsetMinutes).toBe(180);
  });

  it('a new offset applies at once to the stored programmes; refused while the source syncs', async () => {
    const changed = await admin().patch(`/api/admin/content/sources/${source.id}`, {
      guide_offset_minutes: -45,
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json<ContentSource>().guide_offset_minutes).toBe(-45);
    const moved = base - 45 * 60_000;
    expect((await shortEpg(source.id, 'mais3.br'))[0]).toEqual([
      unix(moved),
      unix(moved + HOUR),
      'Programa mais3.br 1',
    ]);
    // The next sync imports at the same offset: the same times.
    await sync(source.id);
    expect((await shortEpg(source.id, 'mais3.br'))[0]?.[0]).toBe(unix(moved));

    await t.db
      .update(contentSources)
      .set({
        syncStatus: 'running',
        syncStartedAt: sql`now()`,
        syncProgress: sql`jsonb_build_object('phase', 'epg', 'done', 0, 'total', null, 'at', now())`,
      })
      .where(eq(contentSources.id, source.id));
    const refused = await admin().patch(`/api/admin/content/sources/${source.id}`, {
      guide_offset_minutes: 0,
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ message: CONTENT_MESSAGES.guideOffsetWhileSyncing });
    // Other fields may change meanwhile; the offset and the programmes stay.
    const renamed = await admin().patch(`/api/admin/content/sources/${source.id}`, { name: 'Mais Três' });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json<ContentSource>().guide_offset_minutes).toBe(-45);
    expect((await shortEpg(source.id, 'mais3.br'))[0]?.[0]).toBe(unix(moved));
    await t.db
      .update(contentSources)
      .set({ syncStatus: 'ok', syncProgress: null })
      .where(eq(contentSources.id, source.id));
  });
});

describe('a sync replaces the guide per channel (decision 0127)', () => {
  const programmesOf = (channel: string) =>
    t.db
      .select({ sourceId: epgProgrammes.sourceId, title: epgProgrammes.title })
      .from(epgProgrammes)
      .where(eq(epgProgrammes.channelId, channel))
      .orderBy(asc(epgProgrammes.sourceId), asc(epgProgrammes.startsAt));

  it('a guide lacking a channel empties neither another source’s guide nor its own last one', async () => {
    const fullGuide = writeGuide('a.xml', ['um.br', 'dois.br'], 'A');
    const first = await createSource('fonteA', ['um.br', 'dois.br'], fullGuide);
    await sync(first.id);
    // Source B lists channel um.br, but its guide has only tres.br.
    const second = await createSource('fonteB', ['um.br', 'tres.br'], writeGuide('b.xml', ['tres.br'], 'B'));
    await sync(second.id);
    expect((await programmesOf('um.br')).map((row) => row.title)).toEqual(['A um.br 1', 'A um.br 2']);

    // A's next guide has new programmes for um.br and none for dois.br.
    writeGuide('a.xml', ['um.br'], 'A2');
    await sync(first.id);
    expect((await programmesOf('um.br')).map((row) => row.title)).toEqual(['A2 um.br 1', 'A2 um.br 2']);
    expect((await programmesOf('dois.br')).map((row) => row.title)).toEqual(['A dois.br 1', 'A dois.br 2']);
    expect((await programmesOf('tres.br')).map((row) => row.title)).toEqual(['B tres.br 1', 'B tres.br 2']);
    const { programmes } = await guide();
    expect(programmes.filter((programme) => programme[0] === 'dois.br')).toHaveLength(2);
  });
});
