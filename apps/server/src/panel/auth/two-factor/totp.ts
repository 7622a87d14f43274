import { TOTP_DIGITS, TOTP_DRIFT_STEPS, TOTP_PERIOD_SECONDS } from '@panel/shared/auth/two-factor';
import { generateSecret, generateURI, verify } from 'otplib';
import QRCode from 'qrcode';

/** The issuer an authenticator app shows next to the account. */
const ISSUER = 'Painel Revenda';

/** A new authenticator secret: 20 random bytes, Base32 as the apps read it. */
export function newTotpSecret(): string {
  return generateSecret();
}

export function otpauthUrl(username: string, secret: string): string {
  return generateURI({
    issuer: ISSUER,
    label: username,
    secret,
    digits: TOTP_DIGITS,
    period: TOTP_PERIOD_SECONDS,
  });
}

/** The QR code of an otpauth URL as an SVG data URL (the panel's CSP allows data: images). */
export async function qrCodeDataUrl(text: string): Promise<string> {
  const svg = await QRCode.toString(text, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
  return `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
}

/**
 * The 30-second step a code belongs to, if it is right within one step of drift and later than
 * `afterStep` (the last step accepted for the account: a code is accepted once; decision 0130).
 */
export async function acceptedTotpStep(
  secret: string,
  code: string,
  afterStep: number | null,
): Promise<number | null> {
  const result = await verify({
    secret,
    token: code,
    digits: TOTP_DIGITS,
    period: TOTP_PERIOD_SECONDS,
    epochTolerance: TOTP_DRIFT_STEPS * TOTP_PERIOD_SECONDS,
    ...(afterStep === null ? {} : { afterTimeStep: afterStep }),
  });
  // A TOTP check answers the step it matched (the HOTP branch of the union never does).
  return result.valid && 'timeStep' in result ? result.timeStep : null;
}
