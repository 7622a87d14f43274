import { z } from 'zod';
import {
  optionalResellerPasswordSchema,
  resellerNotesSchema,
  resellerUsernameSchema,
} from './reseller-fields';

/** Edit-reseller modal and PUT /api/resellers/:id: an empty password keeps the current one. */
export const editResellerSchema = z.object({
  username: resellerUsernameSchema,
  password: optionalResellerPasswordSchema.optional(),
  /** Absent keeps the notes; null or '' clears them. */
  notes: resellerNotesSchema.nullish(),
});
export type EditResellerInput = z.input<typeof editResellerSchema>;
export type EditReseller = z.output<typeof editResellerSchema>;
