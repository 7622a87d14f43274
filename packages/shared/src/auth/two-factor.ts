import { z } from 'zod';
import { TWO_FACTOR_MESSAGES } from './two-factor-messages';

/** RFC 6238 as every authenticator app reads it: 30-second steps, 6 digits, one step of drift either way (decision 0130). */
export const TOTP_PERIOD_SECONDS = 30;
export const TOTP_DIGITS = 6;
export const TOTP_DRIFT_STEPS = 1;
/** Recovery codes given at enrolment, each accepted once (decision 0131). */
export const RECOVERY_CODE_COUNT = 10;
/** How long the password step's ticket waits for the code, and how many wrong codes it takes (decision 0131). */
export const SECOND_STEP_TICKET_SECONDS = 300;
export const SECOND_STEP_TICKET_TRIES = 5;

/** A code as typed: spaces and dashes dropped, lower case. Six digits, or a recovery code of ten letters and digits. */
export function normaliseSecondStepCode(value: string): string {
  return value.replace(/[\s-]/g, '').toLowerCase();
}

export function isTotpCode(code: string): boolean {
  return /^\d{6}$/.test(code);
}

const secondStepCode = z
  .string({ error: TWO_FACTOR_MESSAGES.codeFormat })
  .max(32, TWO_FACTOR_MESSAGES.codeFormat)
  .transform(normaliseSecondStepCode)
  .refine((code) => isTotpCode(code) || /^[a-z0-9]{10}$/.test(code), TWO_FACTOR_MESSAGES.codeFormat);

const totpCode = z
  .string({ error: TWO_FACTOR_MESSAGES.enrolCodeFormat })
  .max(16, TWO_FACTOR_MESSAGES.enrolCodeFormat)
  .transform(normaliseSecondStepCode)
  .refine(isTotpCode, TWO_FACTOR_MESSAGES.enrolCodeFormat);

/** Whether the other sessions end with this change; the screens ask, checked by default (decision 0133). */
const endOtherSessions = z.boolean().default(true);

/** POST /api/auth/second-step and /api/auth/unlock/second-step: the ticket of the password step and a code. */
export const secondStepSchema = z.object({
  ticket: z.string().min(16).max(128),
  code: secondStepCode,
});
export type SecondStepInput = z.input<typeof secondStepSchema>;

/** The password step's answer when the account uses two-factor sign-in: a ticket, not a session. */
export const secondStepAnswerSchema = z.object({
  second_step: z.object({ ticket: z.string(), expires_in_seconds: z.number().int() }),
});
export type SecondStepAnswer = z.infer<typeof secondStepAnswerSchema>;

/** POST /api/profile/two-factor/setup: a new secret to scan (not yet in force). */
export const twoFactorSetupSchema = z.object({
  secret: z.string(),
  otpauth_url: z.string(),
  /** The QR code of `otpauth_url` as an SVG data URL, rendered by the server. */
  qr_code: z.string(),
});
export type TwoFactorSetup = z.infer<typeof twoFactorSetupSchema>;

/**
 * POST /api/profile/two-factor/confirm: the password and one code of the new secret turn it on (an open
 * session alone must not be enough to bind the account to another phone; decision 0130).
 */
export const twoFactorConfirmSchema = z.object({
  password: z
    .string({ error: TWO_FACTOR_MESSAGES.passwordWrong })
    .min(1, TWO_FACTOR_MESSAGES.passwordWrong)
    .max(128),
  code: totpCode,
  end_other_sessions: endOtherSessions,
});
export type TwoFactorConfirmInput = z.input<typeof twoFactorConfirmSchema>;

export const recoveryCodesSchema = z.object({ recovery_codes: z.array(z.string()) });
export type RecoveryCodes = z.infer<typeof recoveryCodesSchema>;

/** POST /api/profile/two-factor/disable: the password and a code (or a recovery code). */
export const twoFactorDisableSchema = z.object({
  password: z
    .string({ error: TWO_FACTOR_MESSAGES.passwordWrong })
    .min(1, TWO_FACTOR_MESSAGES.passwordWrong)
    .max(128),
  code: secondStepCode,
});
export type TwoFactorDisableInput = z.input<typeof twoFactorDisableSchema>;

/** GET /api/profile/two-factor. */
export const twoFactorStatusSchema = z.object({
  enabled: z.boolean(),
  /** The panel setting requires it of this account (it cannot be turned off). */
  required: z.boolean(),
  enabled_at: z.string().nullable(),
  recovery_codes_left: z.number().int(),
});
export type TwoFactorStatus = z.infer<typeof twoFactorStatusSchema>;
