import { DOMAIN_TOKEN_PATH } from '@panel/shared/domains/domains-api';
import type { FastifyPluginAsync } from 'fastify';
import type { Database } from '../../db/database';
import { tokenOfHost } from './short-link-redirect.repository';

/** The request's host name without its port, lowercase and without a trailing dot. */
function hostName(host: string): string {
  const bare = host.startsWith('[') ? host.slice(0, host.indexOf(']') + 1) : host.replace(/:\d+$/, '');
  return bare.toLowerCase().replace(/\.$/, '');
}

/**
 * The token file of a reseller's domain (decision 0048): a domain pointed at the panel verifies by file too.
 * Served by panel and delivery processes alike (decision 0076): the domain may reach either.
 */
export const domainTokenRoutes: FastifyPluginAsync<{ db: Database }> = async (app, { db }) => {
  app.get(DOMAIN_TOKEN_PATH, { schema: { hide: true } }, async (request, reply) => {
    const token = await tokenOfHost(db, hostName(request.headers.host ?? ''));
    if (!token) return reply.status(404).type('text/plain').send('');
    return reply.type('text/plain; charset=utf-8').header('Cache-Control', 'no-store').send(token);
  });
};
