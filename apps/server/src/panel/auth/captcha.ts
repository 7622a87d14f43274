import { AUTH_MESSAGES } from '@panel/shared/auth/messages';
import type { CaptchaConfig } from '@panel/shared/auth/sign-in-schema';
import { CappedMap, createChallenge, randomInt } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { verify as verifyAltchaPayload } from 'altcha-lib/frameworks/shared';
import type { Config } from '../../config';
import { AppError } from '../../lib/app-error';

export interface CaptchaVerifier {
  readonly publicConfig: CaptchaConfig;
  /** Creates an altcha challenge; only the altcha provider has one. */
  createChallenge(): Promise<unknown>;
  /** Throws a 422 with the spec's captcha message when the token does not prove a person. */
  verify(token: string, ip: string): Promise<void>;
}

export const ALTCHA_CHALLENGE_PATH = '/api/auth/captcha/challenge';
// PBKDF2 cost and counter range tuned so a browser solves in about a second (docs/decisions/0004).
export const ALTCHA_COST = 1_000;
const ALTCHA_COUNTER_RANGE = [1_000, 4_000] as const;
const ALTCHA_TTL_MS = 10 * 60_000;

function captchaFailed(message: string = AUTH_MESSAGES.captchaError): AppError {
  return new AppError(422, 'captcha_failed', message, 'g-recaptcha-response');
}

function altchaVerifier(secret: string): CaptchaVerifier {
  // Each solved challenge is accepted once; the map forgets the oldest ids past its size.
  const used = new CappedMap<string, boolean>({ maxSize: 100_000 });
  return {
    publicConfig: { provider: 'altcha', challengeUrl: ALTCHA_CHALLENGE_PATH },
    createChallenge: () =>
      createChallenge({
        algorithm: 'PBKDF2/SHA-256',
        cost: ALTCHA_COST,
        counter: randomInt(...ALTCHA_COUNTER_RANGE),
        deriveKey,
        hmacSignatureSecret: secret,
        expiresAt: new Date(Date.now() + ALTCHA_TTL_MS),
      }),
    async verify(token) {
      const result = await verifyAltchaPayload(token, deriveKey, secret, undefined, used);
      if (result.verification && 'expired' in result.verification && result.verification.expired)
        throw captchaFailed(AUTH_MESSAGES.captchaExpiredLogin);
      if (result.error) throw captchaFailed();
    },
  };
}

function recaptchaVerifier(config: Config): CaptchaVerifier {
  return {
    publicConfig: { provider: 'recaptcha', siteKey: config.RECAPTCHA_SITE_KEY },
    createChallenge: async () => {
      throw AppError.notFound();
    },
    async verify(token, ip) {
      const form = new URLSearchParams({
        secret: config.RECAPTCHA_SECRET ?? '',
        response: token,
        remoteip: ip,
      });
      let answer: { success?: boolean; 'error-codes'?: string[] };
      try {
        const response = await fetch(config.RECAPTCHA_VERIFY_URL, {
          method: 'POST',
          body: form,
          signal: AbortSignal.timeout(5_000),
        });
        answer = (await response.json()) as typeof answer;
      } catch {
        throw new AppError(503, 'captcha_failed', AUTH_MESSAGES.captchaError);
      }
      if (answer['error-codes']?.includes('timeout-or-duplicate')) {
        throw captchaFailed(AUTH_MESSAGES.captchaExpiredLogin);
      }
      if (!answer.success) throw captchaFailed();
    },
  };
}

/** CAPTCHA_PROVIDER=none: only for automated tests; the server warns loudly at start. */
const noCaptcha: CaptchaVerifier = {
  publicConfig: { provider: 'none' },
  createChallenge: async () => {
    throw AppError.notFound();
  },
  verify: async () => undefined,
};

export function createCaptchaVerifier(config: Config, signingSecret: string): CaptchaVerifier {
  if (config.CAPTCHA_PROVIDER === 'recaptcha') return recaptchaVerifier(config);
  if (config.CAPTCHA_PROVIDER === 'none') return noCaptcha;
  return altchaVerifier(signingSecret);
}
