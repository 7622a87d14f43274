import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../../config';
import type { Database } from '../../db/database';
import { sweepAttemptCounters } from '../../db/attempt-counters.repository';
import { createLineAuthGuard, type LineAuthGuard } from './line-auth-guard';

declare module 'fastify' {
  interface FastifyInstance {
    /** Line authentication under the flood protection, for the player endpoints and stream URLs (0063). */
    lineAuth: LineAuthGuard;
  }
}

const SWEEP_EVERY_MS = 10 * 60_000;

/**
 * Decorates `app.lineAuth`; the process with the workers role drops ended attempt counters now and then
 * (the delete is idempotent), every `sweepEveryMs` from ready to close (decision 0076).
 */
async function lineAuthPlugin(
  app: FastifyInstance,
  options: { db: Database; config: Config; sweeps: boolean; sweepEveryMs?: number },
): Promise<void> {
  app.decorate('lineAuth', createLineAuthGuard(options.db, options.config));
  const sweep = () => {
    sweepAttemptCounters(options.db).catch((error: unknown) =>
      app.log.warn({ err: error }, 'attempt counters sweep failed'),
    );
  };
  let timer: NodeJS.Timeout | undefined;
  app.addHook('onReady', () => {
    if (!options.sweeps) return;
    timer = setInterval(sweep, options.sweepEveryMs ?? SWEEP_EVERY_MS);
    timer.unref();
  });
  app.addHook('onClose', () => clearInterval(timer));
}

export default fp(lineAuthPlugin, { name: 'line-auth' });
