import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

export const DOCS_PREFIX = '/api/docs';

/** The OpenAPI document, generated from the zod route schemas, and its page under /api/docs. */
async function openApiPlugin(app: FastifyInstance): Promise<void> {
  await app.register(swagger, {
    openapi: {
      info: { title: 'Painel de Revendas API', version: '1.0.0' },
      components: {
        securitySchemes: {
          bearer: { type: 'http', scheme: 'bearer' },
          // The ingest API's callers: a streaming server's token from the admin's list (decision 0045).
          streamingServer: { type: 'http', scheme: 'bearer', description: 'Streaming server token' },
        },
      },
      security: [{ bearer: [] }],
    },
    transform: jsonSchemaTransform,
  });
  // Tags start collapsed: Swagger UI 5.34 stops drawing after the first few tags when every one of the
  // API's ~150 operations is expanded at once (the journey in e2e/tests/security-headers.spec.ts).
  await app.register(swaggerUi, { routePrefix: DOCS_PREFIX, uiConfig: { docExpansion: 'none' } });
}

export default fp(openApiPlugin, { name: 'openapi' });
