/** Interface constants of docs/product/constants.md shared by every screen. */
export const PAGE_SIZES = [10, 15, 25, 30, 50] as const;
export const DEFAULT_PAGE_SIZE = 10;
export const FILTER_DEBOUNCE_MS = 1000;
export const TOAST_MS = 6000;
export const COPY_TOAST_MS = 3000;
export const MESSAGE_MODAL_DELAY_MS = 3000;
export const MESSAGE_MODAL_PREVIEW_CHARS = 120;
export const NOTES_PREVIEW_CHARS = 11;
export const LOCK_CAPTCHA_RESET_MS = 10_000;
export const MOBILE_SIDEBAR_BREAKPOINT_PX = 998;

/** Thousands separated by dots: 1234567 → "1.234.567". */
export function formatCount(value: number): string {
  return Math.trunc(value)
    .toString()
    .replace(/\B(?=(\d{3})+(?!\d))/g, '.');
}

/**
 * A chart's number (docs/product/constants.md#dates-and-numbers): as `formatCount` up to 999; above, in
 * thousands with one decimal, pt-BR style, the ',0' left out: 1000 → "1k", 1234 → "1,2k", 15950 → "16k",
 * 1234567 → "1.234,6k". Only k, never M: the specification names k alone (decision 0058).
 */
export function formatChartCount(value: number): string {
  const whole = Math.trunc(value);
  if (Math.abs(whole) <= 999) return formatCount(whole);
  const tenths = Math.round(Math.abs(whole) / 100);
  const decimal = tenths % 10;
  const sign = whole < 0 ? '-' : '';
  return `${sign}${formatCount(Math.floor(tenths / 10))}${decimal ? `,${decimal}` : ''}k`;
}

/** Text cut to `limit` characters plus '...' when longer. */
export function truncate(text: string, limit: number): string {
  return text.length > limit ? `${text.slice(0, limit)}...` : text;
}
