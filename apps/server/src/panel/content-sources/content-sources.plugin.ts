import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../../config';
import type { Database } from '../../db/database';
import { contentSourcesRoutes } from './content-sources.routes';
import { createContentSourcesService } from './content-sources.service';
import { createSyncRunner, type SyncRunner } from './content-sync.service';
import { startImportControl, type ImportControl } from './import-control';
import { startPeriodicWorker, type PeriodicWorker } from '../../lib/periodic-worker';

declare module 'fastify' {
  interface FastifyInstance {
    contentSync: SyncRunner;
  }
}

export interface ContentSourcesPluginOptions {
  db: Database;
  config: Config;
  /**
   * The folder of the embedded database this server holds, if any: the command line's imports are handed to
   * this server through a control file there (decision 0072).
   */
  dataDir?: string;
  /** The admin routes (panel role) and the worker starting due syncs (workers role; decision 0076). */
  routes: boolean;
  worker: boolean;
}

/**
 * Content sources (docs/product/api.md#content-import, decision 0038): the admin routes, and from the
 * moment the app is ready until it closes, the worker that starts the syncs whose interval has passed and,
 * on an embedded database in a folder, the command line's control listener (decision 0072).
 * Closing the app aborts running syncs and waits for them, so nothing writes after `app.close()`.
 */
async function contentSourcesPlugin(
  app: FastifyInstance,
  options: ContentSourcesPluginOptions,
): Promise<void> {
  const { db, config, dataDir } = options;
  const runner = createSyncRunner({
    db,
    timeoutMs: config.UPSTREAM_TIMEOUT_MS,
    onError: (sourceId, error) => app.log.error({ err: error, source: sourceId }, 'content sync failed'),
  });
  app.decorate('contentSync', runner);
  const service = createContentSourcesService(db, runner);
  if (options.routes) await app.register(contentSourcesRoutes, { service });

  let worker: PeriodicWorker | undefined;
  let control: ImportControl | undefined;
  app.addHook('onReady', async () => {
    if (dataDir) {
      control = await startImportControl({
        dataDir,
        service,
        onError: (error) => app.log.error({ err: error }, 'command-line import failed'),
      });
    }
    if (!options.worker) return;
    worker = startPeriodicWorker({
      intervalMs: config.CONTENT_SYNC_POLL_MS,
      pass: () => runner.startDue(),
      onError: (error) => app.log.error({ err: error }, 'content sync pass failed'),
    });
  });
  app.addHook('onClose', async () => {
    // First: a command line finding no control file opens the folder itself once the server is gone.
    await control?.close();
    await worker?.stop();
    await runner.stop();
  });
}

export default fp(contentSourcesPlugin, { name: 'content-sources' });
