import { isWaitingExpiry } from '@panel/shared/activation-codes/activation-code';
import { programmeHasArchive } from '@panel/shared/content/catchup';
import { LIVE_FORMATS } from '@panel/shared/content/stream-kinds';
import { activeConnectionCount } from '../connections/connections.service';
import type { Database } from '../../db/database';
import { cursorReader, type CursorReader } from '../content/cursor-read';
import {
  allProgrammes,
  categoriesJson,
  findVisibleLiveChannel,
  findVisibleMovie,
  findVisibleSeries,
  listingItemsStatement,
  listingJsonPage,
  upcomingProgrammes,
  type EpisodeRow,
  type ListingKey,
  type ListingKind,
  type ProgrammeRow,
} from '../content/content-read.repository';
import type { PlayerLine } from './player-line';
import { wallClockIn } from '@panel/shared/time/time-zone';
import { unixSeconds } from '@panel/shared/time/unix-seconds';

/**
 * GET /player_api.php (docs/product/api.md#player-api, decision 0039): Xtream Codes' player API with the
 * JSON types real apps parse (strings of digits where XC writes strings, numbers where it writes numbers).
 * Every answer is JSON text; the listings are written by PostgreSQL a page at a time and streamed, so
 * 60,000 movies never sit whole in memory and their first bytes leave after the first page.
 */

/** Rows per listing page: ~1 MB of JSON for movies. */
export const LISTING_PAGE_SIZE = 2000;

/** JSON text, whole or in chunks. */
export type PlayerAnswer = string | AsyncGenerator<string>;

export type PlayerQuery = Record<string, unknown>;

/** The first value of a query parameter (repeated parameters arrive as arrays). */
export function queryText(query: PlayerQuery, name: string): string | undefined {
  const value = query[name];
  const first = Array.isArray(value) ? value[0] : value;
  return typeof first === 'string' ? first : undefined;
}

const MAX_ID = 2_147_483_647;

/** A positive signed 32-bit id, else undefined (ids of the library are serial integers, decision 0037). */
export function parseId(text: string | undefined): number | undefined {
  if (!text || !/^\d{1,10}$/.test(text.trim())) return undefined;
  const id = Number(text.trim());
  return id >= 1 && id <= MAX_ID ? id : undefined;
}

const unixText = (date: Date) => String(unixSeconds(date));
const pad = (value: number) => String(value).padStart(2, '0');

/** `YYYY-MM-DD HH:MM:SS` in UTC (the API's timezone is "UTC"). */
export function sqlDateTime(date: Date): string {
  return (
    `${date.getUTCFullYear()}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())} ` +
    `${pad(date.getUTCHours())}:${pad(date.getUTCMinutes())}:${pad(date.getUTCSeconds())}`
  );
}

/** The answer for wrong credentials: HTTP 200 with auth 0 (decision 0039). */
export const REFUSED_LOGIN = '{"user_info":{"auth":0}}';

/** `YYYY-MM-DD HH:MM:SS` of `date`'s wall clock in `zone`. */
function zonedDateTime(date: Date, zone: string): string {
  const clock = wallClockIn(date, zone);
  return (
    `${clock.year}-${pad(clock.month)}-${pad(clock.day)} ` +
    `${pad(clock.hour)}:${pad(clock.minute)}:${pad(clock.second)}`
  );
}

/**
 * The login block: user_info of the line, server_info of the public base the apps reached. `timezone`:
 * PLAYER_TIMEZONE, the zone timeshift URLs' START is read in (decision 0120).
 */
export function loginBlock(
  line: PlayerLine,
  baseUrl: string,
  now: Date,
  activeConnections = 0,
  timezone = 'UTC',
) {
  const base = new URL(baseUrl);
  const https = base.protocol === 'https:';
  const port = base.port || (https ? '443' : '80');
  return {
    user_info: {
      username: line.username,
      password: line.password,
      message: '',
      auth: 1,
      status: line.status,
      // A P2P activation code not used yet (it is used in the P2P app) has no expiry yet: unlimited (0145).
      exp_date: isWaitingExpiry(unixSeconds(line.expDate)) ? null : unixText(line.expDate),
      is_trial: line.isTrial ? '1' : '0',
      // The line's screens in use now (decision 0044).
      active_cons: String(activeConnections),
      created_at: unixText(line.createdAt),
      max_connections: String(Math.max(1, line.maxConnections)),
      allowed_output_formats: [...LIVE_FORMATS],
    },
    server_info: {
      url: base.hostname,
      port: https ? '80' : port,
      https_port: https ? port : '443',
      server_protocol: https ? 'https' : 'http',
      rtmp_port: '8880',
      timezone,
      timestamp_now: unixSeconds(now),
      time_now: zonedDateTime(now, timezone),
      process: true,
    },
  };
}

