import {
  connectionsBatchSchema,
  connectionsResultSchema,
  p2pSessionsBatchSchema,
  p2pSessionsResultSchema,
  tokenVerifyResultSchema,
  tokenVerifySchema,
  viewsBatchSchema,
  viewsResultSchema,
} from '@panel/shared/ingest/ingest-api';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../../lib/route-schemas';
import { STREAMING_SERVER } from '../../plugins/access';
import { requireStreamingServer } from './streaming-server-check';
import type { IngestService } from './ingest.service';

// A batch of 1000 P2P sessions with 200-character texts is about 1 MB; leave room above it.
const INGEST_BODY_LIMIT = 4 * 1_048_576;

/**
 * The ingest API for streaming servers (docs/product/api.md#ingest-api-for-streaming-servers, decision
 * 0045): a server's own bearer token, JSON batches applied once per batch id.
 */
export const ingestRoutes: FastifyPluginAsyncZod<{ service: IngestService }> = async (app, { service }) => {
  const tags = ['ingest (streaming servers)'];
  const config = { access: STREAMING_SERVER };
  const security = [{ streamingServer: [] }];

  app.post(
    '/api/ingest/v1/connections',
    {
      config,
      bodyLimit: INGEST_BODY_LIMIT,
      schema: {
        tags,
        security,
        summary:
          'Connection heartbeats and ends of this server’s connections; answers the ones to stop and the ones refused',
        description:
          'Heartbeats refresh active connections (divergence, watching, bytes). A heartbeat for a connection that is unknown, ended, disconnected from the panel or expired is answered in `stop`: the edge stops serving it. Ends close connections (end reason closed). A server touches only the connections it serves: the first server to report a connection claims it, and heartbeats or ends from any other server are answered in `refused` and change nothing.',
        body: connectionsBatchSchema,
        response: { 200: connectionsResultSchema, ...errorResponses },
      },
    },
    async (request) => {
      const server = requireStreamingServer(request).id;
      const result = await service.connections(server, request.body);
      // A batch stored before `refused` existed answers without it (the response schema fills it in).
      const refused = (result as Partial<typeof result>).refused?.length ?? 0;
      if (refused > 0) {
        // Another server's connections: a misrouted edge, or a leaked token probing (decision 0066).
        request.log.warn(
          { server, refused, batch: request.body.batch_id },
          'streaming server refused on connections it does not serve',
        );
      }
      return result;
    },
  );

  app.post(
    '/api/ingest/v1/p2p-sessions',
    {
      config,
      bodyLimit: INGEST_BODY_LIMIT,
      schema: {
        tags,
        security,
        summary: 'This server’s P2P sessions playing now, and the ones that ended',
        description:
          'Sessions are keyed by the server and the service’s session id: a server refreshes and ends only the sessions it reported, never another server’s with the same id. The line is found by username among P2P and hybrid lines. Unknown usernames are answered in `unknown` and not stored.',
        body: p2pSessionsBatchSchema,
        response: { 200: p2pSessionsResultSchema, ...errorResponses },
      },
    },
    async (request) => service.p2pSessions(requireStreamingServer(request).id, request.body),
  );

  app.post(
    '/api/ingest/v1/views',
    {
      config,
      bodyLimit: INGEST_BODY_LIMIT,
      schema: {
        tags,
        security,
        summary: 'Views of library items, counted per item and UTC day',
        body: viewsBatchSchema,
        response: { 200: viewsResultSchema, ...errorResponses },
      },
    },
    async (request) => service.views(requireStreamingServer(request).id, request.body),
  );

  app.post(
    '/api/ingest/v1/tokens/verify',
    {
      config,
      schema: {
        tags,
        security,
        summary: 'Is this redirect token still good? (signature, expiry, and its connection not ended)',
        body: tokenVerifySchema,
        response: { 200: tokenVerifyResultSchema, ...errorResponses },
      },
    },
    async (request) => service.verifyToken(request.body),
  );
};
