import { z } from 'zod';
import { MAX_CREDIT_MOVE, MIN_CREDIT_MOVE } from './reseller-constants';
import { wholeNumberSchema } from './reseller-fields';
import { RESELLER_MESSAGES } from './reseller-messages';

/**
 * Credit-management modal and POST /api/resellers/:id/credits: a whole number whose absolute value is
 * at least 10; positive gives credits to the reseller, negative takes them back (docs/product/rules.md#credit-management).
 */
export const creditChangeSchema = z.object({
  value: wholeNumberSchema({
    missing: RESELLER_MESSAGES.creditChangeMin,
    notNumeric: RESELLER_MESSAGES.creditsNumeric,
  }).pipe(
    z
      .number()
      .refine((value) => Math.abs(value) >= MIN_CREDIT_MOVE, RESELLER_MESSAGES.creditChangeMin)
      .refine((value) => Math.abs(value) <= MAX_CREDIT_MOVE, RESELLER_MESSAGES.creditsMax),
  ),
});
export type CreditChangeInput = z.input<typeof creditChangeSchema>;
export type CreditChange = z.output<typeof creditChangeSchema>;

/** The total the modal previews after the change, floored at 0 (docs/product/rules.md#credit-management), in integer cents. */
export function previewCreditsAfterChange(currentCents: number, value: number): number {
  return Math.max(0, currentCents + value * 100);
}
