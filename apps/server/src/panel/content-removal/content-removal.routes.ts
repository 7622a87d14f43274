import {
  contentRemovalIdParamsSchema,
  contentRemovalInputSchema,
  contentRemovalListSchema,
  contentRemovalQuerySchema,
  contentRemovalSchema,
} from '@panel/shared/content-removal/content-removal-api';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '../../db/database';
import { errorResponses, noContent } from '../../lib/route-schemas';
import { ADMIN_ONLY, ADMIN_OR_PUBLISHER } from '../../plugins/access';
import { requireCaller } from '../auth/caller';
import { createContentRemovalService } from './content-removal.service';

/**
 * Content removal, the spec's garbage (docs/product/screens.md#content-removal, decisions 0056, 0057): the
 * queue is the admin's; sending to it is the analytics screens' trash action, which publishers have too.
 */
export const contentRemovalRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  const service = createContentRemovalService(db);
  const tags = ['content-removal'];
  const params = contentRemovalIdParamsSchema;

  app.get(
    '/api/catalog/garbage',
    {
      config: { access: ADMIN_ONLY },
      schema: {
        tags,
        summary:
          'The removal queue, newest first; filters id, text_search (title), media_type (1 channels, 2 movies, 3 24h channels, 5 series), reseller (who sent it), status (0 queued, 1 removed)',
        querystring: contentRemovalQuerySchema,
        response: { 200: contentRemovalListSchema, ...errorResponses },
      },
    },
    async (request) => service.list(request.query),
  );

  app.post(
    '/api/catalog/garbage',
    {
      config: { access: ADMIN_OR_PUBLISHER },
      schema: {
        tags,
        summary:
          'Send a library item to the removal queue (the analytics trash action); it still plays until an admin removes it',
        body: contentRemovalInputSchema,
        response: { 201: contentRemovalSchema, ...errorResponses },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await service.send(requireCaller(request), request.body)),
  );

  app.post(
    '/api/catalog/garbage/:id/restore',
    {
      config: { access: ADMIN_ONLY },
      schema: {
        tags,
        summary: 'Cancel a queued removal (cancelar exclusão): the item stays as it was',
        params,
        response: { ...noContent, ...errorResponses },
      },
    },
    async (request, reply) => {
      await service.restore(request.params.id);
      return reply.status(204).send(null);
    },
  );

  app.delete(
    '/api/catalog/garbage/:id',
    {
      config: { access: ADMIN_ONLY },
      schema: {
        tags,
        summary:
          'Remove the queued item for good: it leaves every line’s lists (a series with its episodes) and a re-sync does not bring it back',
        params,
        response: { 200: contentRemovalSchema, ...errorResponses },
      },
    },
    async (request) => service.remove(request.params.id),
  );
};
