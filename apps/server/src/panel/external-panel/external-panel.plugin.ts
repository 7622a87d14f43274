import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../../config';
import type { Database } from '../../db/database';
import { startPeriodicWorker, type PeriodicWorker } from '../../lib/periodic-worker';
import { deriveWebhookSecret } from '../../lib/webhook/webhook-signature';
import { externalPanelRoutes } from './external-panel.routes';
import { createExternalPanelService, type ExternalPanelService } from './external-panel.service';

declare module 'fastify' {
  interface FastifyInstance {
    externalPanel: ExternalPanelService;
  }
}

export interface ExternalPanelPluginOptions {
  db: Database;
  config: Config;
  signingSecret: string;
  /** The admin routes (panel role) and the delivery worker (workers role; decision 0076). */
  routes: boolean;
  worker: boolean;
}

/** The secret shared with the external panel when EXTERNAL_PANEL_SECRET is not set. */
export function deriveExternalPanelSecret(signingSecret: string): string {
  return deriveWebhookSecret(signingSecret, 'panel-external-panel-v1');
}

/**
 * Decorates `app.externalPanel`, adds its admin route and runs the delivery worker from ready to close
 * (decision 0060), as provisioning does.
 */
async function externalPanelPlugin(app: FastifyInstance, options: ExternalPanelPluginOptions): Promise<void> {
  const { config } = options;
  const service = createExternalPanelService({
    db: options.db,
    config,
    secret: config.EXTERNAL_PANEL_SECRET ?? deriveExternalPanelSecret(options.signingSecret),
    onFailure(row, error, attempts) {
      const gaveUp = attempts >= config.PROVISIONING_MAX_ATTEMPTS;
      app.log[gaveUp ? 'error' : 'warn'](
        { delivery: row.id, subject: row.subject, subjectId: row.subjectId, attempts, error },
        gaveUp ? 'external panel delivery failed for good' : 'external panel delivery failed',
      );
    },
  });
  app.decorate('externalPanel', service);
  if (options.routes) await app.register(externalPanelRoutes, { service });

  let worker: PeriodicWorker | undefined;
  app.addHook('onReady', async () => {
    if (!config.EXTERNAL_PANEL_URL || !options.worker) return;
    if (!config.EXTERNAL_PANEL_SECRET) {
      app.log.warn(
        'EXTERNAL_PANEL_SECRET is not set: deliveries are signed with a secret derived from the server’s own; set it so the external panel can verify them',
      );
    }
    worker = startPeriodicWorker({
      intervalMs: config.PROVISIONING_POLL_MS,
      pass: () => service.deliverPending(),
      onError: (error) => app.log.error({ err: error }, 'external panel delivery pass failed'),
    });
  });
  app.addHook('onClose', async () => {
    await worker?.stop();
  });
}

export default fp(externalPanelPlugin, { name: 'external-panel' });
