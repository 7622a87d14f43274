import { panelDate } from './panel-calendar';
import { unixSeconds } from '../time/unix-seconds';

/** Display status of a line (docs/product/rules.md#line-status). */
export type LineDisplayStatus = 'ATIVO' | 'EXPIRADO' | 'BLOQUEADO';

export function lineDisplayStatus(
  enabled: number,
  expDateSeconds: number,
  nowSeconds: number,
): LineDisplayStatus {
  if (enabled !== 1) return 'BLOQUEADO';
  return expDateSeconds > nowSeconds ? 'ATIVO' : 'EXPIRADO';
}

export type ExpiryBadgeColor = 'danger' | 'pink' | 'warning' | 'info' | 'success';

/**
 * Calendar days from today to the expiry day (0 = today, negative = past), counted in panel time
 * (Brasília), so every browser and the server agree on what "today" is.
 */
export function calendarDaysUntil(expDateSeconds: number, now: Date): number {
  const today = Date.parse(`${panelDate(unixSeconds(now))}T00:00:00Z`);
  const expiryDay = Date.parse(`${panelDate(expDateSeconds)}T00:00:00Z`);
  return Math.round((expiryDay - today) / 86_400_000);
}

/**
 * Badge of the 'Expira em' column (docs/product/screens.md#expiry-badge): expired or today = danger, pink while still later today;
 * up to 3 days warning; up to 7 days info; otherwise success.
 */
export function expiryBadge(expDateSeconds: number, now: Date): { color: ExpiryBadgeColor; tooltip: string } {
  const expired = expDateSeconds * 1000 <= now.getTime();
  if (expired) return { color: 'danger', tooltip: 'Expirado' };
  const days = calendarDaysUntil(expDateSeconds, now);
  if (days <= 0) return { color: 'pink', tooltip: 'Expira hoje' };
  const tooltip = days === 1 ? 'Expira em 1 dia' : `Expira em ${days} dias`;
  if (days <= 3) return { color: 'warning', tooltip };
  if (days <= 7) return { color: 'info', tooltip };
  return { color: 'success', tooltip };
}
