import { addPanelMonths } from '../lines/panel-calendar';
import { newLineCents, screensCents } from '../lines/line-costs';

export interface CodePriceInput {
  /** The package's official credits, in cents. */
  packageCreditsCents: number;
  /** The package's months. */
  months: number;
  screens: number;
  trial: boolean;
}

/**
 * One code's price (decision 0147): what the same line costs when made by hand today, a new line of the
 * package and then its extra screens for the package's months, with the very functions those actions
 * charge with (docs/product/costs.md#price-list). A trial code is free, as a trial is.
 */
export function activationCodeCents(input: CodePriceInput, nowSeconds: number): number {
  const line = newLineCents(input.packageCreditsCents, input.trial);
  if (input.trial) return line;
  const expiry = addPanelMonths(nowSeconds, input.months);
  return line + screensCents(input.screens - 1, expiry, nowSeconds);
}

/** A batch costs its codes: one price times the quantity, charged as one ledger movement. */
export function batchCents(unitCents: number, quantity: number): number {
  return unitCents * quantity;
}
