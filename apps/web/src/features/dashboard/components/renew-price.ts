import { formatCredits, fromCents } from '@panel/shared/money/credits';
import { FREE_FOR_ADMIN } from './dashboard-texts';

/** The price a renewal will cost the caller, as the confirmation shows it; the server charges the same. */
export function renewPriceText(cents: number, isAdmin: boolean): string {
  return isAdmin ? FREE_FOR_ADMIN : `${formatCredits(fromCents(cents))} créditos`;
}
