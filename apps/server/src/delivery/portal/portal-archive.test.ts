import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appSecrets, contentStreams, epgProgrammes } from '../../db/schema';
import { createCategory, createStream, libraryFromUpstream } from '../../../test/content-factory';
import { createLine, createSignedInAccount } from '../../../test/factories';
import { PortalClient } from '../../../test/portal-client';
import { useTestApp } from '../../../test/test-app';
import { hasVideo } from '../../../test/upstream/ffprobe';
import { startXtreamUpstream, type XtreamUpstream } from '../../../test/upstream/xtream-upstream';
import { portalLinkPassword } from '../streams/stream-tokens';
import { programmeTimeshift } from './portal-archive';
import { localDay } from './portal-time';

/**
 * Catch-up in the portal (docs/product/portal.md, decisions 0115 and 0120) through the real server: the
 * test upstream's channel 1001 keeps 3 days of archive, imported twice (proxy in bouquet 1, redirect in
 * bouquet 2, one guide channel); channel rows and the day table announce it, and tv_archive/create_link
 * answers a signed timeshift link ffprobe plays in both modes; refusals and forged or expired links.
 */
const t = useTestApp({ LINE_AUTH_FAILURES_PER_ADDRESS: '12' });
const HOUR = 3_600_000;
const ZONE = 'America/Sao_Paulo';
let upstream: XtreamUpstream;
let base = '';
let proxied: Awaited<ReturnType<typeof libraryFromUpstream>>;
let redirected: Awaited<ReturnType<typeof libraryFromUpstream>>;
let plain = 0;
let client: PortalClient;
let line: Awaited<ReturnType<typeof createLine>>;
type Programme = typeof epgProgrammes.$inferSelect;
const programmes = {} as Record<'past' | 'old' | 'plain' | 'foreign', Programme>;

async function programme(channelId: string, startsAt: number, title: string) {
  const [row] = await t.db
    .insert(epgProgrammes)
    .values({
      channelId,
      startsAt: new Date(startsAt),
      stopsAt: new Date(startsAt + HOUR),
      title,
      description: '',
      lang: 'pt',
    })
    .returning();
  return row!;
}

beforeAll(async () => {
  upstream = await startXtreamUpstream();
  proxied = await libraryFromUpstream(t.app, upstream, { deliveryMode: 'proxy', bouquetIds: [1] });
  redirected = await libraryFromUpstream(t.app, upstream, { deliveryMode: 'redirect', bouquetIds: [2] });
  for (const id of [proxied.live.id, redirected.live.id])
    await t.db.update(contentStreams).set({ archiveDays: 3 }).where(eq(contentStreams.id, id));
  plain = (
    await createStream(t.db, {
      kind: 'live',
      categoryId: proxied.categories.news.id,
      name: 'Canal Sem Arquivo',
      epgChannelId: 'semarquivo.br',
      sourceUrls: [`${upstream.url}/live/${upstream.username}/${upstream.password}/1002.ts`],
    })
  ).id;
  const other = await createCategory(t.db, { kind: 'live', name: 'Outro Pacote', bouquetIds: [3] });
  await createStream(t.db, {
    kind: 'live',
    categoryId: other.id,
    name: 'Canal Alheio',
    epgChannelId: 'alheio.br',
    archiveDays: 3,
    sourceUrls: [`${upstream.url}/live/${upstream.username}/${upstream.password}/1001.ts`],
  });
  const hour = Math.floor(Date.now() / HOUR) * HOUR;
  programmes.past = await programme('noticias1.br', hour - 3 * HOUR, 'Jornal da Manhã');
  programmes.old = await programme('noticias1.br', hour - 4 * 24 * HOUR, 'Jornal Antigo');
  programmes.plain = await programme('semarquivo.br', hour - 3 * HOUR, 'Sem Arquivo');
  programmes.foreign = await programme('alheio.br', hour - 3 * HOUR, 'Alheio');
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  const owner = await createSignedInAccount(t.app);
  line = await createLine(t.app, owner.account, {
    system: 3,
    macaddr: '00:1a:79:00:20:01',
    bouquets: [1, 2],
    maxConnections: 5,
  });
  client = new PortalClient(base, { mac: '00:1A:79:00:20:01', sn: 'ARQUIVO1' });
  expect(await client.boot()).toBe(0);
});

afterAll(async () => {
  await upstream?.close();
});

type Row = { id: string; enable_tv_archive: number; tv_archive_duration: number; archive: number };
type Table = { data: { id: string; mark_archive: number; has_archive: number }[] };

const table = async (channel: number, day: Date) =>
  (
    await client.call('epg', 'get_simple_data_table', {
      ch_id: String(channel),
      date: localDay(ZONE, day),
      p: '1',
    })
  ).js as Table;

const archiveLink = async (programmeId: number, channel?: number) =>
  (
    await client.call('tv_archive', 'create_link', {
      cmd: `auto /media/${programmeId}.mpg`,
      ...(channel ? { ch_id: String(channel) } : {}),
      series: '',
      forced_storage: '',
      disable_ad: '0',
      download: '0',
    })
  ).js as { id: number; cmd: string; error: string };

