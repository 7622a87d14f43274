import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { importantMessageSchema } from '@panel/shared/news/news-schema';
import type { Database } from '../../db/database';
import { errorResponses } from '../../lib/route-schemas';
import { ANY_ROLE } from '../../plugins/access';
import { readImportantMessage } from './news.repository';

export const newsRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  app.get(
    '/api/news',
    {
      config: { access: ANY_ROLE },
      schema: {
        tags: ['news'],
        summary: 'The global important message and whether the pop-up is on',
        response: { 200: importantMessageSchema, ...errorResponses },
      },
    },
    async () => {
      const { message, enabled } = await readImportantMessage(db);
      return { message, show_modal_message: enabled && message.trim() !== '' };
    },
  );
};
