import { z } from 'zod';
import { AUTH_MESSAGES } from '../auth/messages';
import { newPasswordSchema } from '../auth/password-rules';
import { RESELLER_MESSAGES } from './reseller-messages';

/**
 * A new reseller's username (docs/product/rules.md#new-reseller): at least 6 characters, lower-case letters,
 * digits, @ ! ?; usernames are unique regardless of case.
 */
export const resellerUsernameSchema = z
  .string({ error: RESELLER_MESSAGES.required })
  .min(1, RESELLER_MESSAGES.required)
  .min(6, RESELLER_MESSAGES.usernameMin)
  .max(32, RESELLER_MESSAGES.usernameMax)
  .regex(/^[a-z0-9@!?]+$/, RESELLER_MESSAGES.usernameCharset);

/**
 * docs/product/rules.md#edit-reseller: at least 6 characters, lower-case letters, digits and @ only (decision 0027;
 * creation also allows ! and ?, so a reseller created with them keeps its name until it is changed).
 */
export const editResellerUsernameSchema = z
  .string({ error: RESELLER_MESSAGES.required })
  .min(1, RESELLER_MESSAGES.required)
  .min(6, RESELLER_MESSAGES.usernameMin)
  .max(32, RESELLER_MESSAGES.usernameMax)
  .regex(/^[a-z0-9@]+$/, RESELLER_MESSAGES.usernameCharset);

/** A reseller's password: the change-password rule (min 6, letters, digits, @, no sequences). */
export const resellerPasswordSchema = newPasswordSchema;

/** Edit: an empty or missing password keeps the current one. */
export const optionalResellerPasswordSchema = z
  .string({ error: AUTH_MESSAGES.passwordCharset })
  .nullish()
  .transform((value) => (value ? value : undefined))
  .pipe(resellerPasswordSchema.optional());

export const resellerEmailSchema = z
  .string({ error: RESELLER_MESSAGES.emailInvalid })
  .trim()
  .max(254, RESELLER_MESSAGES.emailInvalid)
  .nullish()
  .transform((value) => (value ? value : null))
  .pipe(z.email(RESELLER_MESSAGES.emailInvalid).nullable());

export const resellerNotesSchema = z
  .string({ error: RESELLER_MESSAGES.notesMax })
  .max(500, RESELLER_MESSAGES.notesMax);

/**
 * A whole number typed in a form or sent as JSON: 25 and "25" are accepted, "2,5", "1e3" and 2.5 are
 * not (credits moved through forms are whole credits; decimals come only from line prices).
 */
export function wholeNumberSchema(messages: { missing: string; notNumeric: string }) {
  return z
    .union([z.number(), z.string()], {
      error: (issue) =>
        issue.input === undefined || issue.input === null ? messages.missing : messages.notNumeric,
    })
    .transform((value, context) => {
      if (typeof value === 'string' && value.trim() === '') {
        context.addIssue({ code: 'custom', message: messages.missing });
        return z.NEVER;
      }
      const parsed =
        typeof value === 'number' ? value : /^\s*-?\d+\s*$/.test(value) ? Number(value) : Number.NaN;
      if (!Number.isSafeInteger(parsed)) {
        context.addIssue({ code: 'custom', message: messages.notNumeric });
        return z.NEVER;
      }
      return parsed;
    });
}
