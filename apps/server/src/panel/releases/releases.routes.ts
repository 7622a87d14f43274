import { releasesSchema } from '@panel/shared/catalog/releases-api';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '../../db/database';
import { errorResponses } from '../../lib/route-schemas';
import { ANY_ROLE } from '../../plugins/access';
import { releases } from './releases.service';

/** The top bar's content-updates drawer; every signed-in role opens it (decision 0058). */
export const releasesRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  app.get(
    '/api/catalog/releases',
    {
      config: { access: ANY_ROLE },
      schema: {
        tags: ['catalog'],
        summary:
          'Movies and series added to the library in the last 30 days, newest first, at most 50 of each (retired ones left out)',
        response: { 200: releasesSchema, ...errorResponses },
      },
    },
    async () => releases(db),
  );
};