const text = (value: unknown): string =>
  typeof value === 'string' ? value : typeof value === 'number' ? String(value) : '';

const numberOf = (value: unknown): number | undefined => {
  const parsed = typeof value === 'number' ? value : typeof value === 'string' ? Number(value) : NaN;
  return Number.isFinite(parsed) ? parsed : undefined;
};

function backdropPath(value: unknown): string[] {
  if (Array.isArray(value)) return value.filter((item): item is string => typeof item === 'string');
  return typeof value === 'string' && value ? [value] : [];
}

/** `HH:MM:SS` of a number of seconds. */
function duration(seconds: number): string {
  const whole = Math.max(0, Math.floor(seconds));
  return `${pad(Math.floor(whole / 3600))}:${pad(Math.floor((whole % 3600) / 60))}:${pad(whole % 60)}`;
}

/** duration_secs (number) and duration (HH:MM:SS) from whichever of the two the info holds. */
function durations(info: Record<string, unknown>): { duration_secs: number; duration: string } {
  const seconds = numberOf(info.duration_secs);
  if (seconds !== undefined) return { duration_secs: Math.floor(seconds), duration: duration(seconds) };
  const match = /^(\d+):(\d{1,2}):(\d{1,2})$/.exec(text(info.duration));
  const fromText = match ? Number(match[1]) * 3600 + Number(match[2]) * 60 + Number(match[3]) : 0;
  return { duration_secs: fromText, duration: duration(fromText) };
}

async function vodInfo(db: Database, line: PlayerLine, id: number | undefined): Promise<unknown> {
  const movie = id === undefined ? undefined : await findVisibleMovie(db, id, line.bouquets);
  // XC's "not found": an empty array, which @iptv/xtream-api reads as such.
  if (!movie) return { info: [], movie_data: [] };
  const info = movie.info;
  const rating = numberOf(info.rating);
  return {
    info: {
      ...info,
      tmdb_id: movie.tmdbId ?? text(info.tmdb_id),
      name: movie.name,
      o_name: text(info.o_name) || movie.name,
      cover_big: text(info.cover_big) || movie.icon,
      movie_image: text(info.movie_image) || movie.icon,
      releasedate: text(info.releasedate ?? info.releaseDate),
      youtube_trailer: text(info.youtube_trailer),
      director: text(info.director),
      actors: text(info.actors ?? info.cast),
      cast: text(info.cast ?? info.actors),
      description: text(info.description ?? info.plot),
      plot: text(info.plot ?? info.description),
      age: text(info.age),
      country: text(info.country),
      genre: text(info.genre),
      backdrop_path: backdropPath(info.backdrop_path),
      ...durations(info),
      bitrate: numberOf(info.bitrate) ?? 0,
      rating: rating === undefined ? '' : String(rating),
    },
    movie_data: {
      stream_id: movie.id,
      name: movie.name,
      added: movie.added,
      category_id: String(movie.categoryId),
      category_ids: [movie.categoryId],
      container_extension: movie.containerExtension,
      custom_sid: '',
      direct_source: '',
    },
  };
}

/** A season's name as apps show it. */
const seasonName = (season: number) => `Temporada ${season}`;

function episodeJson(episode: EpisodeRow, cover: string) {
  const info = episode.info;
  return {
    id: String(episode.id),
    episode_num: episode.episode,
    title: episode.name,
    container_extension: episode.containerExtension,
    info: {
      ...info,
      ...durations(info),
      movie_image: text(info.movie_image) || episode.icon || cover,
      plot: text(info.plot),
      bitrate: numberOf(info.bitrate) ?? 0,
    },
    custom_sid: '',
    added: episode.added,
    season: episode.season,
    direct_source: '',
  };
}

