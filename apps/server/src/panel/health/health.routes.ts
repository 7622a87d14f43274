import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../db/database';
import { AppError } from '../../lib/app-error';
import { PUBLIC } from '../../plugins/access';
import { readMigrationJournal } from './migration-journal';
import { checkReadiness } from './readiness.service';

const ok = z.object({ status: z.literal('ok') });

/**
 * /api/health: the process answers (liveness; it touches nothing, so a slow database never gets a live
 * process restarted). /api/ready: the database answers and is fully migrated (where a load balancer or
 * a start script waits).
 */
export const healthRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  const journal = readMigrationJournal();

  app.get(
    '/api/health',
    {
      config: { access: PUBLIC },
      schema: { tags: ['health'], summary: 'Liveness: the process answers', response: { 200: ok } },
    },
    async () => ({ status: 'ok' as const }),
  );

  app.get(
    '/api/ready',
    {
      config: { access: PUBLIC },
      schema: {
        tags: ['health'],
        summary: 'Readiness: the database answers and every migration is applied (503 otherwise)',
        response: { 200: ok },
      },
    },
    async (request) => {
      const readiness = await checkReadiness(db, journal);
      if (!readiness.ready) {
        request.log.warn({ reason: readiness.reason }, 'not ready');
        throw new AppError(503, 'service_unavailable');
      }
      return { status: 'ok' as const };
    },
  );
};
