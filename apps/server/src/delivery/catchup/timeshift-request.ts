import { instantOf } from '@panel/shared/time/time-zone';

/**
 * The START and DURATION of a player's timeshift URL (docs/product/xtream-contract.md#14-catch-up-timeshift,
 * decision 0120), read as Xtream Codes reads them:
 * - START `YYYY-MM-DD:HH-MM` (seconds `-SS` allowed), a wall-clock time in the server's time zone
 *   (`PLAYER_TIMEZONE`, UTC by default: what `server_info.timezone` announces); XC's older `YYYYMMDD-HH`;
 *   or unix seconds (what `{utc}` templates send), which need no zone;
 * - DURATION whole minutes.
 */
const WALL_CLOCK = /^(\d{4})-(\d{2})-(\d{2})[: T](\d{2})[-:](\d{2})(?:[-:](\d{2}))?$/;
const HOUR_ONLY = /^(\d{4})(\d{2})(\d{2})-(\d{2})$/;
const UNIX = /^\d{9,11}$/;

/** The instant START names in `zone`, or undefined when it names none. */
export function parseTimeshiftStart(text: string, zone: string): Date | undefined {
  const value = text.trim();
  if (UNIX.test(value)) return new Date(Number(value) * 1000);
  const match = WALL_CLOCK.exec(value) ?? HOUR_ONLY.exec(value);
  if (!match) return undefined;
  const [, year, month, day, hour, minute = '0', second = '0'] = match;
  return instantOf(
    {
      year: Number(year),
      month: Number(month),
      day: Number(day),
      hour: Number(hour),
      minute: Number(minute),
      second: Number(second),
    },
    zone,
  );
}

/** DURATION in whole minutes, or undefined (the rule's range is checked by the archive URL). */
export function parseTimeshiftMinutes(text: string): number | undefined {
  return /^\d{1,6}$/.test(text.trim()) ? Number(text.trim()) : undefined;
}
