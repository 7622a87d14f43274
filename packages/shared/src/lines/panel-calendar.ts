import { LINE_MESSAGES } from './line-messages';

/**
 * Calendar rules of lines run in the panel's time zone, Brasília (UTC−3, no daylight saving since 2019),
 * so "today", "23:59" and a chosen date mean the same on the server and in every browser.
 */
export const PANEL_UTC_OFFSET_SECONDS = -3 * 3600;
const DAY = 86_400;

/** 'YYYY-MM-DD' of a unix time, in panel time. */
export function panelDate(seconds: number): string {
  return new Date((seconds + PANEL_UTC_OFFSET_SECONDS) * 1000).toISOString().slice(0, 10);
}

/** Unix seconds of HH:MM:SS on a panel date. */
export function panelTime(date: string, hours: number, minutes: number, secs = 0): number {
  const midnightUtc = Date.parse(`${date}T00:00:00Z`) / 1000;
  return midnightUtc - PANEL_UTC_OFFSET_SECONDS + hours * 3600 + minutes * 60 + secs;
}

function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY * 1000).toISOString().slice(0, 10);
}

/** Same day `months` months later, clamped to the month's last day (31 Jan + 1 → 28/29 Feb). */
function addMonthsToDate(date: string, months: number): string {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  const lastDay = new Date(Date.UTC(year, month + months, 0)).getUTCDate();
  return new Date(Date.UTC(year, month - 1 + months, Math.min(day, lastDay))).toISOString().slice(0, 10);
}

function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / (DAY * 1000));
}

/** The dates a calendar renewal may choose: from the day after the later of now and expiry, up to one month later. */
export function calendarWindow(expDate: number, now: number): { min: string; max: string; base: string } {
  const base = panelDate(Math.max(now, expDate));
  return { base, min: addDays(base, 1), max: addMonthsToDate(base, 1) };
}

export type CalendarCheck = { ok: true; days: number; newExpDate: number } | { ok: false; message: string };

/**
 * Checks a chosen date (docs/product/rules.md#calendar-window) and gives the days it adds and the new expiry: the chosen day at
 * 23:59:59 panel time.
 */
export function checkCalendarDate(selected: string | undefined, expDate: number, now: number): CalendarCheck {
  if (
    !selected ||
    !/^\d{4}-\d{2}-\d{2}$/.test(selected) ||
    Number.isNaN(Date.parse(`${selected}T00:00:00Z`))
  ) {
    return { ok: false, message: LINE_MESSAGES.dateRequired };
  }
  if (selected <= panelDate(expDate)) return { ok: false, message: LINE_MESSAGES.dateNotAfterExpiry };
  const window = calendarWindow(expDate, now);
  if (selected < window.min || selected > window.max)
    return { ok: false, message: LINE_MESSAGES.dateOutOfWindow };
  return { ok: true, days: daysBetween(window.base, selected), newExpDate: panelTime(selected, 23, 59, 59) };
}

/** 'Expira às 23:59': the same panel day, at 23:59:00. */
export function expiryAt2359(expDate: number): number {
  return panelTime(panelDate(expDate), 23, 59, 0);
}

/**
 * `months` calendar months after a unix time, in panel time, keeping the time of day; the day is
 * clamped to the target month's last day (31 Jan + 1 month = 28/29 Feb).
 */
export function addPanelMonths(seconds: number, months: number): number {
  const local = seconds + PANEL_UTC_OFFSET_SECONDS;
  const date = new Date(local * 1000);
  const year = date.getUTCFullYear();
  const month = date.getUTCMonth();
  const day = date.getUTCDate();
  const timeOfDay = local - Date.UTC(year, month, day) / 1000;
  const lastDay = new Date(Date.UTC(year, month + months + 1, 0)).getUTCDate();
  const target = Date.UTC(year, month + months, Math.min(day, lastDay)) / 1000;
  return target + timeOfDay - PANEL_UTC_OFFSET_SECONDS;
}

/**
 * How many calendar months (addPanelMonths) from `from` it takes to reach the panel day of `to`: the
 * smallest n with addPanelMonths(from, n) on or after that day; 0 when `to` is not after `from`'s day.
 * Days, not times, are compared, so an expiry moved to 23:59 of its day counts as that day.
 */
export function panelMonthsUntil(from: number, to: number): number {
  const start = panelDate(from);
  const end = panelDate(to);
  if (end <= start) return 0;
  const [startYear, startMonth] = start.split('-').map(Number) as [number, number];
  const [endYear, endMonth] = end.split('-').map(Number) as [number, number];
  const months = (endYear - startYear) * 12 + (endMonth - startMonth);
  // addMonthsToDate(start, months) falls in end's month; a day before end's needs one month more.
  return addMonthsToDate(start, months) < end ? months + 1 : months;
}

/** Unix seconds of the last second (23:59:59) of the panel day `days` days after the day of `seconds`. */
export function endOfPanelDay(seconds: number, days = 0): number {
  return panelTime(addDays(panelDate(seconds), days), 23, 59, 59);
}
