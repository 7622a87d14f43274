import { MAX_TIMESHIFT_MINUTES, startsInArchive } from '@panel/shared/content/catchup';
import { unixSeconds } from '@panel/shared/time/unix-seconds';
import { wallClockIn } from '@panel/shared/time/time-zone';
import type { Database } from '../../db/database';
import { findArchiveChannel, type ArchiveChannel } from './archive.repository';

/**
 * The upstream's archive URL of a past moment of a channel (docs/product/xtream-contract.md#14-catch-up-timeshift,
 * decision 0120): what `/timeshift/…` and `/streaming/timeshift.php` redirect to or relay, and what the
 * portal's `tv_archive/create_link` hands out.
 *
 * A channel's archive URL is either the template its source gave (M3U `catchup-source`, stored in
 * `content_streams.archive_url`) or, without one, derived from its Xtream-shaped live URL:
 * `BASE/live/U/P/ID.ts` → `BASE/timeshift/U/P/{duration:60}/{Y}-{m}-{d}:{H}-{M}/ID.ts` (what Xtream Codes
 * serves, and what pvr.iptvsimple's `catchup="xc"` builds). Placeholders, pvr.iptvsimple's names:
 * `{utc}` / `${start}` the start and `{utcend}` / `${end}` the end in unix seconds, `{lutc}` /
 * `${timestamp}` now, `{duration}` seconds (`{duration:60}` minutes: divided by the number), `{offset:N}`
 * seconds from the start to now divided by N, `{Y}` `{m}` `{d}` `{H}` `{M}` `{S}` the start's wall clock in
 * the source's time zone (`content_sources.timezone`, UTC when it has none).
 */

/** What a catch-up request is refused for; the stream URLs answer all of them 404, as a stream not found. */
export type ArchiveRefusal = 'not_found' | 'no_archive' | 'outside_window' | 'bad_duration';

export interface ArchiveRequest {
  /** The live stream's id (content_streams.id, the player URLs' id). */
  streamId: number;
  /** When the timeshift starts. */
  start: Date;
  /** How long it lasts, in whole minutes (1..MAX_TIMESHIFT_MINUTES). */
  durationMinutes: number;
  /** The format asked for; an Xtream-derived URL ends in it. Default ts. */
  extension?: 'ts' | 'm3u8';
  /** Default: the current time. */
  now?: Date;
}

export type ArchiveUrlResult =
  | {
      ok: true;
      /** The upstream's archive URL (it may carry the upstream line's credentials: never shown to a customer). */
      url: string;
      channel: ArchiveChannel;
    }
  | { ok: false; reason: ArchiveRefusal };

// pvr.iptvsimple's Xtream rule: the live URL's base, credentials and id.
const XTREAM_LIVE_URL =
  /^(https?:\/\/[^?#]*?)\/live\/([^/?#]+)\/([^/?#]+)\/(\d+)(?:\.(?:ts|m3u8))?(?=$|[?#])/i;

/** The archive template of a channel: its stored one, else derived from an Xtream live URL, else none. */
export function archiveTemplate(
  channel: Pick<ArchiveChannel, 'archiveUrl' | 'sourceUrl'>,
  extension: 'ts' | 'm3u8' = 'ts',
): string | undefined {
  if (channel.archiveUrl) return channel.archiveUrl;
  const match = XTREAM_LIVE_URL.exec(channel.sourceUrl ?? '');
  if (!match) return undefined;
  const [, base, user, pass, id] = match;
  return `${base}/timeshift/${user}/${pass}/{duration:60}/{Y}-{m}-{d}:{H}-{M}/${id}.${extension}`;
}

const pad = (value: number) => String(value).padStart(2, '0');

/** The template with its placeholders filled for a timeshift of `durationMinutes` from `start`. */
export function fillArchiveTemplate(
  template: string,
  values: { start: Date; durationMinutes: number; now: Date; timezone: string | null },
): string {
  const start = unixSeconds(values.start);
  const seconds = values.durationMinutes * 60;
  const now = unixSeconds(values.now);
  const clock = wallClockIn(values.start, values.timezone || 'UTC');
  const fixed: Record<string, string> = {
    '{utc}': String(start),
    '${start}': String(start),
    '{utcend}': String(start + seconds),
    '${end}': String(start + seconds),
    '{lutc}': String(now),
    '${timestamp}': String(now),
    '{duration}': String(seconds),
    '{Y}': String(clock.year),
    '{m}': pad(clock.month),
    '{d}': pad(clock.day),
    '{H}': pad(clock.hour),
    '{M}': pad(clock.minute),
    '{S}': pad(clock.second),
  };
  return template.replace(
    /\$\{(?:start|end|timestamp)\}|\{(?:utc|utcend|lutc|duration|Y|m|d|H|M|S)\}|\{(duration|offset):(\d{1,6})\}/g,
    (placeholder, divided: string | undefined, divisor: string | undefined) => {
      if (divided && divisor) {
        const by = Math.max(1, Number(divisor));
        return String(Math.floor((divided === 'duration' ? seconds : Math.max(0, now - start)) / by));
      }
      return fixed[placeholder] ?? placeholder;
    },
  );
}

/**
 * The archive URL of `channel` for the request, after the rules: the channel has an archive (days and a
 * URL), the start is inside its window (decision 0120) and the duration is 1..MAX_TIMESHIFT_MINUTES.
 */
export function archiveUrlOf(channel: ArchiveChannel, request: ArchiveRequest): ArchiveUrlResult {
  const now = request.now ?? new Date();
  const minutes = request.durationMinutes;
  if (!Number.isInteger(minutes) || minutes < 1 || minutes > MAX_TIMESHIFT_MINUTES) {
    return { ok: false, reason: 'bad_duration' };
  }
  const template = channel.archiveDays > 0 ? archiveTemplate(channel, request.extension) : undefined;
  if (!template) return { ok: false, reason: 'no_archive' };
  if (!startsInArchive(request.start, channel.archiveDays, now))
    return { ok: false, reason: 'outside_window' };
  const url = fillArchiveTemplate(template, {
    start: request.start,
    durationMinutes: minutes,
    now,
    timezone: channel.timezone,
  });
  return { ok: true, url, channel };
}

/**
 * For the portal's `tv_archive/create_link` and anything else that holds a line: the upstream's archive
 * URL of a channel the line sees (its bouquets), checked against the archive window. The caller has
 * authenticated the line and checked its status (active, not expired or blocked); this checks the
 * channel (a live stream, not retired, in the line's bouquets: else `not_found`), its archive and the
 * window. Delivery (redirect with a token or relay, a screen held) is the caller's, as for live streams.
 */
export async function findArchiveUrl(
  db: Database,
  line: { bouquets: readonly number[] },
  request: ArchiveRequest,
): Promise<ArchiveUrlResult> {
  const channel = await findArchiveChannel(db, request.streamId, line.bouquets);
  if (!channel) return { ok: false, reason: 'not_found' };
  return archiveUrlOf(channel, request);
}
