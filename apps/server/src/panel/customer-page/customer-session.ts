import { createHmac, timingSafeEqual } from 'node:crypto';
import { CUSTOMER_PAGE_PATH, CUSTOMER_SESSION_COOKIE } from '@panel/shared/customer-page/customer-page-paths';
import type { FastifyReply, FastifyRequest } from 'fastify';

/** A customer stays signed in this long without signing in again (decision 0176). */
export const CUSTOMER_SESSION_DAYS = 30;
const DAY_SECONDS = 86_400;

export interface CustomerSessionClaims {
  lineId: number;
  /** A keyed digest of the line's password when it signed in: another password ends the session. */
  passwordTag: string;
}

/**
 * The customer page's session (decision 0176): no table, a cookie signed with the server's signing secret
 * naming the line, when it signed in and a digest of the line's password then. It ends by itself after
 * CUSTOMER_SESSION_DAYS, when the password changes, when the line is deleted, or on a reseller's domain
 * when the line leaves the domain owner's subtree; a block does not end it (the page shows 'Bloqueada').
 */
export function createCustomerSessions(signingSecret: string) {
  const key = createHmac('sha256', signingSecret).update('customer-session').digest();
  const sign = (text: string) => createHmac('sha256', key).update(text).digest('base64url');

  function passwordTag(lineId: number, password: string): string {
    return sign(`password:${lineId}:${password}`).slice(0, 22);
  }

  function encode(claims: CustomerSessionClaims, issuedAtSeconds: number): string {
    const body = `${claims.lineId}.${issuedAtSeconds}.${claims.passwordTag}`;
    return `${body}.${sign(body)}`;
  }

  function decode(value: string, nowSeconds: number): CustomerSessionClaims | undefined {
    const match = /^(\d{1,10})\.(\d{1,12})\.([\w-]{22})\.([\w-]{43})$/.exec(value);
    if (!match) return undefined;
    const [, lineId = '', issuedAt = '', tag = '', signature = ''] = match;
    const expected = Buffer.from(sign(`${lineId}.${issuedAt}.${tag}`));
    const given = Buffer.from(signature);
    if (expected.length !== given.length || !timingSafeEqual(expected, given)) return undefined;
    const age = nowSeconds - Number(issuedAt);
    if (age < 0 || age > CUSTOMER_SESSION_DAYS * DAY_SECONDS) return undefined;
    return { lineId: Number(lineId), passwordTag: tag };
  }

  return {
    passwordTag,
    /** The claims of the request's cookie, when it holds a valid one. */
    read(request: FastifyRequest): CustomerSessionClaims | undefined {
      const value = cookieValue(request.headers.cookie, CUSTOMER_SESSION_COOKIE);
      return value ? decode(value, Math.floor(Date.now() / 1000)) : undefined;
    },
    /** Sets the cookie: HttpOnly, Path=/cliente, SameSite=Lax, Secure when the page came over https. */
    start(request: FastifyRequest, reply: FastifyReply, line: { id: number; password: string }): void {
      const value = encode(
        { lineId: line.id, passwordTag: passwordTag(line.id, line.password) },
        Math.floor(Date.now() / 1000),
      );
      reply.header('Set-Cookie', cookie(request, value, CUSTOMER_SESSION_DAYS * DAY_SECONDS));
    },
    end(request: FastifyRequest, reply: FastifyReply): void {
      reply.header('Set-Cookie', cookie(request, '', 0));
    },
  };
}

export type CustomerSessions = ReturnType<typeof createCustomerSessions>;

function cookie(request: FastifyRequest, value: string, maxAgeSeconds: number): string {
  const secure = request.protocol === 'https' ? '; Secure' : '';
  return `${CUSTOMER_SESSION_COOKIE}=${value}; Path=${CUSTOMER_PAGE_PATH}; Max-Age=${maxAgeSeconds}; HttpOnly; SameSite=Lax${secure}`;
}

function cookieValue(header: string | undefined, name: string): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const at = part.indexOf('=');
    if (at > 0 && part.slice(0, at).trim() === name) return part.slice(at + 1).trim();
  }
  return undefined;
}
