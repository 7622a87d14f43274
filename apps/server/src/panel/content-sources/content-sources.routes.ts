import {
  categoryBouquetsInputSchema,
  categoryIdParamsSchema,
  contentCategoryListSchema,
  contentCategoryQuerySchema,
  contentCategorySchema,
  contentSourceIdParamsSchema,
  contentSourceInputSchema,
  contentSourceListSchema,
  contentSourceSchema,
  contentSourceUpdateSchema,
} from '@panel/shared/content-sources/content-sources-api';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses, noContent } from '../../lib/route-schemas';
import { ADMIN_ONLY } from '../../plugins/access';
import type { ContentSourcesService } from './content-sources.service';

/** The admin's content sources and category mapping (docs/product/api.md#content-import). */
export const contentSourcesRoutes: FastifyPluginAsyncZod<{ service: ContentSourcesService }> = async (
  app,
  { service },
) => {
  const tags = ['content'];
  const config = { access: ADMIN_ONLY };
  const params = contentSourceIdParamsSchema;

  app.get(
    '/api/admin/content/sources',
    {
      config,
      schema: {
        tags,
        summary: 'Content sources with their sync state',
        response: { 200: contentSourceListSchema, ...errorResponses },
      },
    },
    async () => ({ data: await service.list() }),
  );

  app.get(
    '/api/admin/content/sources/:id',
    {
      config,
      schema: {
        tags,
        summary: 'One content source (progress while it syncs)',
        params,
        response: { 200: contentSourceSchema, ...errorResponses },
      },
    },
    async (request) => service.get(request.params.id),
  );

  app.post(
    '/api/admin/content/sources',
    {
      config,
      schema: {
        tags,
        summary: 'Add a content source (Xtream server or M3U playlist)',
        body: contentSourceInputSchema,
        response: { 201: contentSourceSchema, ...errorResponses },
      },
    },
    async (request, reply) => reply.status(201).send(await service.create(request.body)),
  );

  app.patch(
    '/api/admin/content/sources/:id',
    {
      config,
      schema: {
        tags,
        summary: 'Edit a content source; an empty password keeps the stored one',
        params,
        body: contentSourceUpdateSchema,
        response: { 200: contentSourceSchema, ...errorResponses },
      },
    },
    async (request) => service.update(request.params.id, request.body),
  );

  app.delete(
    '/api/admin/content/sources/:id',
    {
      config,
      schema: {
        tags,
        summary: 'Remove a content source; its content is retired',
        params,
        response: { ...noContent, ...errorResponses },
      },
    },
    async (request, reply) => {
      await service.remove(request.params.id);
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/api/admin/content/sources/:id/sync',
    {
      config,
      schema: {
        tags,
        summary: 'Start a sync in the background; 409 while one runs',
        params,
        response: { 202: contentSourceSchema, ...errorResponses },
      },
    },
    async (request, reply) => reply.status(202).send(await service.startSync(request.params.id)),
  );

  app.get(
    '/api/admin/content/categories',
    {
      config,
      schema: {
        tags,
        summary: 'Library categories with their bouquets',
        querystring: contentCategoryQuerySchema,
        response: { 200: contentCategoryListSchema, ...errorResponses },
      },
    },
    async (request) => ({ data: await service.categories(request.query.kind) }),
  );

  app.put(
    '/api/admin/content/categories/:id/bouquets',
    {
      config,
      schema: {
        tags,
        summary: 'Set the bouquets that hold a category (kept by later syncs)',
        params: categoryIdParamsSchema,
        body: categoryBouquetsInputSchema,
        response: { 200: contentCategorySchema, ...errorResponses },
      },
    },
    async (request) => service.setCategoryBouquets(request.params.id, request.body.bouquet_ids),
  );
};
