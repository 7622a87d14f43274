import { z } from 'zod';
import {
  editResellerUsernameSchema,
  optionalResellerPasswordSchema,
  resellerNotesSchema,
} from './reseller-fields';

/**
 * Edit-reseller modal and PUT /api/resellers/:id: an absent username and an empty password keep the
 * current ones (the modal sends the username only when it was changed, so a name allowed at creation
 * but not by the edit rule does not block editing the notes).
 */
export const editResellerSchema = z.object({
  username: editResellerUsernameSchema.optional(),
  password: optionalResellerPasswordSchema.optional(),
  /** Absent keeps the notes; null or '' clears them. */
  notes: resellerNotesSchema.nullish(),
});
export type EditResellerInput = z.input<typeof editResellerSchema>;
export type EditReseller = z.output<typeof editResellerSchema>;
