import type { PGlite } from '@electric-sql/pglite';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { runsRole, type Config } from '../../config';
import type { Database } from '../../db/database';
import {
  createDeliveryNotices,
  DELIVERY_CHANNEL,
  startNoticeListener,
  type DeliveryNotices,
  type NoticeListener,
} from './delivery-notices';

declare module 'fastify' {
  interface FastifyInstance {
    /** Ended connections and domain changes, told to every delivery process at once (decision 0076). */
    deliveryNotices: DeliveryNotices;
  }
}

/**
 * Decorates `app.deliveryNotices`. A server on PostgreSQL (DATABASE_URL) sends each notice to the other
 * processes too, and a process with the delivery role listens from ready to close. On PGlite, or an app
 * handed its database (tests), notices stay in the process: an in-process call, as before decision 0076.
 * On PGlite the process also listens to what the database's triggers send (decision 0105): PGlite calls
 * the listener when the transaction commits, before the statement's promise settles. An app handed a
 * PostgreSQL database without its URL hears none of them (`hearing` stays false).
 */
async function deliveryNoticesPlugin(
  app: FastifyInstance,
  options: { db: Database; config: Config },
): Promise<void> {
  const { config } = options;
  const url = app.database.kind === 'postgres' ? config.DATABASE_URL : undefined;
  const bus = createDeliveryNotices({
    db: url ? options.db : undefined,
    onError: (error) => app.log.error({ err: error }, 'delivery notice failed'),
  });
  app.decorate('deliveryNotices', bus);
  const embedded = pgliteClient(options.db);
  if (app.database.kind === 'pglite' && embedded) {
    const stop = await embedded.listen(DELIVERY_CHANNEL, (payload) => bus.receive(payload));
    bus.listening(true);
    app.addHook('onClose', async () => {
      bus.listening(false);
      await stop().catch(() => undefined);
    });
    return;
  }
  if (!url || !runsRole(config, 'delivery')) return;

  let listener: NoticeListener | undefined;
  app.addHook('onReady', async () => {
    listener = startNoticeListener({
      url,
      bus,
      onError: (error) =>
        app.log.warn({ err: error }, 'delivery notices listener: connection lost, retrying'),
    });
    await listener.firstAttempt;
  });
  app.addHook('onClose', async () => {
    await listener?.close();
  });
}

/** The embedded database's own client, which can listen in the process (PGlite's `listen`). */
function pgliteClient(db: Database): Pick<PGlite, 'listen'> | undefined {
  const client = (db as unknown as { $client?: Partial<Pick<PGlite, 'listen'>> }).$client;
  return typeof client?.listen === 'function' ? (client as Pick<PGlite, 'listen'>) : undefined;
}

export default fp(deliveryNoticesPlugin, { name: 'delivery-notices' });
