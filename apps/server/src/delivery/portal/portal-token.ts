import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * The portal's session token (decision 0113): what `stb/handshake` answers and the box sends back as
 * `Authorization: Bearer`. Signed, not stored: `<line>.<mac>.<nonce>.<signature>`, the signature an
 * HMAC-SHA256 under the database's `portal_token_secret` (every process reads the same one), so any
 * delivery process checks a token another issued. It counts only once get_profile adopted its nonce
 * for the line (stored on the line), so a box refused there, or one that handshook before another box
 * of the same MAC, reads nothing; a MAC change drops it with the line's portal state (migration 0024).
 */
export interface PortalTokenClaims {
  lineId: number;
  /** 12 lower-case hex digits. */
  mac: string;
  nonce: string;
}

const TOKEN = /^(\d{1,10})\.([0-9a-f]{12})\.([A-Za-z0-9_-]{16})\.([A-Za-z0-9_-]{43})$/;

function signature(secret: string, claims: PortalTokenClaims): string {
  return createHmac('sha256', secret)
    .update(`portal-session:${claims.lineId}:${claims.mac}:${claims.nonce}`)
    .digest('base64url');
}

export function issuePortalToken(secret: string, lineId: number, mac: string): string {
  const nonce = randomBytes(12).toString('base64url');
  const claims = { lineId, mac, nonce };
  return `${lineId}.${mac}.${nonce}.${signature(secret, claims)}`;
}

/** The claims of a token this panel signed, else undefined. */
export function readPortalToken(secret: string, token: string): PortalTokenClaims | undefined {
  const match = TOKEN.exec(token);
  if (!match) return undefined;
  const claims = { lineId: Number(match[1]), mac: match[2] ?? '', nonce: match[3] ?? '' };
  const expected = Buffer.from(signature(secret, claims));
  const given = Buffer.from(match[4] ?? '');
  return expected.length === given.length && timingSafeEqual(expected, given) ? claims : undefined;
}
