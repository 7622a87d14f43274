import {
  apiTokenIdParamsSchema,
  apiTokenInputSchema,
  apiTokenListSchema,
  apiTokenSchema,
  createdApiTokenSchema,
} from '@panel/shared/api-tokens/api-tokens-api';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '../../db/database';
import { errorResponses } from '../../lib/route-schemas';
import { ADMIN_ONLY, ADMIN_OR_RESELLER } from '../../plugins/access';
import { requireCaller } from '../auth/caller';
import { createApiTokensService } from './api-tokens.service';

/**
 * The profile's 'API' section (decision 0137): an account's API tokens, and every token for an admin.
 * No token may call these routes (plugins/access.ts: token-free prefixes).
 */
export const apiTokensRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  const service = createApiTokensService(db);
  const tags = ['api tokens'];

  app.get(
    '/api/api-tokens',
    {
      config: { access: ADMIN_OR_RESELLER },
      schema: {
        tags,
        summary: 'The caller’s API tokens, newest first (never the tokens themselves)',
        response: { 200: apiTokenListSchema, ...errorResponses },
      },
    },
    async (request) => ({ data: await service.listOwn(requireCaller(request)) }),
  );

  app.post(
    '/api/api-tokens',
    {
      config: { access: ADMIN_OR_RESELLER },
      schema: {
        tags,
        summary: 'Create an API token with scopes, optional validity and address allow-list; answers it once',
        body: apiTokenInputSchema,
        response: { 201: createdApiTokenSchema, ...errorResponses },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await service.create(requireCaller(request), request.body)),
  );

  app.post(
    '/api/api-tokens/:id/revoke',
    {
      config: { access: ADMIN_OR_RESELLER },
      schema: {
        tags,
        summary: 'Revoke an API token (the caller’s own; an admin’s: any), refused at once from then on',
        params: apiTokenIdParamsSchema,
        response: { 200: apiTokenSchema, ...errorResponses },
      },
    },
    async (request) => service.revoke(requireCaller(request), request.params.id),
  );

  app.get(
    '/api/admin/api-tokens',
    {
      config: { access: ADMIN_ONLY },
      schema: {
        tags,
        summary: 'Every account’s API tokens with their owners, newest first',
        response: { 200: apiTokenListSchema, ...errorResponses },
      },
    },
    async () => ({ data: await service.listAll() }),
  );
};
