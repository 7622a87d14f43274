/**
 * Dates as the portal writes them: `YYYY-MM-DD HH:MM:SS` and `HH:MM` in the box's timezone (its
 * `timezone` cookie when it names one, else the panel's, Brasília; docs/product/portal.md).
 */
export const PORTAL_DEFAULT_TIMEZONE = 'America/Sao_Paulo';

export function portalTimezone(cookie: string | undefined): string {
  if (!cookie || cookie === 'undefined') return PORTAL_DEFAULT_TIMEZONE;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: cookie });
    return cookie;
  } catch {
    return PORTAL_DEFAULT_TIMEZONE;
  }
}

const formats = new Map<string, Intl.DateTimeFormat>();

function partsIn(timeZone: string, date: Date): Record<string, string> {
  let format = formats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-CA', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formats.set(timeZone, format);
  }
  return Object.fromEntries(format.formatToParts(date).map((part) => [part.type, part.value]));
}

/** `YYYY-MM-DD` of `date` in the zone. */
export function localDay(timeZone: string, date: Date): string {
  const p = partsIn(timeZone, date);
  return `${p.year}-${p.month}-${p.day}`;
}

/** `YYYY-MM-DD HH:MM:SS` of `date` in the zone. */
export function localDateTime(timeZone: string, date: Date): string {
  const p = partsIn(timeZone, date);
  return `${p.year}-${p.month}-${p.day} ${p.hour}:${p.minute}:${p.second}`;
}

/** `HH:MM` of `date` in the zone. */
export function localTime(timeZone: string, date: Date): string {
  const p = partsIn(timeZone, date);
  return `${p.hour}:${p.minute}`;
}
