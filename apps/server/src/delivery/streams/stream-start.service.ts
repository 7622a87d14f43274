import { timingSafeEqual } from 'node:crypto';
import type { DeliveryMode, StreamKind } from '@panel/shared/content/stream-kinds';
import { LIVE_FORMATS, STREAM_PATH_SEGMENT } from '@panel/shared/content/stream-kinds';
import type { Database } from '../../db/database';
import { AppError } from '../../lib/app-error';
import type { LineAuthGuard } from '../line-auth/line-auth-guard';
import type { DeliveredLine } from '../code-activation/code-activation';
import { playerLineStatus } from '../player/player-line';
import { addViews, viewDay } from '../views/views.repository';
import type { StartAuthorisationCache } from './start-authorisation-cache';
import { insertStreamStart } from './stream-starts.repository';

/**
 * Who may start which stream (docs/product/api.md#stream-urls, docs/product/rules.md#line-content,
 * decision 0040). Refusals: wrong or unknown credentials 401; a line that is not Active (expired, banned,
 * disabled) 403; a stream that does not exist, is retired, is of another kind than the URL's segment or
 * sits outside the line's bouquets 404 (the contract allows 406 or 404: 404 says nothing about whether
 * the id exists); an extension the stream is not served in 405. Never a redirect when refused. Before all
 * of them, an address or username with too many failed authentications is blocked (decision 0063).
 */
export type StreamSegment = 'live' | 'movie' | 'series';

export interface StreamStartRequest {
  segment: StreamSegment;
  username: string;
  password: string;
  /** `{id}.{ext}` */
  file: string;
  /** The client's address (request.ip), for the flood protection (decision 0063). */
  address: string;
}

/** An activation code's first use (decision 0145): the line after it, undefined when it may not be used. */
export type FirstUse = (line: DeliveredLine) => Promise<DeliveredLine | undefined>;

/** Whether a password is a portal link's for this line and stream (decision 0115). */
export type PortalLinkCheck = (lineId: number, streamId: number, password: string) => boolean;

/** Too many failed authentications: 429 without a body and without a redirect (decision 0063). */
export interface BlockedStart {
  retryAfterSeconds: number;
}

export interface AuthorisedStart {
  lineId: number;
  streamId: number;
  /** The stream's name: what its connection shows as watched. */
  name: string;
  kind: StreamKind;
  /** The extension the client asked for (lower case). */
  extension: string;
  /** The source URL to deliver, with the live extension swapped on Xtream-shaped sources. */
  sourceUrl: string;
  delivery: DeliveryMode;
  /** The line's bouquets (what it sees: docs/product/rules.md#line-content). */
  bouquets: readonly number[];
  /**
   * A catch-up of the live channel (decision 0120): `sourceUrl` is the upstream's archive URL; its `.ts`
   * is a finite recording, counted as a film is (from its first byte).
   */
  timeshift?: boolean;
}

