import { z } from 'zod';

/** Machine-readable reasons the web app branches on; the message is what a person reads. */
export const ERROR_CODES = [
  'bad_request',
  'validation_failed',
  'unauthenticated',
  'session_locked',
  'session_not_found',
  'invalid_credentials',
  'no_credits',
  'account_blocked',
  'captcha_failed',
  'two_factor_setup_required',
  'second_step_expired',
  'forbidden',
  'not_found',
  'conflict',
  'insufficient_credits',
  'rate_limited',
  'internal_error',
  'service_unavailable',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

/** The one error shape of every failed API call (docs/product/api.md#errors). */
export const apiErrorSchema = z.object({
  status: z.number().int(),
  code: z.string(),
  message: z.string(),
  field: z.string().optional(),
});
export type ApiErrorBody = z.infer<typeof apiErrorSchema>;
