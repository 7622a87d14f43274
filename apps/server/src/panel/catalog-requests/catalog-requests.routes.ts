import {
  catalogRequestCreatedSchema,
  catalogRequestListQuerySchema,
  catalogRequestListSchema,
  catalogRequestSchema,
  newCatalogRequestSchema,
  publisherSummaryListSchema,
  titleSearchAnswerSchema,
  titleSearchQuerySchema,
  titleSearchStatusSchema,
  updateCatalogRequestSchema,
} from '@panel/shared/catalog-requests/catalog-requests-api';
import { catalogWorkSchema } from '@panel/shared/dashboard/catalog-work';
import { apiErrorSchema } from '@panel/shared/errors/api-error';
import { idParamsSchema } from '@panel/shared/lists/list-query';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Config } from '../../config';
import type { Database } from '../../db/database';
import { errorResponses, noContent } from '../../lib/route-schemas';
import { ADMIN_ONLY, ADMIN_OR_PUBLISHER, ANY_ROLE } from '../../plugins/access';
import { requireCaller } from '../auth/caller';
import { createCatalogRequestsService } from './catalog-requests.service';

const tags = ['catalog requests'];
const params = idParamsSchema;
// 502: the metadata service refused or did not answer in time; 503: it is not configured (decision 0055).
const serviceErrors = { ...errorResponses, 502: apiErrorSchema, 503: apiErrorSchema };

/** /requests/catalog's API and the proxied title search (docs/product/screens.md#catalog-requests). */
export const catalogRequestsRoutes: FastifyPluginAsyncZod<{ db: Database; config: Config }> = async (
  app,
  { db, config },
) => {
  const service = createCatalogRequestsService(db, config);

  app.get(
    '/api/catalog',
    {
      config: { access: ANY_ROLE },
      schema: {
        tags,
        summary: 'Catalog requests, paged and filtered: admins and publishers all, a reseller its subtree’s',
        querystring: catalogRequestListQuerySchema,
        response: { 200: catalogRequestListSchema, ...errorResponses },
      },
    },
    async (request) => service.list(requireCaller(request), request.query),
  );

  app.post(
    '/api/catalog',
    {
      config: { access: ANY_ROLE },
      schema: {
        tags,
        summary:
          'Ask for a title chosen in the search: 201 with a new request; 200 when the title was already requested (`counted`: the caller joined its requesters, false when it had already asked)',
        body: newCatalogRequestSchema,
        response: { 200: catalogRequestCreatedSchema, 201: catalogRequestCreatedSchema, ...serviceErrors },
      },
    },
    async (request, reply) => {
      const created = await service.create(requireCaller(request), request.body);
      // 201 only when a request was made; an existing one is found, not created (decision 0071).
      return reply.status(created.created ? 201 : 200).send(created);
    },
  );

  app.get(
    '/api/catalog/search',
    {
      config: { access: ANY_ROLE },
      schema: {
        tags,
        summary: 'Movies and series matching the text at the metadata service (pt-BR, adult excluded)',
        querystring: titleSearchQuerySchema,
        response: { 200: titleSearchAnswerSchema, ...serviceErrors },
      },
    },
    async (request) => ({ results: await service.search(request.query.query) }),
  );

  app.get(
    '/api/catalog/search/status',
    {
      config: { access: ANY_ROLE },
      schema: {
        tags,
        summary: 'Whether this server is configured for the title search',
        response: { 200: titleSearchStatusSchema, ...errorResponses },
      },
    },
    async () => ({ configured: service.searchConfigured() }),
  );

  app.get(
    '/api/catalog/publishers',
    {
      config: { access: ADMIN_ONLY },
      schema: {
        tags,
        summary: 'Every publisher with its requests in the queue, in processing and in the catalog',
        response: { 200: publisherSummaryListSchema, ...errorResponses },
      },
    },
    async () => ({ data: await service.publishers() }),
  );

  app.get(
    '/api/dashboard/catalog',
    {
      config: { access: ADMIN_OR_PUBLISHER },
      schema: {
        tags: ['dashboard'],
        summary:
          'The publisher’s dashboard: every catalog request counted by status (and those of the caller), and the first requests of its queue (Na fila, its own or without a publisher, its own first, then the oldest)',
        response: { 200: catalogWorkSchema, ...errorResponses },
      },
    },
    async (request) => service.work(requireCaller(request)),
  );

  app.get(
    '/api/catalog/:id',
    {
      config: { access: ANY_ROLE },
      schema: {
        tags,
        summary: 'One catalog request the caller may see',
        params,
        response: { 200: catalogRequestSchema, ...errorResponses },
      },
    },
    async (request) => service.get(requireCaller(request), request.params.id),
  );

  app.put(
    '/api/catalog/:id',
    {
      config: { access: ADMIN_OR_PUBLISHER },
      schema: {
        tags,
        summary: 'Set the status (any, no order) and, for an admin, the publisher',
        params,
        body: updateCatalogRequestSchema,
        response: { 200: catalogRequestSchema, ...errorResponses },
      },
    },
    async (request) => service.update(requireCaller(request), request.params.id, request.body),
  );

  app.delete(
    '/api/catalog/:id',
    {
      config: { access: ADMIN_OR_PUBLISHER },
      schema: {
        tags,
        summary: 'Remove a catalog request and its requesters',
        params,
        response: { ...noContent, ...errorResponses },
      },
    },
    async (request, reply) => {
      await service.remove(requireCaller(request), request.params.id);
      return reply.status(204).send(null);
    },
  );
};
