import { isSalePackage, type SaleCandidate } from '../catalog/packages';
import { renewByPackageCents, renewMonthCents } from '../lines/line-costs';
import { LINE_MESSAGES } from '../lines/line-messages';
import type { BulkAction } from './bulk-api';

/** What the quote reads of a line. */
export interface QuotedLine {
  max_connections: number;
  is_trial: number;
  system: number;
}

/** The package of a renewal by package, with its official credits in cents; null when it does not exist. */
export type QuotedPackage = (SaleCandidate & { credits_cents: number }) | null;

/** One line's price, or the refusal the renewal's own rules foresee, checked in the renewal's order. */
export type LineQuote = { cents: number } | { refusal: string };

/**
 * The price of one line under a bulk action (decision 0151): the single renewal's price
 * (docs/product/costs.md#price-list), and the refusals the shared rules foresee before any credit is
 * touched: a package not sold for the line's service, then a trial renewed without its conversion.
 */
export function quoteBulkLine(action: BulkAction, line: QuotedLine, pkg: QuotedPackage = null): LineQuote {
  if (action.kind === 'renew_package') {
    if (!pkg || !isSalePackage(pkg, line.system)) return { refusal: LINE_MESSAGES.packageInvalid };
  }
  if (action.kind !== 'renew_month' && action.kind !== 'renew_package') return { cents: 0 };
  if (line.is_trial === 1 && action.convert_trial !== true) {
    return { refusal: LINE_MESSAGES.trialConversionRequired };
  }
  return action.kind === 'renew_month'
    ? { cents: renewMonthCents(line.max_connections) }
    : { cents: renewByPackageCents(pkg?.credits_cents ?? 0, line.max_connections) };
}

/** The total of the lines a bulk action would charge, and how many of each foreseen refusal. */
export function quoteBulk(
  action: BulkAction,
  lines: readonly QuotedLine[],
  pkg: QuotedPackage = null,
): { cents: number; refusals: { reason: string; count: number }[] } {
  let cents = 0;
  const refusals = new Map<string, number>();
  for (const line of lines) {
    const quote = quoteBulkLine(action, line, pkg);
    if ('refusal' in quote) refusals.set(quote.refusal, (refusals.get(quote.refusal) ?? 0) + 1);
    else cents += quote.cents;
  }
  return { cents, refusals: Array.from(refusals, ([reason, count]) => ({ reason, count })) };
}
