import { playlistLinks, streamUrl } from '@panel/shared/content/playlist-links';
import { liveFormatOfOutput, STREAM_PATH_SEGMENT } from '@panel/shared/content/stream-kinds';
import type { Database } from '../../db/database';
import {
  guideChannels,
  guideProgrammesBatch,
  listVisibleCategories,
  playlistEpisodesBatch,
  playlistStreamsBatch,
  type PlaylistKey,
} from '../content/content-read.repository';
import type { PlayerLine } from './player-line';

/**
 * get.php and xmltv.php (docs/product/api.md#player-api, decision 0039). Both are written while their rows
 * are read, a batch at a time (keyset pagination), so a line seeing 100,000 items gets its first bytes at
 * once and the server never holds the whole playlist or guide.
 */

export const BATCH_SIZE = 2000;

export type PlaylistType = 'm3u' | 'm3u_plus';

/** An attribute value of an #EXTINF row: no quotes, no line breaks. */
const attribute = (value: string) => value.replace(/["\r\n]/g, (char) => (char === '"' ? "'" : ' '));
/** The title after the comma: no line breaks. */
const title = (value: string) => value.replace(/[\r\n]+/g, ' ');
const pad = (value: number) => String(value).padStart(2, '0');

function entry(
  type: PlaylistType,
  fields: { tvgId: string; name: string; logo: string; group: string },
  url: string,
): string {
  const name = title(fields.name);
  if (type === 'm3u') return `#EXTINF:-1,${name}\n${url}\n`;
  return (
    `#EXTINF:-1 tvg-id="${attribute(fields.tvgId)}" tvg-name="${attribute(fields.name)}" ` +
    `tvg-logo="${attribute(fields.logo)}" group-title="${attribute(fields.group)}",${name}\n${url}\n`
  );
}

/**
 * The playlist's text in chunks (one per batch of rows): every live stream, movie and episode the line
 * sees, once, with absolute URLs carrying its percent-encoded credentials.
 */
export async function* playlistChunks(
  db: Database,
  line: PlayerLine,
  baseUrl: string,
  type: PlaylistType,
  output: string | undefined,
): AsyncGenerator<string> {
  const { username, password, bouquets } = line;
  const epg = playlistLinks(baseUrl, username, password).epg;
  yield `#EXTM3U x-tvg-url="${epg}" url-tvg="${epg}"\n`;
  const liveFormat = liveFormatOfOutput(output);

  for (const kind of ['live', 'movie'] as const) {
    const groups = new Map((await listVisibleCategories(db, kind, bouquets)).map((c) => [c.id, c.name]));
    let after: PlaylistKey | undefined;
    for (;;) {
      const rows = await playlistStreamsBatch(db, kind, bouquets, after, BATCH_SIZE);
      if (rows.length === 0) break;
      let chunk = '';
      for (const row of rows) {
        const extension = kind === 'live' ? liveFormat : row.containerExtension;
        chunk += entry(
          type,
          {
            tvgId: kind === 'live' ? (row.epgChannelId ?? '') : '',
            name: row.name,
            logo: row.icon,
            group: groups.get(row.categoryId) ?? '',
          },
          streamUrl(baseUrl, STREAM_PATH_SEGMENT[kind], username, password, row.id, extension),
        );
      }
      yield chunk;
      const last = rows[rows.length - 1]!;
      after = { categoryId: last.categoryId, sortOrder: last.sortOrder, id: last.id };
      if (rows.length < BATCH_SIZE) break;
    }
  }

  const groups = new Map((await listVisibleCategories(db, 'series', bouquets)).map((c) => [c.id, c.name]));
  let afterId = 0;
  for (;;) {
    const rows = await playlistEpisodesBatch(db, bouquets, afterId, BATCH_SIZE);
    if (rows.length === 0) break;
    let chunk = '';
    for (const row of rows) {
      const name = `${row.seriesName} S${pad(row.season ?? 1)} E${pad(row.episode ?? 0)}`;
      chunk += entry(
        type,
        { tvgId: '', name, logo: row.icon || row.cover, group: groups.get(row.categoryId) ?? '' },
        streamUrl(baseUrl, STREAM_PATH_SEGMENT.episode, username, password, row.id, row.containerExtension),
      );
    }
    yield chunk;
    afterId = rows[rows.length - 1]!.id;
    if (rows.length < BATCH_SIZE) break;
  }
}

const XML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&apos;',
};

/** Text or attribute content for XML; characters XML 1.0 forbids are dropped. */
export function xmlEscape(value: string): string {
  return value
    // eslint-disable-next-line no-control-regex -- dropping them is the point
    .replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g, '')
    .replace(/[&<>"']/g, (char) => XML_ESCAPES[char]!);
}

/** XMLTV's time: `YYYYMMDDHHMMSS +0000`. */
export function xmltvTime(date: Date): string {
  return (
    `${date.getUTCFullYear()}${pad(date.getUTCMonth() + 1)}${pad(date.getUTCDate())}` +
    `${pad(date.getUTCHours())}${pad(date.getUTCMinutes())}${pad(date.getUTCSeconds())} +0000`
  );
}

/** The guide of the line's live streams as XMLTV, in chunks. */
export async function* xmltvChunks(db: Database, line: PlayerLine): AsyncGenerator<string> {
  yield '<?xml version="1.0" encoding="UTF-8"?>\n<!DOCTYPE tv SYSTEM "xmltv.dtd">\n<tv generator-info-name="panel">\n';
  const channels = await guideChannels(db, line.bouquets);
  for (let start = 0; start < channels.length; start += BATCH_SIZE) {
    let chunk = '';
    for (const channel of channels.slice(start, start + BATCH_SIZE)) {
      chunk +=
        `<channel id="${xmlEscape(channel.id)}"><display-name>${xmlEscape(channel.displayName)}` +
        `</display-name></channel>\n`;
    }
    yield chunk;
  }
  if (channels.length > 0) {
    let afterId = 0;
    for (;;) {
      const rows = await guideProgrammesBatch(db, line.bouquets, afterId, BATCH_SIZE);
      if (rows.length === 0) break;
      let chunk = '';
      for (const row of rows) {
        const lang = row.lang ? ` lang="${xmlEscape(row.lang)}"` : '';
        chunk +=
          `<programme start="${xmltvTime(row.startsAt)}" stop="${xmltvTime(row.stopsAt)}" ` +
          `channel="${xmlEscape(row.channelId)}"><title${lang}>${xmlEscape(row.title)}</title>` +
          (row.description ? `<desc${lang}>${xmlEscape(row.description)}</desc>` : '') +
          `</programme>\n`;
      }
      yield chunk;
      afterId = rows[rows.length - 1]!.id;
      if (rows.length < BATCH_SIZE) break;
    }
  }
  yield '</tv>\n';
}
