import { DOMAIN_TOKEN_PATH } from '@panel/shared/domains/domains-api';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../../config';
import type { Database } from '../../db/database';
import { startPeriodicWorker, type PeriodicWorker } from '../../lib/periodic-worker';
import { domainsRoutes } from './domains.routes';
import { createDomainsService } from './domains.service';

/** The request's host name without its port, lowercase and without a trailing dot. */
function hostName(host: string): string {
  const bare = host.startsWith('[') ? host.slice(0, host.indexOf(']') + 1) : host.replace(/:\d+$/, '');
  return bare.toLowerCase().replace(/\.$/, '');
}

/**
 * Resellers' domains (decision 0048): the API, the token file the panel answers for a registered domain
 * (so a domain pointed at the panel verifies by file too), and from ready to close the worker that checks
 * pending domains again every DOMAIN_VERIFY_POLL_MS.
 */
async function domainsPlugin(app: FastifyInstance, options: { db: Database; config: Config }): Promise<void> {
  const { db, config } = options;
  // A domain verified, failing its check again or deleted: the short-link redirect looks its hosts up again.
  const service = createDomainsService(db, config, () => app.shortLinkHosts.clear());
  await app.register(domainsRoutes, { service });

  app.get(DOMAIN_TOKEN_PATH, { schema: { hide: true } }, async (request, reply) => {
    const token = await service.tokenFor(hostName(request.headers.host ?? ''));
    if (!token) return reply.status(404).type('text/plain').send('');
    return reply.type('text/plain; charset=utf-8').header('Cache-Control', 'no-store').send(token);
  });

  let worker: PeriodicWorker | undefined;
  app.addHook('onReady', async () => {
    worker = startPeriodicWorker({
      intervalMs: config.DOMAIN_VERIFY_POLL_MS,
      pass: () => service.verifyPending(config.DOMAIN_VERIFY_POLL_MS),
      onError: (error) => app.log.error({ err: error }, 'domain verification pass failed'),
    });
  });
  app.addHook('onClose', async () => {
    await worker?.stop();
  });
}

export default fp(domainsPlugin, { name: 'domains', dependencies: ['short-link-redirect'] });