async function seriesInfo(db: Database, line: PlayerLine, id: number | undefined): Promise<unknown> {
  const found = id === undefined ? undefined : await findVisibleSeries(db, id, line.bouquets);
  // XC's "not found": info.name null, which @iptv/xtream-api reads as such; info stays an object.
  if (!found) return { seasons: [], info: { name: null, backdrop_path: [], category_ids: [] }, episodes: {} };
  const { series, episodes } = found;
  const info = series.info;
  const bySeason = new Map<number, ReturnType<typeof episodeJson>[]>();
  for (const episode of episodes) {
    const list = bySeason.get(episode.season) ?? [];
    list.push(episodeJson(episode, series.cover));
    bySeason.set(episode.season, list);
  }
  const rating = numberOf(info.rating);
  return {
    seasons: [...bySeason.entries()].map(([season, list]) => ({
      id: season,
      name: seasonName(season),
      season_number: season,
      episode_count: list.length,
      cover: series.cover,
      cover_big: series.cover,
      air_date: '',
      overview: '',
    })),
    info: {
      name: series.name,
      cover: series.cover,
      plot: text(info.plot),
      cast: text(info.cast),
      director: text(info.director),
      genre: text(info.genre),
      releaseDate: text(info.releaseDate ?? info.releasedate),
      last_modified: series.lastModified,
      rating: rating === undefined ? '' : String(Math.round(rating)),
      rating_5based: rating === undefined ? 0 : Math.round(rating * 5) / 10,
      backdrop_path: backdropPath(info.backdrop_path),
      youtube_trailer: text(info.youtube_trailer),
      episode_run_time: text(info.episode_run_time),
      tmdb: series.tmdbId ?? '',
      category_id: String(series.categoryId),
      category_ids: [series.categoryId],
    },
    episodes: Object.fromEntries([...bySeason.entries()].map(([season, list]) => [String(season), list])),
  };
}

const base64 = (value: string) => Buffer.from(value, 'utf8').toString('base64');

/** A guide row; `archiveDays`: the channel's catch-up days, for has_archive (decision 0120). */
function listing(programme: ProgrammeRow, now: Date, archiveDays = 0) {
  return {
    id: String(programme.id),
    epg_id: '1',
    title: base64(programme.title),
    lang: programme.lang,
    start: sqlDateTime(programme.startsAt),
    end: sqlDateTime(programme.stopsAt),
    description: base64(programme.description),
    channel_id: programme.channelId,
    start_timestamp: unixText(programme.startsAt),
    stop_timestamp: unixText(programme.stopsAt),
    stop: sqlDateTime(programme.stopsAt),
    now_playing: programme.startsAt <= now && now < programme.stopsAt ? 1 : 0,
    has_archive: programmeHasArchive(programme.stopsAt, archiveDays, now) ? 1 : 0,
  };
}

const DEFAULT_EPG_LIMIT = 4;
const MAX_EPG_LIMIT = 1000;

async function shortEpg(db: Database, line: PlayerLine, query: PlayerQuery, now: Date): Promise<unknown> {
  const id = parseId(queryText(query, 'stream_id'));
  const channel = id === undefined ? undefined : await findVisibleLiveChannel(db, id, line.bouquets);
  if (!channel?.epgChannelId) return { epg_listings: [] };
  const asked = parseId(queryText(query, 'limit'));
  const limit = Math.min(asked ?? DEFAULT_EPG_LIMIT, MAX_EPG_LIMIT);
  const rows = await upcomingProgrammes(db, channel.epgChannelId, now, limit);
  return {
    epg_listings: rows.map((row) => {
      const { now_playing: _nowPlaying, has_archive: _hasArchive, ...item } = listing(row, now);
      return item;
    }),
  };
}

async function simpleDataTable(
  db: Database,
  line: PlayerLine,
  query: PlayerQuery,
  now: Date,
): Promise<unknown> {
  const id = parseId(queryText(query, 'stream_id'));
  const channel = id === undefined ? undefined : await findVisibleLiveChannel(db, id, line.bouquets);
  if (!channel?.epgChannelId) return { epg_listings: [] };
  const rows = await allProgrammes(db, channel.epgChannelId);
  return { epg_listings: rows.map((row) => listing(row, now, channel.archiveDays)) };
}