describe('the archive in the portal', () => {
  it('channel rows announce it in hours and the day table marks ended programmes inside it', async () => {
    const all = (await client.call('itv', 'get_all_channels')).js as { data: Row[] };
    const row = (id: number) => all.data.find((item) => Number(item.id) === id);
    expect(row(proxied.live.id)).toMatchObject({ enable_tv_archive: 1, tv_archive_duration: 72, archive: 1 });
    expect(row(plain)).toMatchObject({ enable_tv_archive: 0, tv_archive_duration: 0, archive: 0 });
    const modules = (await client.call('stb', 'get_modules')).js as { all_modules: string[] };
    expect(modules.all_modules).toContain('tv_archive');

    const marks = (rows: Table, id: number) => rows.data.find((item) => item.id === String(id));
    const day = await table(proxied.live.id, programmes.past.startsAt);
    expect(marks(day, programmes.past.id)).toMatchObject({ mark_archive: 1, has_archive: 1 });
    const older = await table(proxied.live.id, programmes.old.startsAt);
    expect(marks(older, programmes.old.id)).toMatchObject({ mark_archive: 0, has_archive: 0 });
    const none = await table(plain, programmes.plain.startsAt);
    expect(marks(none, programmes.plain.id)).toMatchObject({ mark_archive: 0, has_archive: 0 });
  });

  it('tv_archive/create_link answers a signed timeshift link that plays in proxy and redirect modes', async () => {
    for (const channel of [proxied.live.id, redirected.live.id]) {
      const link = await archiveLink(programmes.past.id, channel);
      expect(link).toMatchObject({ id: programmes.past.id, error: '' });
      const url = link.cmd.replace(/^ffmpeg /, '');
      const start = Math.floor(programmes.past.startsAt.getTime() / 1000);
      expect(url).toMatch(
        new RegExp(`^${base}/timeshift/${line.username}/\\d+\\.[\\w-]{43}/60/${start}/${channel}\\.ts$`),
      );
      expect(url).not.toContain(line.password);
      expect(await hasVideo(url), url).toBe(true);
    }
    const redirect = (await archiveLink(programmes.past.id, redirected.live.id)).cmd.replace(/^ffmpeg /, '');
    const response = await fetch(redirect, { redirect: 'manual' });
    expect(response.status).toBe(302);
    expect(new URL(response.headers.get('location') ?? '').pathname).toMatch(
      /^\/timeshift\/.*\/60\/.*\/1001\.ts$/,
    );
    // Without ch_id: the first channel of the line with the programme's guide and an archive.
    expect((await archiveLink(programmes.past.id)).cmd).toContain(`/${proxied.live.id}.ts`);
  }, 60_000);

  it('refuses outside the window, without archive, outside the bouquets, and forged or expired links', async () => {
    for (const id of [programmes.old.id, programmes.plain.id, programmes.foreign.id, 999_999_999]) {
      expect(await archiveLink(id), String(id)).toMatchObject({ cmd: '', error: 'player_file_missing' });
    }
    const url = (await archiveLink(programmes.past.id, proxied.live.id)).cmd.replace(/^ffmpeg /, '');
    const [, expires, signature] = /\/(\d+)\.([\w-]{43})\//.exec(url) ?? [];
    const forged = url.replace(`${expires}.${signature}`, `${Number(expires) + 60}.${signature}`);
    const [row] = await t.db.select().from(appSecrets).where(eq(appSecrets.name, 'stream_token_secret'));
    const stale = portalLinkPassword(row?.value ?? '', {
      lineId: line.id,
      streamId: proxied.live.id,
      expires: Math.floor(Date.now() / 1000) - 5,
    });
    const expired = url.replace(`${expires}.${signature}`, stale);
    // A link names its channel: the other channel's link does not open this one's archive.
    const other = (await archiveLink(programmes.past.id, redirected.live.id)).cmd.replace(/^ffmpeg /, '');
    const crossed = other.replace(`/${redirected.live.id}.ts`, `/${proxied.live.id}.ts`);
    for (const address of [forged, expired, crossed]) {
      const response = await fetch(address, { redirect: 'manual' });
      expect(response.status, address).toBe(401);
      expect(response.headers.get('location')).toBeNull();
    }
  });
});

describe("a programme's timeshift", () => {
  it("starts at the window's first whole minute when it began before it; none before its end", () => {
    const now = new Date('2026-11-28T12:00:30Z');
    const at = (text: string) => new Date(`2026-11-${text}Z`);
    expect(programmeTimeshift({ startsAt: at('28T10:00:00'), stopsAt: at('28T11:00:00') }, 3, now)).toEqual({
      start: at('28T10:00:00'),
      minutes: 60,
    });
    expect(programmeTimeshift({ startsAt: at('25T11:30:00'), stopsAt: at('25T12:30:00') }, 3, now)).toEqual({
      start: at('25T12:01:00'),
      minutes: 29,
    });
    expect(
      programmeTimeshift({ startsAt: at('25T10:00:00'), stopsAt: at('25T11:00:00') }, 3, now),
    ).toBeUndefined();
    expect(
      programmeTimeshift({ startsAt: at('28T11:30:00'), stopsAt: at('28T12:30:00') }, 3, now),
    ).toBeUndefined();
    expect(
      programmeTimeshift({ startsAt: at('28T10:00:00'), stopsAt: at('28T11:00:00') }, 0, now),
    ).toBeUndefined();
  });
});
