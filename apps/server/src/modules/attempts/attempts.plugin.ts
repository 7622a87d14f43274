import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Database } from '../../db/database';
import { sweepAttemptCounters } from './attempt-counters.repository';

const SWEEP_EVERY_MS = 10 * 60_000;

/** Each process drops ended attempt counters now and then; any process may, the delete is idempotent. */
async function attemptsPlugin(app: FastifyInstance, options: { db: Database }): Promise<void> {
  const sweep = () => {
    sweepAttemptCounters(options.db).catch((error: unknown) =>
      app.log.warn({ err: error }, 'attempt counters sweep failed'),
    );
  };
  let timer: NodeJS.Timeout | undefined;
  app.addHook('onReady', () => {
    timer = setInterval(sweep, SWEEP_EVERY_MS);
    timer.unref();
  });
  app.addHook('onClose', () => clearInterval(timer));
}

export default fp(attemptsPlugin, { name: 'attempts' });
