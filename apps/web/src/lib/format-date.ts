import { PANEL_UTC_OFFSET_SECONDS, panelDate } from '@panel/shared/lines/panel-calendar';

/**
 * Dates are shown DD/MM/YYYY (docs/product/constants.md#dates-and-numbers) in the panel's time zone (Brasília, shared/lines/panel-calendar),
 * so every browser shows the same day for the same moment.
 */
export function formatPanelDate(unixSeconds: number | null | undefined): string {
  if (unixSeconds === null || unixSeconds === undefined) return '-';
  const [year, month, day] = panelDate(unixSeconds).split('-');
  return `${day}/${month}/${year}`;
}

function toUnixSeconds(iso: string): number | undefined {
  const time = Date.parse(iso);
  return Number.isNaN(time) ? undefined : Math.floor(time / 1000);
}

/** An ISO 8601 moment as DD/MM/YYYY, panel time. */
export function formatIsoDate(iso: string): string {
  return formatPanelDate(toUnixSeconds(iso));
}

/** A unix time (a line's expiry) as DD/MM/YYYY HH:mm, panel time. */
export function formatPanelDateTime(unixSeconds: number): string {
  const clock = new Date((unixSeconds + PANEL_UTC_OFFSET_SECONDS) * 1000).toISOString().slice(11, 16);
  return `${formatPanelDate(unixSeconds)} ${clock}`;
}

/** An ISO 8601 moment as DD/MM/YYYY HH:mm, panel time. */
export function formatIsoDateTime(iso: string): string {
  const seconds = toUnixSeconds(iso);
  return seconds === undefined ? '-' : formatPanelDateTime(seconds);
}
