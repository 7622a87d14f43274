import { createInterface } from 'node:readline';
import type { Readable } from 'node:stream';
import { CONTENT_MESSAGES } from '@panel/shared/content-sources/content-sources-api';
import { SyncError } from './upstream-input';

/**
 * An M3U playlist read line by line over a stream (decision 0038): one entry at a time leaves the
 * generator, so a 100,000-entry playlist never sits whole in memory.
 */
export interface M3uEntry {
  name: string;
  url: string;
  /** tvg-* and group-title attributes of the #EXTINF line (lower-case keys). */
  attributes: Record<string, string>;
  /** group-title, or the #EXTGRP line before the URL. */
  group: string;
}

/** Header (`#EXTM3U …`) attributes that apply to every entry without its own (decision 0120). */
const PLAYLIST_DEFAULTS = ['catchup', 'catchup-type', 'catchup-days', 'catchup-source'];

const ATTRIBUTE = /([\w-]+)=("([^"]*)"|'([^']*)'|([^\s,]+))/g;

/** `#EXTINF:-1 tvg-id="x" group-title="News",Channel name` → attributes and the display name. */
export function parseExtinf(line: string): { name: string; attributes: Record<string, string> } {
  const body = line.slice(line.indexOf(':') + 1);
  // The name follows the first comma outside quotes.
  let quote = '';
  let comma = -1;
  for (let index = 0; index < body.length; index++) {
    const char = body[index];
    if (quote) {
      if (char === quote) quote = '';
    } else if (char === '"') quote = char;
    else if (char === ',') {
      comma = index;
      break;
    }
  }
  const head = comma === -1 ? body : body.slice(0, comma);
  const name = comma === -1 ? '' : body.slice(comma + 1).trim();
  const attributes: Record<string, string> = {};
  for (const match of head.matchAll(ATTRIBUTE)) {
    const key = match[1]?.toLowerCase();
    if (key) attributes[key] = (match[3] ?? match[4] ?? match[5] ?? '').trim();
  }
  return { name, attributes };
}

/** Entries of the playlist in order; refuses a text that is not an M3U (no #EXTM3U before any entry). */
export async function* parseM3u(input: Readable): AsyncGenerator<M3uEntry> {
  const lines = createInterface({ input, crlfDelay: Infinity });
  let header = false;
  let pending: { name: string; attributes: Record<string, string> } | undefined;
  let group = '';
  let defaults: Record<string, string> = {};
  try {
    for await (const raw of lines) {
      const line = raw.replace(/^\uFEFF/, '').trim();
      if (line === '') continue;
      if (!header) {
        if (!line.startsWith('#EXTM3U')) throw new SyncError(CONTENT_MESSAGES.playlistInvalid);
        header = true;
        const { attributes } = parseExtinf(`#EXTM3U:${line.slice('#EXTM3U'.length)}`);
        defaults = Object.fromEntries(
          Object.entries(attributes).filter(([key]) => PLAYLIST_DEFAULTS.includes(key)),
        );
        continue;
      }
      if (line.startsWith('#EXTINF')) {
        pending = parseExtinf(line);
        group = '';
        continue;
      }
      if (line.startsWith('#EXTGRP:')) {
        group = line.slice('#EXTGRP:'.length).trim();
        continue;
      }
      if (line.startsWith('#')) continue;
      if (!pending) continue;
      const attributes = { ...defaults, ...pending.attributes };
      const name = pending.name || attributes['tvg-name'] || line;
      yield { name, url: line, attributes, group: attributes['group-title'] || group };
      pending = undefined;
    }
  } finally {
    lines.close();
    input.destroy();
  }
  if (!header) throw new SyncError(CONTENT_MESSAGES.playlistInvalid);
}

export type M3uItem =
  | { kind: 'live'; externalId: string; extension: string }
  | { kind: 'movie'; externalId: string; extension: string }
  | {
      kind: 'episode';
      externalId: string;
      extension: string;
      seriesName: string;
      season: number;
      episode: number;
    };

const VIDEO_EXTENSIONS = new Set(['mp4', 'mkv', 'avi', 'mov', 'm4v', 'wmv', 'flv', 'webm', 'mpg', 'mpeg']);
const XTREAM_PATH = /\/(live|movie|series)\/[^/]+\/[^/]+\/([^/.?#]+)(?:\.(\w+))?$/i;
const EPISODE_NAME = /^(.*?)[\s._-]*S(\d{1,3})\s*[._-]?\s*E(\d{1,4})\b/i;

/** Name "Série S01 E02" or "Série S01E02" → series name, season and episode. */
export function episodeOfName(
  name: string,
): { seriesName: string; season: number; episode: number } | undefined {
  const match = EPISODE_NAME.exec(name);
  if (!match) return undefined;
  const seriesName = (match[1] ?? '').replace(/[\s|:_-]+$/, '').trim();
  if (!seriesName) return undefined;
  return { seriesName, season: Number(match[2]), episode: Number(match[3]) };
}

/**
 * What an entry is (docs/product/api.md#content-import): Xtream-shaped URLs say it (`/movie/` movie,
 * `/series/` episode, else live); otherwise a video file extension makes a movie, or an episode when
 * its name carries SxxEyy; anything else is a live channel. The external id is the URL's id when it has
 * one, else tvg-id and name, stable across syncs even when the URL's tokens change.
 */
export function classifyM3uEntry(entry: M3uEntry): M3uItem {
  let path = entry.url;
  try {
    path = new URL(entry.url).pathname;
  } catch {
    // A relative path or a file: classify the text as is.
  }
  const xtream = XTREAM_PATH.exec(path);
  const extension = (/\.(\w{2,5})$/.exec(path)?.[1] ?? '').toLowerCase();
  const tvgName = entry.attributes['tvg-name'] || entry.name;
  const fallbackId = `${entry.attributes['tvg-id'] ?? ''}|${entry.name}`;
  const episodeName = episodeOfName(tvgName) ?? episodeOfName(entry.name);
  if (xtream) {
    const [, segment = '', id = ''] = xtream;
    const kind = segment.toLowerCase();
    if (kind === 'series' && episodeName) {
      return { kind: 'episode', externalId: id, extension: extension || 'mp4', ...episodeName };
    }
    if (kind === 'movie' || kind === 'series') {
      return { kind: 'movie', externalId: id, extension: extension || 'mp4' };
    }
    return { kind: 'live', externalId: id, extension: 'ts' };
  }
  if (VIDEO_EXTENSIONS.has(extension)) {
    if (episodeName) {
      return {
        kind: 'episode',
        externalId: `${episodeName.seriesName}|S${episodeName.season}E${episodeName.episode}`,
        extension,
        ...episodeName,
      };
    }
    return { kind: 'movie', externalId: fallbackId, extension };
  }
  return { kind: 'live', externalId: fallbackId, extension: 'ts' };
}
