import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../../config';
import type { Database } from '../../db/database';
import { getOrCreateSecret } from '../../db/secrets';
import { startPeriodicWorker, type PeriodicWorker } from '../../lib/periodic-worker';
import { deliverEdgeCommands } from './deliver-edge-commands';
import { ingestRoutes } from './ingest.routes';
import { createIngestService } from './ingest.service';

declare module 'fastify' {
  interface FastifyInstance {
    /** Commands for streaming servers (decision 0045): send what is due now, e.g. right after a disconnect. */
    edgeCommands: { deliverPending(): Promise<number> };
  }
}

/**
 * The ingest API for streaming servers (delivery role) and the delivery of their commands
 * (`streaming_server_outbox`), a worker from ready to close (workers role; decisions 0045, 0076).
 */
async function ingestPlugin(
  app: FastifyInstance,
  options: { db: Database; config: Config; routes: boolean; worker: boolean },
): Promise<void> {
  const { db, config } = options;
  let secret: Promise<string> | undefined;
  const service = createIngestService({
    db,
    connectionTtlSeconds: config.CONNECTION_TTL_SECONDS,
    streamTokenSecret: () =>
      (secret ??= config.STREAM_TOKEN_SECRET
        ? Promise.resolve(config.STREAM_TOKEN_SECRET)
        : getOrCreateSecret(db, 'stream_token_secret')),
  });
  if (options.routes) await app.register(ingestRoutes, { service });

  const deliverPending = () =>
    deliverEdgeCommands({
      db,
      maxAttempts: config.PROVISIONING_MAX_ATTEMPTS,
      timeoutMs: config.PROVISIONING_TIMEOUT_MS,
      onFailure(command, error, attempts) {
        const gaveUp = attempts >= config.PROVISIONING_MAX_ATTEMPTS;
        app.log[gaveUp ? 'error' : 'warn'](
          { command: command.id, server: command.serverId, event: command.event, attempts, error },
          gaveUp ? 'streaming server command failed for good' : 'streaming server command failed',
        );
      },
    });
  app.decorate('edgeCommands', { deliverPending });

  let worker: PeriodicWorker | undefined;
  app.addHook('onReady', async () => {
    if (!options.worker) return;
    worker = startPeriodicWorker({
      intervalMs: config.EDGE_COMMAND_POLL_MS,
      pass: deliverPending,
      onError: (error) => app.log.error({ err: error }, 'streaming server command pass failed'),
    });
  });
  app.addHook('onClose', async () => {
    await worker?.stop();
  });
}

export default fp(ingestPlugin, { name: 'ingest' });
