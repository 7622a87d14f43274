import {
  createdStreamingServerSchema,
  streamingServerIdParamsSchema,
  streamingServerInputSchema,
  streamingServerListSchema,
  streamingServerSchema,
  streamingServerUpdateSchema,
} from '@panel/shared/streaming-servers/streaming-servers-api';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '../../db/database';
import { errorResponses } from '../../lib/route-schemas';
import { ADMIN_ONLY } from '../../plugins/access';
import { createStreamingServersService } from './streaming-servers.service';

/** The admin's streaming servers and their ingest tokens (docs/product/api.md#ingest-api-for-streaming-servers). */
export const streamingServersRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  const service = createStreamingServersService(db);
  const tags = ['streaming servers'];
  const config = { access: ADMIN_ONLY };
  const params = streamingServerIdParamsSchema;

  app.get(
    '/api/admin/streaming-servers',
    {
      config,
      schema: {
        tags,
        summary: 'Streaming servers allowed to call the ingest API',
        response: { 200: streamingServerListSchema, ...errorResponses },
      },
    },
    async () => ({ data: await service.list() }),
  );

  app.post(
    '/api/admin/streaming-servers',
    {
      config,
      schema: {
        tags,
        summary: 'Add a streaming server; answers its token once',
        body: streamingServerInputSchema,
        response: { 201: createdStreamingServerSchema, ...errorResponses },
      },
    },
    async (request, reply) => reply.status(201).send(await service.create(request.body)),
  );

  app.patch(
    '/api/admin/streaming-servers/:id',
    {
      config,
      schema: {
        tags,
        summary: 'Rename a streaming server or change its control URL',
        params,
        body: streamingServerUpdateSchema,
        response: { 200: streamingServerSchema, ...errorResponses },
      },
    },
    async (request) => service.update(request.params.id, request.body),
  );

  app.post(
    '/api/admin/streaming-servers/:id/revoke',
    {
      config,
      schema: {
        tags,
        summary: 'Revoke a streaming server’s token (refused at once from then on)',
        params,
        response: { 200: streamingServerSchema, ...errorResponses },
      },
    },
    async (request) => service.revoke(request.params.id),
  );
};
