import { logListSchema, logOptionsSchema, logsQuerySchema } from '@panel/shared/logs/log-schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '../../db/database';
import { errorResponses } from '../../lib/route-schemas';
import { ANY_ROLE } from '../../plugins/access';
import { requireCaller } from '../auth/caller';
import { listLogs, logOptions } from './logs.service';

export const logsRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  app.get(
    '/api/logs',
    {
      config: { access: ANY_ROLE },
      schema: {
        tags: ['logs'],
        summary:
          'Logs of the caller’s subtree: dates=from,to (default last 6 months), actions, types, reseller (who acted), target (acted on), user',
        querystring: logsQuerySchema,
        response: { 200: logListSchema, ...errorResponses },
      },
    },
    async (request) => listLogs(db, requireCaller(request), request.query),
  );

  app.get(
    '/api/logs/options',
    {
      config: { access: ANY_ROLE },
      schema: {
        tags: ['logs'],
        summary: 'Every log action and type code with its Portuguese label',
        response: { 200: logOptionsSchema, ...errorResponses },
      },
    },
    async () => logOptions(),
  );
};
