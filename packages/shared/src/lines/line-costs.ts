import { panelMonthsUntil } from './panel-calendar';

/**
 * Prices of paid line actions (docs/product/costs.md#price-list), in integer cents. The server charges these; the panel
 * only shows them. Fractions are rounded up to the cent (decision 0026): a month is never sold for less.
 */
const MONTH_DAYS = 30;

/** numerator / denominator rounded up, for the non-negative integers prices are made of. */
function roundUp(numerator: number, denominator: number): number {
  return Math.ceil(numerator / denominator);
}

/**
 * A new line (docs/product/costs.md#new-line, decision 0097): the package's official credits, the line
 * starting with one screen; a trial is free. The server charges it, the create form previews it.
 */
export function newLineCents(packageCreditsCents: number, trial = false): number {
  return trial ? 0 : packageCreditsCents;
}

/** Renew one month: one credit per screen. */
export function renewMonthCents(screens: number): number {
  return screens * 100;
}

/** Renew by package: the package's official credits times the line's screens. */
export function renewByPackageCents(packageCreditsCents: number, screens: number): number {
  return packageCreditsCents * screens;
}

/** Renew by calendar: days / 30 × screens credits, rounded up to the cent (1 day = 0,04). */
export function renewByCalendarCents(days: number, screens: number): number {
  return roundUp(days * screens * 100, MONTH_DAYS);
}

/** Extension (add days, P2P): days / 30 credits, rounded up to the cent. */
export function addDaysCents(days: number): number {
  return roundUp(days * 100, MONTH_DAYS);
}

/**
 * Months left until expiry as the renewal calendar counts them (decision 0026), at least 1: a line
 * renewed or created for N months (also with 'Expira às 23:59') has N left, never N+1.
 */
export function remainingMonths(expDateSeconds: number, nowSeconds: number): number {
  return Math.max(1, panelMonthsUntil(nowSeconds, expDateSeconds));
}

/** More screens: added screens × remaining months (at least 1); fewer screens cost nothing. */
export function screensCents(addedScreens: number, expDateSeconds: number, nowSeconds: number): number {
  if (addedScreens <= 0) return 0;
  return addedScreens * remainingMonths(expDateSeconds, nowSeconds) * 100;
}

/**
 * Migration from another provider (docs/product/costs.md#migration): the line's remaining days × its
 * screens, priced like a renewal by calendar (days / 30 × screens, rounded up to the cent).
 */
export function migrationCents(remainingDays: number, screens: number): number {
  return renewByCalendarCents(remainingDays, screens);
}

const DAY_SECONDS = 86_400;

/**
 * A line imported from another panel's spreadsheet (decision 0157). With the expiry it had there: the
 * days left until it (started days count whole) × its screens, priced like a migration. Without one: it
 * is sold with its package, whose official credits are paid per screen (the renewal by package).
 */
export function importedLineCents(input: {
  expSeconds: number | null;
  nowSeconds: number;
  screens: number;
  packageCreditsCents: number;
}): number {
  if (input.expSeconds === null) return renewByPackageCents(input.packageCreditsCents, input.screens);
  const days = Math.max(1, Math.ceil((input.expSeconds - input.nowSeconds) / DAY_SECONDS));
  return migrationCents(days, input.screens);
}
