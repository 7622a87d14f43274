import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminNewsSchema, importantMessageSchema, newsUpdateSchema } from '@panel/shared/news/news-schema';
import type { Database } from '../../db/database';
import { errorResponses } from '../../lib/route-schemas';
import { ADMIN_ONLY, ANY_ROLE } from '../../plugins/access';
import { createNewsService } from './news.service';

export const newsRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  const service = createNewsService(db);
  const tags = ['news'];

  app.get(
    '/api/news',
    {
      config: { access: ANY_ROLE },
      schema: {
        tags,
        summary: 'The global important message and whether the pop-up is on',
        response: { 200: importantMessageSchema, ...errorResponses },
      },
    },
    async () => service.current(),
  );

  app.get(
    '/api/admin/news',
    {
      config: { access: ADMIN_ONLY },
      schema: {
        tags,
        summary: 'The global message and the pop-up switch as the admin set them',
        response: { 200: adminNewsSchema, ...errorResponses },
      },
    },
    async () => service.adminView(),
  );

  app.put(
    '/api/admin/news',
    {
      config: { access: ADMIN_ONLY },
      schema: {
        tags,
        summary:
          'Save the global message (bold and italic only: everything else is removed) and the pop-up switch',
        body: newsUpdateSchema,
        response: { 200: adminNewsSchema, ...errorResponses },
      },
    },
    async (request) => service.save(request.body),
  );
};
