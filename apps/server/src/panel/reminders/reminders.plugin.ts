import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../../config';
import type { Database } from '../../db/database';
import { startPeriodicWorker, type PeriodicWorker } from '../../lib/periodic-worker';
import { panelPublicBaseUrl } from '../../lib/public-base-url';
import { queueReminderEvents } from './reminder-scan';
import { remindersRoutes } from './reminders.routes';
import { createRemindersService } from './reminders.service';

declare module 'fastify' {
  interface FastifyInstance {
    /** One scan of the reminder windows now (the workers' pass); answers how many events were queued. */
    queueReminderEvents(): Promise<number>;
  }
}

export interface RemindersPluginOptions {
  db: Database;
  config: Config;
  /** The screen's routes (panel role) and the windows' scan (workers role; decision 0076). */
  routes: boolean;
  worker: boolean;
}

/** The 'Lembretes' screen and the scan that queues the reseller webhook's line events (decision 0171). */
async function remindersPlugin(app: FastifyInstance, options: RemindersPluginOptions): Promise<void> {
  const { db, config } = options;
  const scan = () => queueReminderEvents(db, panelPublicBaseUrl(config));
  app.decorate('queueReminderEvents', scan);
  if (options.routes) await app.register(remindersRoutes, { service: createRemindersService(db), config });

  let worker: PeriodicWorker | undefined;
  app.addHook('onReady', async () => {
    if (!options.worker) return;
    if (!panelPublicBaseUrl(config)) {
      app.log.warn(
        'Neither PANEL_PUBLIC_HOST nor PLAYER_BASE_URL is set: webhook reminders of resellers without a verified domain carry no customer page link',
      );
    }
    worker = startPeriodicWorker({
      intervalMs: config.RESELLER_WEBHOOK_SCAN_MS,
      pass: scan,
      onError: (error) => app.log.error({ err: error }, 'reminder scan failed'),
    });
  });
  app.addHook('onClose', async () => {
    await worker?.stop();
  });
}

export default fp(remindersPlugin, { name: 'reminders' });
