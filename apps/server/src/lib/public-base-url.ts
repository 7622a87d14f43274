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

/**
 * The panel's own public origin, for links customers open in a browser (the customer page, decision 0173):
 * `https://PANEL_PUBLIC_HOST` when configured, else PLAYER_BASE_URL, else the origin of the request when
 * there is one; null for a background job on a server configured with neither.
 */
export function panelPublicBaseUrl(
  config: { PANEL_PUBLIC_HOST?: string | undefined; PLAYER_BASE_URL?: string | undefined },
  request?: FastifyRequest,
): string | null {
  if (config.PANEL_PUBLIC_HOST) return `https://${config.PANEL_PUBLIC_HOST}`;
  if (config.PLAYER_BASE_URL) return config.PLAYER_BASE_URL.replace(/\/+$/, '');
  return request ? publicBaseUrl(request, undefined) : null;
}
