/**
 * Catch-up (timeshift) rules (docs/product/xtream-contract.md#14-catch-up-timeshift, decision 0120): which
 * channels have an archive, how far back, and whether a past moment is inside it. Written once here: the
 * importer, the player API, the timeshift URLs and the portal read them.
 */

/** The longest archive a channel may announce (days); an upstream's larger value is cut to it. */
export const MAX_ARCHIVE_DAYS = 30;

/**
 * Days of archive of an M3U entry that says it has catch-up but not for how long: pvr.iptvsimple's default
 * ('Catchup days', 5).
 */
export const DEFAULT_CATCHUP_DAYS = 5;

/** The longest timeshift one request may ask for, in minutes (a programme of a whole day). */
export const MAX_TIMESHIFT_MINUTES = 1440;

const DAY_MS = 86_400_000;

/** An upstream's day count (number or digit text) as whole days within 0..MAX_ARCHIVE_DAYS. */
export function archiveDays(value: unknown): number {
  const parsed = typeof value === 'number' ? value : typeof value === 'string' ? Number(value.trim()) : NaN;
  if (!Number.isFinite(parsed) || parsed <= 0) return 0;
  return Math.min(MAX_ARCHIVE_DAYS, Math.floor(parsed));
}

/** Xtream's `tv_archive` (0/1) and `tv_archive_duration` (days): days of archive, 0 without one. */
export function xtreamArchiveDays(tvArchive: unknown, tvArchiveDuration: unknown): number {
  return Number(tvArchive) === 1 ? archiveDays(tvArchiveDuration) : 0;
}

/** The earliest instant of an archive of `days` days at `now`. */
export function archiveWindowStart(days: number, now: Date): Date {
  return new Date(now.getTime() - days * DAY_MS);
}

/** Whether a timeshift starting at `start` is inside an archive of `days` days: not before it, not now or later. */
export function startsInArchive(start: Date, days: number, now: Date): boolean {
  return (
    days > 0 && start.getTime() >= archiveWindowStart(days, now).getTime() && start.getTime() < now.getTime()
  );
}

/**
 * get_simple_data_table's `has_archive` (as Xtream Codes decides it): the programme has ended, no longer
 * than `days` days ago.
 */
export function programmeHasArchive(stopsAt: Date, days: number, now: Date): boolean {
  return (
    days > 0 &&
    stopsAt.getTime() < now.getTime() &&
    stopsAt.getTime() >= archiveWindowStart(days, now).getTime()
  );
}
