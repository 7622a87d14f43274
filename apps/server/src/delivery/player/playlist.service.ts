import { playlistLinks, streamUrl } from '@panel/shared/content/playlist-links';
import { liveFormatOfOutput } from '@panel/shared/content/stream-kinds';
import type { Database } from '../../db/database';
import { cursorReader, type CursorReader } from '../content/cursor-read';
import {
  guideChannels,
  playlistEntryStatements,
  guideProgrammesBatch,
  playlistEpisodesPage,
  playlistStreamsPage,
  type ListingKey,
  type PlaylistRendering,
} from '../content/content-read.repository';
import type { PlayerLine } from './player-line';

/**
 * get.php and xmltv.php (docs/product/api.md#player-api, decision 0039). Both are written while their rows
 * are read, a batch at a time (get.php on PostgreSQL through a cursor, decision 0105; otherwise keyset
 * pages), so a line seeing 100,000 items gets its first bytes at once and the server never holds the whole
 * playlist or guide. PostgreSQL writes the playlist's rows.
 */

export const BATCH_SIZE = 2000;

export type PlaylistType = 'm3u' | 'm3u_plus';

const pad = (value: number) => String(value).padStart(2, '0');

/** streamUrl() up to the stream id: every URL of the playlist is this prefix + `ID.EXT`. */
function urlPrefix(
  baseUrl: string,
  segment: 'live' | 'movie' | 'series',
  line: PlayerLine,
  rewrite: (text: string) => string,
): string {
  const sample = streamUrl(baseUrl, segment, line.username, line.password, 0, 'x');
  return rewrite(sample.slice(0, -'0.x'.length));
}

/**
 * The playlist's text in chunks (one per page of rows): every live stream, movie and episode the line
 * sees, once, with absolute URLs carrying its percent-encoded credentials. `rewrite` changes the texts that
 * carry credentials (URL prefixes, the guide link): the answer cache puts its markers there (decision 0043).
 */
export async function* playlistChunks(
  db: Database,
  line: PlayerLine,
  baseUrl: string,
  type: PlaylistType,
  output: string | undefined,
  rewrite: (text: string) => string = (text) => text,
): AsyncGenerator<string> {
  const epg = rewrite(playlistLinks(baseUrl, line.username, line.password).epg);
  const rendering: PlaylistRendering = {
    plus: type === 'm3u_plus',
    urlPrefix: {
      live: urlPrefix(baseUrl, 'live', line, rewrite),
      movie: urlPrefix(baseUrl, 'movie', line, rewrite),
      series: urlPrefix(baseUrl, 'series', line, rewrite),
    },
    liveExtension: liveFormatOfOutput(output),
  };
  let head = `#EXTM3U x-tvg-url="${epg}" url-tvg="${epg}"\n`;
  // On PostgreSQL one cursor per part, in one snapshot (decision 0105); else keyset pages. The same bytes.
  const reader = cursorReader(db);
  const entries = reader
    ? playlistEntriesByCursor(reader, line.bouquets, rendering)
    : playlistEntriesByPages(db, line.bouquets, rendering);
  for await (const chunk of entries) {
    yield head + chunk;
    head = '';
  }
  if (head) yield head;
}

/** The playlist's entries through one cursor per part (PostgreSQL), a batch of BATCH_SIZE per chunk. */
export async function* playlistEntriesByCursor(
  reader: CursorReader,
  bouquets: readonly number[],
  rendering: PlaylistRendering,
): AsyncGenerator<string> {
  const statements = playlistEntryStatements(bouquets, rendering);
  for await (const rows of reader.rows<{ entry: string }>(statements, BATCH_SIZE)) {
    let chunk = '';
    for (const row of rows) chunk += row.entry;
    yield chunk;
  }
}

/**
 * The playlist's entries by keyset pages, each its own statement: PGlite, whose one connection a cursor
 * would hold while the client reads.
 */
export async function* playlistEntriesByPages(
  db: Database,
  bouquets: readonly number[],
  rendering: PlaylistRendering,
): AsyncGenerator<string> {
  for (const kind of ['live', 'movie'] as const) {
    let after: ListingKey | undefined;
    for (;;) {
      const page = await playlistStreamsPage(db, kind, bouquets, rendering, after, BATCH_SIZE);
      if (!page) break;
      yield page.body;
      after = page.last;
      if (page.count < BATCH_SIZE) break;
    }
  }
  let afterId = 0;
  for (;;) {
    const page = await playlistEpisodesPage(db, bouquets, rendering, afterId, BATCH_SIZE);
    if (!page) break;
    yield page.body;
    afterId = page.last.id;
    if (page.count < BATCH_SIZE) break;
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
  return (
    value
      // eslint-disable-next-line no-control-regex -- dropping them is the point
      .replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g, '')
      .replace(/[&<>"']/g, (char) => XML_ESCAPES[char]!)
  );
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
