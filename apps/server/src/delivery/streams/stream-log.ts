import type { FastifyRequest } from 'fastify';

/**
 * The request as the one log line per request shows it: the line's password (in the path) masked and a
 * proxy token shortened, since nothing logged may hold a password or token (decision 0040).
 */
export function maskedStreamPath(url: string): string {
  return url
    .replace(/^(\/(?:live|movie|series|timeshift)\/[^/?]*\/)[^/?]*/, '$1***')
    .replace(/^(\/streaming\/timeshift\.php\?(?:[^#]*&)?password=)[^&#]*/, '$1***')
    .replace(/^(\/hls\/[A-Za-z0-9_-]{6})[A-Za-z0-9_-]*/, '$1…');
}

export const logSerializers = {
  req: (request: FastifyRequest) => ({
    method: request.method,
    url: maskedStreamPath(request.url),
    host: request.host,
    remoteAddress: request.ip,
  }),
};
