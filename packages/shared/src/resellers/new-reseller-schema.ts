import { z } from 'zod';
import { DEFAULT_NEW_RESELLER_CREDITS, MAX_CREDIT_MOVE, MIN_CREDIT_MOVE } from './reseller-constants';
import {
  resellerEmailSchema,
  resellerPasswordSchema,
  resellerUsernameSchema,
  wholeNumberSchema,
} from './reseller-fields';
import { RESELLER_MESSAGES } from './reseller-messages';

/** Starting credits: a whole number, at least 10 (docs/product/rules.md#new-reseller), default 10, taken from the creator. */
export const newResellerCreditsSchema = wholeNumberSchema({
  missing: RESELLER_MESSAGES.creditsMin,
  notNumeric: RESELLER_MESSAGES.creditsNumeric,
})
  .pipe(
    z
      .number()
      .min(MIN_CREDIT_MOVE, RESELLER_MESSAGES.creditsMin)
      .max(MAX_CREDIT_MOVE, RESELLER_MESSAGES.creditsMax),
  )
  .default(DEFAULT_NEW_RESELLER_CREDITS);

/**
 * New-reseller modal and POST /api/resellers. `member_group_id` sent by older clients is ignored:
 * this endpoint only ever creates resellers.
 */
export const newResellerSchema = z.object({
  username: resellerUsernameSchema,
  password: resellerPasswordSchema,
  credits: newResellerCreditsSchema,
  email: resellerEmailSchema.optional(),
});
export type NewResellerInput = z.input<typeof newResellerSchema>;
export type NewReseller = z.output<typeof newResellerSchema>;
