import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../../config';
import type { Database } from '../../db/database';
import { startPeriodicWorker, type PeriodicWorker } from '../../lib/periodic-worker';
import { resellerWebhookRoutes } from './reseller-webhook.routes';
import { createResellerWebhookService, type ResellerWebhookService } from './reseller-webhook.service';

declare module 'fastify' {
  interface FastifyInstance {
    resellerWebhook: ResellerWebhookService;
  }
}

export interface ResellerWebhookPluginOptions {
  db: Database;
  config: Config;
  signingSecret: string;
  /** The profile's routes (panel role) and the workers (workers role; decision 0076). */
  routes: boolean;
  worker: boolean;
}

/**
 * Decorates `app.resellerWebhook`, adds the profile's routes and, in the workers role, runs the delivery
 * pass (every PROVISIONING_POLL_MS, like the other outboxes) and the low-balance check (every
 * RESELLER_WEBHOOK_SCAN_MS) from ready to close (decisions 0170, 0174).
 */
async function resellerWebhookPlugin(
  app: FastifyInstance,
  options: ResellerWebhookPluginOptions,
): Promise<void> {
  const { config } = options;
  const service = createResellerWebhookService({
    db: options.db,
    config,
    signingSecret: options.signingSecret,
    onFailure(row, error, attempts) {
      const gaveUp = attempts >= config.PROVISIONING_MAX_ATTEMPTS;
      app.log[gaveUp ? 'error' : 'warn'](
        { delivery: row.id, account: row.accountId, event: row.event, attempts, error },
        gaveUp ? 'reseller webhook delivery failed for good' : 'reseller webhook delivery failed',
      );
    },
  });
  app.decorate('resellerWebhook', service);
  if (options.routes) await app.register(resellerWebhookRoutes, { service });

  const workers: PeriodicWorker[] = [];
  app.addHook('onReady', async () => {
    if (!options.worker) return;
    workers.push(
      startPeriodicWorker({
        intervalMs: config.PROVISIONING_POLL_MS,
        pass: () => service.deliverPending(),
        onError: (error) => app.log.error({ err: error }, 'reseller webhook delivery pass failed'),
      }),
      startPeriodicWorker({
        intervalMs: config.RESELLER_WEBHOOK_SCAN_MS,
        pass: () => service.checkBalances(),
        onError: (error) => app.log.error({ err: error }, 'low-balance check failed'),
      }),
    );
  });
  app.addHook('onClose', async () => {
    await Promise.all(workers.map((worker) => worker.stop()));
  });
}

export default fp(resellerWebhookPlugin, { name: 'reseller-webhook' });
