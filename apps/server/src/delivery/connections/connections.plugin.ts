import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { runsRole, type Config } from '../../config';
import type { Database } from '../../db/database';
import { startPeriodicWorker, type PeriodicWorker } from '../../lib/periodic-worker';
import { createConnectionTracker, type ConnectionTracker } from './connections.service';

declare module 'fastify' {
  interface FastifyInstance {
    /** Live connections of this process: opened by stream starts, cut by disconnects (decision 0044). */
    connections: ConnectionTracker;
  }
}

export interface ConnectionsPluginOptions {
  db: Database;
  config: Config;
  countryOf(ip: string): string | null;
}

/**
 * Decorates `app.connections` (the panel's disconnect and screens policy use it) and runs the sweeper (every
 * CONNECTION_SWEEP_MS) from the moment the app is ready until it closes (no timer outlives `app.close()`).
 * Its two parts follow the roles (decision 0076): a delivery process keeps the connections it relays seen
 * (only it knows them), the workers process expires the rest; one process with both does both in one pass.
 */
async function connectionsPlugin(app: FastifyInstance, options: ConnectionsPluginOptions): Promise<void> {
  const { db, config } = options;
  const tracker = createConnectionTracker(
    db,
    {
      ttlSeconds: config.CONNECTION_TTL_SECONDS,
      graceSeconds: Math.min(config.CONNECTION_GRACE_SECONDS, config.CONNECTION_TTL_SECONDS),
      tokenTtlSeconds: config.STREAM_TOKEN_TTL_SECONDS,
      countryOf: options.countryOf,
    },
    app.deliveryNotices,
  );
  app.decorate('connections', tracker);
  // A listener that was away missed notices: the relays it holds are checked against the database now.
  app.deliveryNotices.onResync(() => {
    tracker.keepRelaysAlive().catch((error: unknown) => app.log.error({ err: error }, 'relay resync failed'));
  });

  const delivery = runsRole(config, 'delivery');
  const workers = runsRole(config, 'workers');
  const pass = () =>
    delivery && workers ? tracker.sweep() : delivery ? tracker.keepRelaysAlive() : tracker.expire();
  let worker: PeriodicWorker | undefined;
  app.addHook('onReady', async () => {
    if (!delivery && !workers) return;
    worker = startPeriodicWorker({
      intervalMs: config.CONNECTION_SWEEP_MS,
      pass,
      onError: (error) => app.log.error({ err: error }, 'connection sweep failed'),
    });
  });
  app.addHook('onClose', async () => {
    await worker?.stop();
  });
}

export default fp(connectionsPlugin, { name: 'connections', dependencies: ['delivery-notices'] });
