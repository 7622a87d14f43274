import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../../config';
import type { Database } from '../../db/database';
import { contentImportRoutes } from './content-import.routes';
import { createContentSourcesService } from './content-sources.service';
import { createSyncRunner, type SyncRunner } from './content-sync.service';
import { startPeriodicWorker, type PeriodicWorker } from '../../lib/periodic-worker';

declare module 'fastify' {
  interface FastifyInstance {
    contentSync: SyncRunner;
  }
}

export interface ContentImportPluginOptions {
  db: Database;
  config: Config;
}

/**
 * Content sources (docs/product/api.md#content-import, decision 0038): the admin routes, and from the
 * moment the app is ready until it closes, the worker that starts the syncs whose interval has passed.
 * Closing the app aborts running syncs and waits for them, so nothing writes after `app.close()`.
 */
async function contentImportPlugin(app: FastifyInstance, options: ContentImportPluginOptions): Promise<void> {
  const { db, config } = options;
  const runner = createSyncRunner({
    db,
    timeoutMs: config.UPSTREAM_TIMEOUT_MS,
    onError: (sourceId, error) => app.log.error({ err: error, source: sourceId }, 'content sync failed'),
  });
  app.decorate('contentSync', runner);
  await app.register(contentImportRoutes, { service: createContentSourcesService(db, runner) });

  let worker: PeriodicWorker | undefined;
  app.addHook('onReady', async () => {
    worker = startPeriodicWorker({
      intervalMs: config.CONTENT_SYNC_POLL_MS,
      pass: () => runner.startDue(),
      onError: (error) => app.log.error({ err: error }, 'content sync pass failed'),
    });
  });
  app.addHook('onClose', async () => {
    await worker?.stop();
    await runner.stop();
  });
}

export default fp(contentImportPlugin, { name: 'content-import' });
