import { archiveWindowStart, MAX_TIMESHIFT_MINUTES } from '@panel/shared/content/catchup';
import { nowSeconds, unixSeconds } from '@panel/shared/time/unix-seconds';
import type { Database } from '../../db/database';
import { archiveChannelsOfGuide } from '../catchup/archive.repository';
import { findArchiveUrl } from '../catchup/archive-url';
import { findProgramme } from '../content/content-read.repository';
import { portalLinkPassword } from '../streams/stream-tokens';
import type { PortalLine } from './portal-line.repository';
import { NOTHING, type CreatedLink, type PortalLinkContext } from './portal-links';

/**
 * tv_archive/create_link (docs/product/portal.md, decisions 0115 and 0120): the box names a past programme
 * of the guide as Ministra's boxes do, `cmd` = `auto /media/<programme id>.mpg` (the id of the row
 * epg/get_simple_data_table gave; `ch_id` says which channel when several share the guide channel). The
 * answer is the line's catch-up URL, `/timeshift/USER/SIGNED/MINUTES/START/ID.ts` (START in unix seconds),
 * with the same signed, expiring portal link in place of the password as the live links: the timeshift
 * route checks it as the live route does, then the archive and its window again. Refused (no link) for a
 * programme unknown, not ended, outside the window, or on no channel of the line's bouquets with an archive.
 */
const MEDIA = /(?:^|\/)(\d{1,10})(?:\.\w{1,8})?\s*$/;

/** A programme's timeshift: from its start (not before the window's first whole minute) to its end. */
export function programmeTimeshift(
  programme: { startsAt: Date; stopsAt: Date },
  archiveDays: number,
  now: Date,
): { start: Date; minutes: number } | undefined {
  const earliest = Math.ceil(archiveWindowStart(archiveDays, now).getTime() / 60_000) * 60_000;
  const start = new Date(Math.max(programme.startsAt.getTime(), earliest));
  if (programme.stopsAt > now || start >= programme.stopsAt) return undefined;
  const minutes = Math.ceil((programme.stopsAt.getTime() - start.getTime()) / 60_000);
  return { start, minutes: Math.min(minutes, MAX_TIMESHIFT_MINUTES) };
}

export async function createArchiveLink(
  db: Database,
  line: PortalLine,
  context: PortalLinkContext,
  cmd: string,
  channelAsked: string | undefined,
  now = new Date(),
): Promise<CreatedLink> {
  const programmeId = Number(MEDIA.exec(cmd.trim())?.[1] ?? 0);
  const programme = programmeId > 0 ? await findProgramme(db, programmeId) : undefined;
  if (!programme) return NOTHING();
  const channels = await archiveChannelsOfGuide(db, programme.channelId, line.bouquets);
  const channel = channels.find((row) => String(row.id) === channelAsked) ?? channels[0];
  const shift = channel && programmeTimeshift(programme, channel.archiveDays, now);
  if (!channel || !shift) return NOTHING(programmeId);
  const streamId = channel.id;
  // The channel, its archive and the window by the catch-up's own rule (the upstream's URL stays here).
  const checked = await findArchiveUrl(db, line, {
    streamId,
    start: shift.start,
    durationMinutes: shift.minutes,
    now,
  });
  if (!checked.ok) return NOTHING(programmeId);
  const password = portalLinkPassword(context.secret, {
    lineId: line.id,
    streamId,
    expires: nowSeconds() + context.ttlSeconds,
  });
  const base = context.baseUrl.replace(/\/+$/, '');
  const url =
    `${base}/timeshift/${encodeURIComponent(line.username)}/${encodeURIComponent(password)}` +
    `/${shift.minutes}/${unixSeconds(shift.start)}/${streamId}.ts`;
  return { id: programmeId, cmd: `ffmpeg ${url}`, error: '' };
}
