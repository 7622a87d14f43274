import { complementsSchema } from '@panel/shared/catalog/catalog-api';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '../../db/database';
import { errorResponses } from '../../lib/route-schemas';
import { ANY_ROLE } from '../../plugins/access';
import { readComplements } from './complements.service';

export const complementsRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  app.get(
    '/api/complements',
    {
      config: { access: ANY_ROLE },
      schema: {
        tags: ['complements'],
        summary:
          'Groups, settings (key/value), active packages grouped iptv/trial/p2p, bouquets, server time',
        response: { 200: complementsSchema, ...errorResponses },
      },
    },
    async () => readComplements(db),
  );
};
