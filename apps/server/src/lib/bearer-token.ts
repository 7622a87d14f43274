import type { FastifyRequest } from 'fastify';

// RFC 6750: the scheme (any case), one space, a token68. Extra parts or another scheme are not a token:
// read loosely, `Bearer <t> 1` and `Bearer <t> 2` reached one session as different strings.
const BEARER = /^bearer ([A-Za-z0-9._~+/-]+=*)$/i;

/** The session token of the request's `Authorization` header, or undefined when there is none or it is malformed. */
export function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  return header ? BEARER.exec(header)?.[1] : undefined;
}
