import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * A secret shared with one kind of receiver when none is configured, derived from the server's own signing
 * secret under a label per purpose, so a receiver that leaks it exposes nothing of the server's secret nor
 * of the other receivers'.
 */
export function deriveWebhookSecret(signingSecret: string, label: string): string {
  return createHmac('sha256', signingSecret).update(label).digest('hex');
}

/**
 * `sha256=<hex HMAC-SHA256 of "<timestamp>.<body>">`. The timestamp is inside the signed text so a
 * receiver can refuse old deliveries replayed by someone who recorded one.
 */
export function signWebhookBody(secret: string, timestamp: string, body: string): string {
  return `sha256=${createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex')}`;
}

/** What a receiver does with the headers; used by the tests' receivers and handy for implementers. */
export function isValidWebhookSignature(
  secret: string,
  timestamp: string,
  body: string,
  signature: string,
): boolean {
  const expected = Buffer.from(signWebhookBody(secret, timestamp, body));
  const given = Buffer.from(signature);
  return expected.length === given.length && timingSafeEqual(expected, given);
}
