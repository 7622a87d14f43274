import {
  createShortLinkSchema,
  shortLinkDomainListSchema,
  shortLinkListSchema,
  shortLinkSchema,
} from '@panel/shared/domains/short-links-api';
import { idParamsSchema } from '@panel/shared/lists/list-query';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Config } from '../../config';
import type { Database } from '../../db/database';
import { errorResponses, noContent } from '../../lib/route-schemas';
import { LINE_ROUTES } from '../../plugins/access';
import { requireCaller } from '../auth/caller';
import { createShortLinksService } from './short-links.service';

/** Short links of a line (docs/product/api.md#short-links, decision 0049); the redirect is short-link-redirect.plugin.ts. */
export const shortLinksRoutes: FastifyPluginAsyncZod<{ db: Database; config: Config }> = async (
  app,
  { db, config },
) => {
  const service = createShortLinksService(db, config.SHORT_LINK_SCHEME);
  const tags = ['short links'];
  const access = LINE_ROUTES;

  app.post(
    '/api/shorturl',
    {
      config: { access },
      schema: {
        tags,
        summary:
          'Create a short link of a line on one of the caller’s verified domains (absent: the default one); `url` is ignored',
        body: createShortLinkSchema,
        response: { 201: shortLinkSchema, ...errorResponses },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await service.create(requireCaller(request), request.body)),
  );

  app.get(
    '/api/short-links/domains',
    {
      config: { access },
      schema: {
        tags,
        summary: 'The verified domains the caller may put links on (admin: all), default first',
        response: { 200: shortLinkDomainListSchema, ...errorResponses },
      },
    },
    async (request) => service.domains(requireCaller(request)),
  );

  app.get(
    '/api/users/:id/short-links',
    {
      config: { access },
      schema: {
        tags,
        summary: 'The short links of a line of the caller’s subtree, newest first',
        params: idParamsSchema,
        response: { 200: shortLinkListSchema, ...errorResponses },
      },
    },
    async (request) => service.list(requireCaller(request), request.params.id),
  );

  app.delete(
    '/api/short-links/:id',
    {
      config: { access },
      schema: {
        tags,
        summary: 'Delete a short link of a line of the caller’s subtree',
        params: idParamsSchema,
        response: { ...noContent, ...errorResponses },
      },
    },
    async (request, reply) => {
      await service.remove(requireCaller(request), request.params.id);
      return reply.status(204).send(null);
    },
  );
};
