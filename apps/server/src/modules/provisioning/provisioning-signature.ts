import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The secret shared with the P2P and hybrid receivers when PROVISIONING_SECRET is not set. Derived rather
 * than reused, so a receiver that leaks it exposes nothing of the server's own signing secret (captcha).
 */
export function deriveProvisioningSecret(signingSecret: string): string {
  return createHmac('sha256', signingSecret).update('panel-provisioning-v1').digest('hex');
}

/**
 * `sha256=<hex HMAC-SHA256 of "<timestamp>.<body>">`. The timestamp is inside the signed text so a
 * receiver can refuse old deliveries replayed by someone who recorded one.
 */
export function signProvisioningBody(secret: string, timestamp: string, body: string): string {
  return `sha256=${createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex')}`;
}

/** What a receiver does with the headers; used by the tests' receiver and handy for implementers. */
export function isValidProvisioningSignature(
  secret: string,
  timestamp: string,
  body: string,
  signature: string,
): boolean {
  const expected = Buffer.from(signProvisioningBody(secret, timestamp, body));
  const given = Buffer.from(signature);
  return expected.length === given.length && timingSafeEqual(expected, given);
}
