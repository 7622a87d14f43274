import { z } from 'zod';
import { AUTH_MESSAGES } from './messages';
import { secondStepAnswerSchema } from './two-factor';

const captchaToken = z.string({ error: AUTH_MESSAGES.captchaRequired }).min(1, AUTH_MESSAGES.captchaRequired);

/** Login form and POST /api/auth/sign-in body. The field name of the captcha follows docs/product/api.md#calls. */
export const signInSchema = z.object({
  username: z
    .string({ error: AUTH_MESSAGES.usernameRequired })
    .trim()
    .min(1, AUTH_MESSAGES.usernameRequired)
    .max(64, AUTH_MESSAGES.usernameRequired),
  password: z
    .string({ error: AUTH_MESSAGES.loginPasswordMin })
    .min(5, AUTH_MESSAGES.loginPasswordMin)
    .max(128, AUTH_MESSAGES.loginPasswordMin),
  'g-recaptcha-response': captchaToken,
});
export type SignInInput = z.infer<typeof signInSchema>;

/** Lock screen and POST /api/auth/unlock body: password (min 6) and captcha. */
export const unlockSchema = z.object({
  password: z
    .string({ error: AUTH_MESSAGES.passwordMin })
    .min(6, AUTH_MESSAGES.passwordMin)
    .max(128, AUTH_MESSAGES.passwordMin),
  'g-recaptcha-response': captchaToken,
});
export type UnlockInput = z.infer<typeof unlockSchema>;

export const sessionUserSchema = z.object({ id: z.number().int(), username: z.string() });

/** A session: the answer of a sign-in (or unlock) that needs no second step, or of its second step. */
export const signInResponseSchema = z.object({
  token: z.string(),
  user: sessionUserSchema,
  /** The panel setting requires two-factor sign-in and the account has none yet: only its setup is open (decision 0132). */
  setup_two_factor: z.boolean().optional(),
  /** Something to tell once at this sign-in (an admin reset the account's two-factor sign-in). */
  notice: z.string().optional(),
});
export type SignInResponse = z.infer<typeof signInResponseSchema>;

/** POST /api/auth/sign-in and /api/auth/unlock: a session, or the ticket of the second step (decision 0131). */
export const signInAnswerSchema = z.union([signInResponseSchema, secondStepAnswerSchema]);
export type SignInAnswer = z.infer<typeof signInAnswerSchema>;

/** What the login and lock screens need to render the captcha widget. */
export const captchaConfigSchema = z.object({
  provider: z.enum(['altcha', 'recaptcha', 'none']),
  /** reCAPTCHA site key, when the provider is recaptcha. */
  siteKey: z.string().optional(),
  /** Where the altcha widget fetches a challenge, when the provider is altcha. */
  challengeUrl: z.string().optional(),
});
export type CaptchaConfig = z.infer<typeof captchaConfigSchema>;
