/**
 * Prices of paid line actions (PRODUCT.md §3), in integer cents. The server charges these; the panel
 * only shows them. Fractions are rounded half up to the cent.
 */
const DAY_SECONDS = 86_400;
const MONTH_DAYS = 30;

function roundHalfUp(numerator: number, denominator: number): number {
  return Math.floor((numerator * 2 + denominator) / (denominator * 2));
}

/** Renew one month: one credit per screen. */
export function renewMonthCents(screens: number): number {
  return screens * 100;
}

/** Renew by package: the package's official credits times the line's screens. */
export function renewByPackageCents(packageCreditsCents: number, screens: number): number {
  return packageCreditsCents * screens;
}

/** Renew by calendar: days / 30 × screens credits. */
export function renewByCalendarCents(days: number, screens: number): number {
  return roundHalfUp(days * screens * 100, MONTH_DAYS);
}

/** Extension (add days, P2P): days / 30 credits. */
export function addDaysCents(days: number): number {
  return roundHalfUp(days * 100, MONTH_DAYS);
}

/** Whole months left until expiry, at least 1 (a partial month counts as one). */
export function remainingMonths(expDateSeconds: number, nowSeconds: number): number {
  const days = Math.ceil(Math.max(0, expDateSeconds - nowSeconds) / DAY_SECONDS);
  return Math.max(1, Math.ceil(days / MONTH_DAYS));
}

/** More screens: added screens × remaining months (at least 1); fewer screens cost nothing. */
export function screensCents(addedScreens: number, expDateSeconds: number, nowSeconds: number): number {
  if (addedScreens <= 0) return 0;
  return addedScreens * remainingMonths(expDateSeconds, nowSeconds) * 100;
}
