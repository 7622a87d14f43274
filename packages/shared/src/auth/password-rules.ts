import { z } from 'zod';
import { AUTH_MESSAGES } from './messages';
import { hasAscendingSequence } from './sequences';

/** A new panel password (change password, docs/product/rules.md#panel-password): min 6, letters, digits and @, no sequences. */
export const newPasswordSchema = z
  .string({ error: AUTH_MESSAGES.required })
  .min(1, AUTH_MESSAGES.required)
  .min(6, AUTH_MESSAGES.passwordMin)
  // Sign-in takes at most 128 characters: a longer new password would lock the account out.
  .max(128, AUTH_MESSAGES.passwordMax)
  .regex(/^[A-Za-z0-9@]+$/, AUTH_MESSAGES.passwordCharset)
  .refine((value) => !hasAscendingSequence(value), AUTH_MESSAGES.noSequences);

/**
 * The account's present password (docs/product/contradictions.md#change-password-asks-current: an open session alone must not be enough to take an
 * account over). Only required here; whether it is right is the server's check. Sign-in accepts at most
 * 128 characters, so a longer one cannot be the account's password.
 */
export const currentPasswordSchema = z
  .string({ error: AUTH_MESSAGES.required })
  .min(1, AUTH_MESSAGES.required)
  .max(128, AUTH_MESSAGES.currentPasswordWrong);

export const changePasswordSchema = z
  .object({
    current_password: currentPasswordSchema,
    password: newPasswordSchema,
    password_confirmation: newPasswordSchema,
    /** The other sessions end with the new password unless the person unticks it (decision 0133). */
    end_other_sessions: z.boolean().default(true),
  })
  .refine((value) => value.password === value.password_confirmation, {
    message: AUTH_MESSAGES.passwordsDiffer,
    path: ['password_confirmation'],
  });
export type ChangePasswordInput = z.infer<typeof changePasswordSchema>;
export type ChangePasswordFormValues = z.input<typeof changePasswordSchema>;