const FILE = /^(\d{1,10})\.([A-Za-z0-9]{1,8})$/;
const MAX_ID = 2_147_483_647;
// An Xtream Codes live URL: /live/U/P/ID.ts or .m3u8 (the same channel in both formats).
const XTREAM_LIVE_URL = /^([^?#]*\/live\/[^/?#]+\/[^/?#]+\/\d+)\.(ts|m3u8)(?=$|[?#])/i;

function sameText(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

const unauthorised = () => new AppError(401, 'invalid_credentials');
const notAllowedExtension = () => new AppError(405, 'bad_request');

/** For a live stream asked as `.m3u8` whose source is an Xtream `.ts` URL (or the reverse), the other format. */
export function liveSourceInFormat(sourceUrl: string, extension: string): string {
  return sourceUrl.replace(XTREAM_LIVE_URL, (_whole, stem: string) => `${stem}.${extension}`);
}

export async function authoriseStreamStart(
  starts: Pick<StartAuthorisationCache, 'lookup'>,
  lineAuth: LineAuthGuard,
  request: StreamStartRequest,
  now = new Date(),
  portalLink: PortalLinkCheck = () => false,
  firstUse: FirstUse = async (line) => line,
): Promise<AuthorisedStart | BlockedStart> {
  if (!request.username || !request.password) throw unauthorised();
  const file = FILE.exec(request.file);
  const id = file ? Number(file[1]) : 0;
  // A malformed file name cannot name a stream, but the credentials are still checked first.
  const auth = await lineAuth.authenticate(request, async () => {
    const row = await starts.lookup(request.username, id > 0 && id <= MAX_ID ? id : 0);
    if (!row) return undefined;
    // The line's password, or a portal link's signed password for this very stream (decision 0115).
    if (!sameText(row.password, request.password) && !portalLink(row.lineId, id, request.password))
      return undefined;
    const used = await firstUse({ id: row.lineId, expDate: row.expDate, system: row.system });
    return used ? { ...row, expDate: used.expDate } : undefined;
  });
  if (auth.outcome === 'blocked') return { retryAfterSeconds: auth.retryAfterSeconds };
  if (auth.outcome === 'refused') throw unauthorised();
  const found = auth.line;
  if (playerLineStatus(found, now) !== 'Active') throw AppError.forbidden();
  if (
    !file ||
    found.streamId === null ||
    found.kind === null ||
    STREAM_PATH_SEGMENT[found.kind] !== request.segment ||
    !found.visible ||
    !found.sourceUrl
  ) {
    throw AppError.notFound();
  }
  const extension = (file[2] ?? '').toLowerCase();
  if (found.kind === 'live') {
    if (!(LIVE_FORMATS as readonly string[]).includes(extension)) throw notAllowedExtension();
  } else if (extension !== (found.containerExtension ?? '').toLowerCase()) {
    throw notAllowedExtension();
  }
  return {
    lineId: found.lineId,
    streamId: found.streamId,
    name: found.name ?? '',
    kind: found.kind,
    extension,
    sourceUrl: found.kind === 'live' ? liveSourceInFormat(found.sourceUrl, extension) : found.sourceUrl,
    delivery: found.deliveryMode ?? 'redirect',
    bouquets: found.bouquets,
  };
}

/**
 * Which requests are stream starts (decision 0040): HEAD never; a live `.ts` request always (one request
 * is one playback); a live `.m3u8` once per line and stream while the player keeps reloading it (a reload
 * within RELOAD_WINDOW_MS of the last request does not count); a movie or episode when it asks from the
 * first byte (no Range, or `bytes=0-…`), so a player's later range requests (seeks, the moov atom at the
 * end) are not new starts.
 */
const RELOAD_WINDOW_MS = 60_000;
const MAX_TRACKED = 100_000;

export interface StartCounter {
  counts(start: AuthorisedStart, method: string, range: string | undefined, now?: number): boolean;
}

export function createStartCounter(): StartCounter {
  const lastPlaylist = new Map<string, number>();
  return {
    counts(start, method, range, now = Date.now()) {
      if (method === 'HEAD') return false;
      if (start.kind !== 'live' || (start.timeshift && start.extension !== 'm3u8')) {
        return range === undefined || /^bytes=0-/i.test(range.trim());
      }
      if (start.extension !== 'm3u8') return true;
      const key = `${start.lineId}:${start.streamId}`;
      const last = lastPlaylist.get(key);
      lastPlaylist.delete(key);
      lastPlaylist.set(key, now);
      if (lastPlaylist.size > MAX_TRACKED) {
        // Oldest first (insertion order, refreshed above): drop what is past the window, or the oldest.
        for (const [oldKey, seen] of lastPlaylist) {
          if (lastPlaylist.size <= MAX_TRACKED && now - seen <= RELOAD_WINDOW_MS) break;
          lastPlaylist.delete(oldKey);
        }
      }
      return last === undefined || now - last > RELOAD_WINDOW_MS;
    },
  };
}

/** The client of a stream URL request as connections and starts record it. */
export interface StreamClient {
  ip: string | null;
  /** Cut at 512 characters. */
  userAgent: string | null;
}

/** A counted start: its `stream_starts` row and one view of the item today (decision 0044). */
export async function recordStreamStart(
  db: Database,
  start: AuthorisedStart,
  client: StreamClient,
): Promise<void> {
  await Promise.all([
    insertStreamStart(db, {
      lineId: start.lineId,
      streamId: start.streamId,
      kind: start.kind,
      delivery: start.delivery,
      ip: client.ip,
      userAgent: client.userAgent,
    }),
    addViews(db, [{ streamId: start.streamId, day: viewDay(), views: 1 }]),
  ]);
}
