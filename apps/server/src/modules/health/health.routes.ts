import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { pingDatabase, type Database } from '../../db/database';
import { PUBLIC } from '../../plugins/access';

export const healthRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  app.get(
    '/api/health',
    {
      config: { access: PUBLIC },
      schema: {
        tags: ['health'],
        summary: 'Liveness, including the database',
        response: { 200: z.object({ status: z.literal('ok') }) },
      },
    },
    async () => {
      await pingDatabase(db);
      return { status: 'ok' as const };
    },
  );
};
