import { archiveDays, DEFAULT_CATCHUP_DAYS } from '@panel/shared/content/catchup';

/**
 * The catch-up of an M3U channel (decision 0120), from the attributes TiviMate, pvr.iptvsimple and
 * Dispatcharr read: `catchup` (or `catchup-type`) the mode, `catchup-days` (or XC_VM's `timeshift`, or
 * `tvg-rec`) the days, `catchup-source` the URL template; the playlist header's attributes apply to every
 * entry that has none of its own (parseM3u merges them). Modes, as pvr.iptvsimple builds the archive URL:
 * - `xc`: the entry's Xtream live URL, BASE/live/U/P/ID.ts → BASE/timeshift/U/P/… (stored as null: the
 *   delivery plane derives it, delivery/catchup/archive-url.ts);
 * - `default`: `catchup-source` as it is; `append`: the entry's URL followed by `catchup-source`;
 * - `shift` (and the older `timeshift`): the entry's URL with `utc={utc}&lutc={lutc}` added.
 * Without a mode, a `catchup-source` means `default`, and days on an Xtream live URL mean `xc`. Other modes
 * (flussonic, vod) are not served: the channel has no archive. Days missing: DEFAULT_CATCHUP_DAYS.
 */
export interface M3uArchive {
  archiveDays: number;
  archiveUrl: string | null;
}

const NONE: M3uArchive = { archiveDays: 0, archiveUrl: null };
const XTREAM_LIVE = /^https?:\/\/[^?#]*\/live\/[^/?#]+\/[^/?#]+\/\d+(?:\.(?:ts|m3u8))?(?=$|[?#])/i;

export function m3uArchive(attributes: Record<string, string>, url: string): M3uArchive {
  const source = (attributes['catchup-source'] ?? '').trim();
  const declaredDays = archiveDays(
    attributes['catchup-days'] ?? attributes.timeshift ?? attributes['tvg-rec'] ?? '',
  );
  const xtream = XTREAM_LIVE.test(url);
  let mode = (attributes.catchup ?? attributes['catchup-type'] ?? '').trim().toLowerCase();
  if (!mode) mode = source ? 'default' : declaredDays > 0 && xtream ? 'xc' : '';
  let archiveUrl: string | null;
  if (mode === 'xc') {
    if (!xtream) return NONE;
    archiveUrl = null;
  } else if (mode === 'default') {
    if (!/^https?:\/\//i.test(source)) return NONE;
    archiveUrl = source;
  } else if (mode === 'append') {
    if (!source) return NONE;
    archiveUrl = `${url}${source}`;
  } else if (mode === 'shift' || mode === 'timeshift') {
    archiveUrl = `${url}${url.includes('?') ? '&' : '?'}utc={utc}&lutc={lutc}`;
  } else {
    return NONE;
  }
  return { archiveDays: declaredDays || DEFAULT_CATCHUP_DAYS, archiveUrl };
}
