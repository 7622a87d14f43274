import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../db/database';
import { errorResponses } from '../../lib/route-schemas';
import { ANY_ROLE } from '../../plugins/access';
import { readImportantMessage } from './news.repository';

const importantMessageSchema = z.object({ message: z.string(), show_modal_message: z.boolean() });

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
