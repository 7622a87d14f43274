import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import {
  API_TOKEN_PREFIX,
  API_TOKEN_SCOPE_DESCRIPTIONS,
  API_TOKEN_SCOPE_LABELS,
  API_TOKEN_SCOPES,
} from '@panel/shared/api-tokens/api-tokens-api';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { tokenScopeOf } from './access';

export const DOCS_PREFIX = '/api/docs';

/** The OpenAPI extension naming the scope an API token needs on an operation (absent: tokens refused). */
const TOKEN_SCOPE_EXTENSION = 'x-api-token-scope';

const scopeRows = API_TOKEN_SCOPES.map(
  (scope) => `| \`${scope}\` | ${API_TOKEN_SCOPE_LABELS[scope]} | ${API_TOKEN_SCOPE_DESCRIPTIONS[scope]} |`,
).join('\n');

/** How to call the API with a token; the scopes' table comes from packages/shared (decision 0137). */
const API_DESCRIPTION = `The panel's API. The panel itself calls it with a session token; bots and billing systems call it
with an **API token** (decision 0137).

**API tokens.** Create one in the panel: *Configurações* (profile) → *API*. It starts with \`${API_TOKEN_PREFIX}\`,
is shown once, and is sent as \`Authorization: Bearer ${API_TOKEN_PREFIX}…\` (no captcha). It acts as its owner
(the same lines and sub-resellers, the same prices and credits), limited to its scopes, to its optional validity
and address allow-list, and to its own rate limit (429). Every action it does is logged with its name. Tokens
never manage tokens, sessions, two-factor sign-in or the password.

| scope | in the panel | allows |
| ----- | ------------ | ------ |
${scopeRows}

Each operation says the scope it needs ("API token scope"); an operation without one refuses tokens (403).

\`\`\`sh
curl -X POST https://painel.example.com/api/users/trial_users \\
  -H "Authorization: Bearer $PANEL_API_TOKEN" -H 'Content-Type: application/json' \\
  -d '{"system":1}'
\`\`\``;

type TransformInput = Parameters<typeof jsonSchemaTransform>[0];

/** The route's schema as zod generates it, plus the API token scope it needs, from the route registry's rule. */
function withTokenScope(input: TransformInput): ReturnType<typeof jsonSchemaTransform> {
  const transformed = jsonSchemaTransform(input);
  const access = input.route.config?.access;
  if (!access || access.kind !== 'session') return transformed;
  const methods = Array.isArray(input.route.method) ? input.route.method : [input.route.method];
  const method = methods.find((candidate) => candidate !== 'HEAD') ?? 'GET';
  const scope = tokenScopeOf(method, input.url, access);
  const schema = transformed.schema as Record<string, unknown>;
  const note = scope
    ? `API token scope: \`${scope}\` (${API_TOKEN_SCOPE_LABELS[scope]}).`
    : 'API tokens refused: a panel session only.';
  const description = typeof schema.description === 'string' ? `${schema.description}\n\n${note}` : note;
  return {
    ...transformed,
    schema: {
      ...schema,
      description,
      security: scope ? [{ bearer: [] }, { apiToken: [] }] : [{ bearer: [] }],
      ...(scope ? { [TOKEN_SCOPE_EXTENSION]: scope } : {}),
    },
  };
}

/** The OpenAPI document, generated from the zod route schemas and the route registry, and its page under /api/docs. */
async function openApiPlugin(app: FastifyInstance): Promise<void> {
  await app.register(swagger, {
    openapi: {
      info: { title: 'Painel de Revendas API', version: '1.0.0', description: API_DESCRIPTION },
      components: {
        securitySchemes: {
          bearer: { type: 'http', scheme: 'bearer', description: 'Panel session token (sign-in)' },
          apiToken: {
            type: 'http',
            scheme: 'bearer',
            description: `API token (${API_TOKEN_PREFIX}…), limited to its scopes (decision 0137)`,
          },
          // The ingest API's callers: a streaming server's token from the admin's list (decision 0045).
          streamingServer: { type: 'http', scheme: 'bearer', description: 'Streaming server token' },
        },
      },
      security: [{ bearer: [] }],
    },
    transform: withTokenScope,
  });
  // Tags start collapsed: Swagger UI 5.34 stops drawing after the first few tags when every one of the
  // API's ~150 operations is expanded at once (the journey in e2e/tests/security-headers.spec.ts).
  await app.register(swaggerUi, { routePrefix: DOCS_PREFIX, uiConfig: { docExpansion: 'none' } });
}

export default fp(openApiPlugin, { name: 'openapi' });
