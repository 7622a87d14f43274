import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../../config';
import type { Database } from '../../db/database';
import { startPeriodicWorker, type PeriodicWorker } from '../../lib/periodic-worker';
import { domainsRoutes } from './domains.routes';
import { createDomainsService } from './domains.service';

/**
 * Resellers' domains (decision 0048): the API (panel role) and from ready to close the worker that checks
 * pending domains again every DOMAIN_VERIFY_POLL_MS (workers role, decision 0076). The token file a
 * registered domain answers is the delivery plane's (`delivery/short-link-redirect/domain-token.routes.ts`).
 */
async function domainsPlugin(
  app: FastifyInstance,
  options: { db: Database; config: Config; routes: boolean; worker: boolean },
): Promise<void> {
  const { db, config } = options;
  // A domain verified, failing its check again or deleted: the short-link redirect of every delivery
  // process looks its hosts up again (decision 0076).
  const service = createDomainsService(db, config, () => void app.deliveryNotices.send({ kind: 'hosts' }));
  if (options.routes) await app.register(domainsRoutes, { service });

  let worker: PeriodicWorker | undefined;
  app.addHook('onReady', async () => {
    if (!options.worker) return;
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

export default fp(domainsPlugin, { name: 'domains', dependencies: ['delivery-notices'] });
