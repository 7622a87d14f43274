import type { FastifyRequest } from 'fastify';

/**
 * The origin customers' apps reach this server at (decision 0037): `PLAYER_BASE_URL` when configured,
 * else the origin the request came to. `request.protocol` and `request.host` honour X-Forwarded-Proto and
 * X-Forwarded-Host only from proxies `TRUST_PROXY` names, so a client cannot make us write its host into
 * another customer's playlist.
 */
export function publicBaseUrl(request: FastifyRequest, configured: string | undefined): string {
  if (configured) return configured.replace(/\/+$/, '');
  return `${request.protocol}://${request.host}`;
}