/**
 * A listing as a JSON array, a batch of PostgreSQL-written items per chunk: on PostgreSQL through one cursor
 * (decision 0105), on PGlite by keyset pages (one connection, which a cursor would hold meanwhile).
 */
function listingJson(
  db: Database,
  kind: ListingKind,
  bouquets: readonly number[],
  categoryId: number | undefined,
): AsyncGenerator<string> {
  const reader = cursorReader(db);
  return reader
    ? listingJsonByCursor(reader, kind, bouquets, categoryId)
    : listingJsonByPages(db, kind, bouquets, categoryId);
}

export async function* listingJsonByCursor(
  reader: CursorReader,
  kind: ListingKind,
  bouquets: readonly number[],
  categoryId: number | undefined,
): AsyncGenerator<string> {
  let first = true;
  const statement = listingItemsStatement(kind, bouquets, categoryId);
  for await (const rows of reader.rows<{ item: string }>([statement], LISTING_PAGE_SIZE)) {
    yield (first ? '[' : ',') + rows.map((row) => row.item).join(',');
    first = false;
  }
  yield first ? '[]' : ']';
}

export async function* listingJsonByPages(
  db: Database,
  kind: ListingKind,
  bouquets: readonly number[],
  categoryId: number | undefined,
): AsyncGenerator<string> {
  let numbered = 0;
  let after: ListingKey | undefined;
  for (;;) {
    const page = await listingJsonPage(db, kind, bouquets, {
      categoryId,
      after,
      numberedFrom: numbered,
      limit: LISTING_PAGE_SIZE,
    });
    if (!page) break;
    yield (numbered === 0 ? '[' : ',') + page.body;
    numbered += page.count;
    after = page.last;
    if (page.count < LISTING_PAGE_SIZE) break;
  }
  yield numbered === 0 ? '[]' : ']';
}

/** `&category_id=`: absent or empty lists every category; anything not an id lists nothing. */
export function categoryOf(query: PlayerQuery): number | undefined | null {
  const given = queryText(query, 'category_id');
  if (given === undefined || given.trim() === '') return undefined;
  return parseId(given) ?? null;
}

/**
 * The JSON text answering `query` for a line that signed in. Lines that are not Active (expired, banned,
 * disabled) get their login block, whatever they ask: no content (decision 0037).
 */
export async function playerApiAnswer(
  db: Database,
  line: PlayerLine,
  query: PlayerQuery,
  baseUrl: string,
  now = new Date(),
  /** CONNECTION_TTL_SECONDS: how recently a connection was seen to count in `active_cons`. */
  connectionTtlSeconds = 90,
  /** PLAYER_TIMEZONE: server_info's zone (decision 0120). */
  timezone = 'UTC',
): Promise<PlayerAnswer> {
  const action = line.status === 'Active' ? queryText(query, 'action') : undefined;
  const category = categoryOf(query);
  const bouquets = line.bouquets;
  switch (action) {
    case 'get_live_categories':
      return categoriesJson(db, 'live', bouquets);
    case 'get_vod_categories':
      return categoriesJson(db, 'movie', bouquets);
    case 'get_series_categories':
      return categoriesJson(db, 'series', bouquets);
    case 'get_live_streams':
      return category === null ? '[]' : listingJson(db, 'live', bouquets, category);
    case 'get_vod_streams':
      return category === null ? '[]' : listingJson(db, 'movie', bouquets, category);
    case 'get_series':
      return category === null ? '[]' : listingJson(db, 'series', bouquets, category);
    case 'get_vod_info':
      return JSON.stringify(await vodInfo(db, line, parseId(queryText(query, 'vod_id'))));
    case 'get_series_info':
      return JSON.stringify(await seriesInfo(db, line, parseId(queryText(query, 'series_id'))));
    case 'get_short_epg':
      return JSON.stringify(await shortEpg(db, line, query, now));
    case 'get_simple_data_table':
      return JSON.stringify(await simpleDataTable(db, line, query, now));
    default:
      // No action, an empty or unknown one, get_profile, get_server_info: XC's default branch.
      return JSON.stringify(
        loginBlock(
          line,
          baseUrl,
          now,
          await activeConnectionCount(db, line.id, connectionTtlSeconds),
          timezone,
        ),
      );
  }
}
