import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../../config';
import type { Database } from '../../db/database';
import { deriveProvisioningSecret } from './provisioning-signature';
import { provisioningRoutes } from './provisioning.routes';
import { createProvisioningService, type ProvisioningService } from './provisioning.service';
import { startPeriodicWorker, type PeriodicWorker } from '../../lib/periodic-worker';

declare module 'fastify' {
  interface FastifyInstance {
    provisioning: ProvisioningService;
  }
}

export interface ProvisioningPluginOptions {
  db: Database;
  config: Config;
  signingSecret: string;
  /** The admin view (panel role) and the delivery worker (workers role; decision 0076). */
  routes: boolean;
  worker: boolean;
}

/**
 * Decorates `app.provisioning`, adds the operator routes and runs the delivery worker from the moment
 * the app is ready until it closes (no timer outlives `app.close()`).
 */
async function provisioningPlugin(app: FastifyInstance, options: ProvisioningPluginOptions): Promise<void> {
  const { config } = options;
  const service = createProvisioningService({
    db: options.db,
    config,
    secret: config.PROVISIONING_SECRET ?? deriveProvisioningSecret(options.signingSecret),
    onFailure(delivery, error, attempts) {
      const gaveUp = attempts >= config.PROVISIONING_MAX_ATTEMPTS;
      app.log[gaveUp ? 'error' : 'warn'](
        { delivery: delivery.id, line: delivery.lineId, system: delivery.system, attempts, error },
        gaveUp
          ? 'provisioning delivery failed for good; retry from the admin view'
          : 'provisioning delivery failed',
      );
    },
  });
  app.decorate('provisioning', service);
  if (options.routes) await app.register(provisioningRoutes, { service });

  let worker: PeriodicWorker | undefined;
  app.addHook('onReady', async () => {
    if (!options.worker) return;
    const anyEndpoint = Boolean(config.P2P_PROVISIONING_URL || config.HYBRID_PROVISIONING_URL);
    if (anyEndpoint && !config.PROVISIONING_SECRET) {
      app.log.warn(
        'PROVISIONING_SECRET is not set: deliveries are signed with a secret derived from the server’s own; set it so receivers can verify them',
      );
    }
    worker = startPeriodicWorker({
      intervalMs: config.PROVISIONING_POLL_MS,
      pass: () => service.deliverPending(),
      onError: (error) => app.log.error({ err: error }, 'provisioning delivery pass failed'),
    });
  });
  app.addHook('onClose', async () => {
    await worker?.stop();
  });
}

export default fp(provisioningPlugin, { name: 'provisioning' });
