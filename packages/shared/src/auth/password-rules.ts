import { z } from 'zod';
import { AUTH_MESSAGES } from './messages';
import { hasAscendingSequence } from './sequences';

/** A new panel password (change password, spec §5): min 6, letters, digits and @, no sequences. */
export const newPasswordSchema = z
  .string({ error: AUTH_MESSAGES.required })
  .min(1, AUTH_MESSAGES.required)
  .min(6, AUTH_MESSAGES.passwordMin)
  .regex(/^[A-Za-z0-9@]+$/, AUTH_MESSAGES.passwordCharset)
  .refine((value) => !hasAscendingSequence(value), AUTH_MESSAGES.noSequences);

export const changePasswordSchema = z
  .object({
    password: newPasswordSchema,
    password_confirmation: newPasswordSchema,
  })
  .refine((value) => value.password === value.password_confirmation, {
    message: AUTH_MESSAGES.passwordsDiffer,
    path: ['password_confirmation'],
  });
export type ChangePasswordInput = z.infer<typeof changePasswordSchema>;
