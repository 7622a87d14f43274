import { createCipheriv, createDecipheriv, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { nowSeconds } from '@panel/shared/time/unix-seconds';

/**
 * The two tokens of the stream URLs (docs/product/api.md#stream-urls, decision 0040).
 *
 * - Redirect tokens: appended to a source URL when a source delivers by redirect, so an edge server in
 *   front of the media can check that this panel let the line start the stream. Query parameters
 *   `line`, `stream`, `conn` (the live connection the start opened, decision 0044), `expires` (unix
 *   seconds) and `token` = base64url(HMAC-SHA256(secret, "<line>:<stream>:<conn>:<expires>")), no padding.
 *   docs/stream-tokens.md shows how an edge verifies it (and asks whether the connection is still on).
 * - Proxy tokens: the path of every URI of a proxied HLS playlist (`/hls/<token>.<ext>`). They carry the
 *   upstream's absolute URL, which may hold the upstream's host and credentials, so they are sealed
 *   (AES-256-GCM: confidential and tamper-proof) and expire; any server node holding the secret opens them.
 */

export interface StreamTokenClaims {
  lineId: number;
  streamId: number;
  /** The live connection this start opened (decision 0044): a disconnect refuses its token. */
  connectionId: number;
  /** Unix seconds after which the token is refused. */
  expires: number;
}

/** The exact string the HMAC signs: "<lineId>:<streamId>:<connectionId>:<expires>", decimal integers. */
export function streamTokenStringToSign(claims: StreamTokenClaims): string {
  return `${claims.lineId}:${claims.streamId}:${claims.connectionId}:${claims.expires}`;
}

export function signStreamToken(secret: string, claims: StreamTokenClaims): string {
  return createHmac('sha256', secret).update(streamTokenStringToSign(claims)).digest('base64url');
}

/** The query a redirect appends: line, stream, conn, expires, token (in that order). */
export function streamTokenQuery(secret: string, claims: StreamTokenClaims): string {
  const token = signStreamToken(secret, claims);
  return (
    `line=${claims.lineId}&stream=${claims.streamId}&conn=${claims.connectionId}` +
    `&expires=${claims.expires}&token=${token}`
  );
}

const DIGITS = /^\d{1,15}$/;

/**
 * What an edge server does with a redirected request (and what the tests use): the claims when the query
 * holds a valid, unexpired token, else undefined. Accepts a URL, its query or a URLSearchParams.
 */
export function verifyStreamToken(
  secret: string,
  query: string | URL | URLSearchParams,
  now: number = nowSeconds(),
): StreamTokenClaims | undefined {
  const params =
    query instanceof URLSearchParams
      ? query
      : query instanceof URL
        ? query.searchParams
        : new URLSearchParams(query.includes('?') ? query.slice(query.indexOf('?') + 1) : query);
  const line = params.get('line') ?? '';
  const stream = params.get('stream') ?? '';
  const conn = params.get('conn') ?? '';
  const expires = params.get('expires') ?? '';
  const token = params.get('token') ?? '';
  if (!DIGITS.test(line) || !DIGITS.test(stream) || !DIGITS.test(conn) || !DIGITS.test(expires)) {
    return undefined;
  }
  const claims = {
    lineId: Number(line),
    streamId: Number(stream),
    connectionId: Number(conn),
    expires: Number(expires),
  };
  if (claims.expires < now) return undefined;
  const expected = Buffer.from(signStreamToken(secret, claims));
  const given = Buffer.from(token);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return undefined;
  return claims;
}

/**
 * Portal links (decision 0115): what a Stalker portal's create_link answers is the line's ordinary stream
 * URL with `<expires>.<signature>` in place of the password, signed with the same secret as the redirect
 * tokens over "portal:<line>:<stream>:<expires>". It names one stream of one line and dies at `expires`;
 * the line's password never leaves the portal. A password never holds a dot, so the two never mix.
 */
export interface PortalLinkClaims {
  lineId: number;
  streamId: number;
  /** Unix seconds. */
  expires: number;
}

export function portalLinkPassword(secret: string, claims: PortalLinkClaims): string {
  const signature = createHmac('sha256', secret)
    .update(`portal:${claims.lineId}:${claims.streamId}:${claims.expires}`)
    .digest('base64url');
  return `${claims.expires}.${signature}`;
}

const PORTAL_LINK_PASSWORD = /^(\d{1,15})\.[A-Za-z0-9_-]{43}$/;

/** Whether `password` is a portal link's, unexpired, for this line and stream. */
export function verifyPortalLinkPassword(
  secret: string,
  lineId: number,
  streamId: number,
  password: string,
  now: number = nowSeconds(),
): boolean {
  const expires = PORTAL_LINK_PASSWORD.exec(password)?.[1];
  if (expires === undefined || Number(expires) < now) return false;
  const expected = Buffer.from(portalLinkPassword(secret, { lineId, streamId, expires: Number(expires) }));
  const given = Buffer.from(password);
  return expected.length === given.length && timingSafeEqual(expected, given);
}

/** What a proxy token points at. */
export interface ProxyTarget {
  /** The upstream's absolute URL (may carry its credentials: never shown to a client). */
  url: string;
  /** An HLS playlist (its URIs are rewritten) rather than a segment, key or other file. */
  playlist: boolean;
  lineId: number;
  streamId: number;
  /** The live connection whose relays these are (decision 0044). */
  connectionId: number;
  /** Unix seconds. */
  expires: number;
}

const IV_BYTES = 12;
const TAG_BYTES = 16;

/** A sealer bound to one key, derived from the stream token secret (the HMAC key is not reused as is). */
export interface ProxyTokenSealer {
  seal(target: ProxyTarget): string;
  open(token: string, now?: number): ProxyTarget | undefined;
}

export function proxyTokenSealer(secret: string): ProxyTokenSealer {
  const key = createHmac('sha256', secret).update('stream-proxy-token-key').digest();
  return {
    seal(target) {
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const payload = JSON.stringify([
        target.url,
        target.playlist ? 1 : 0,
        target.lineId,
        target.streamId,
        target.expires,
        target.connectionId,
      ]);
      const sealed = Buffer.concat([cipher.update(payload, 'utf8'), cipher.final()]);
      return Buffer.concat([iv, cipher.getAuthTag(), sealed]).toString('base64url');
    },
    open(token, now = nowSeconds()) {
      const bytes = Buffer.from(token, 'base64url');
      if (bytes.length <= IV_BYTES + TAG_BYTES) return undefined;
      try {
        const decipher = createDecipheriv('aes-256-gcm', key, bytes.subarray(0, IV_BYTES));
        decipher.setAuthTag(bytes.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
        const text = Buffer.concat([
          decipher.update(bytes.subarray(IV_BYTES + TAG_BYTES)),
          decipher.final(),
        ]).toString('utf8');
        const [url, playlist, lineId, streamId, expires, connectionId] = JSON.parse(text) as [
          string,
          number,
          number,
          number,
          number,
          number,
        ];
        if (typeof url !== 'string' || typeof expires !== 'number' || expires < now) return undefined;
        if (typeof connectionId !== 'number') return undefined;
        return { url, playlist: playlist === 1, lineId, streamId, connectionId, expires };
      } catch {
        return undefined;
      }
    },
  };
}
