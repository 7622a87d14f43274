import { isApiTokenText } from '@panel/shared/api-tokens/api-tokens-api';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config';
import type { Database } from '../db/database';
import { runActingThrough } from '../lib/acting-api-token';
import { bearerToken } from '../lib/bearer-token';
import { checkApiToken } from '../panel/api-tokens/api-token-check';
import type { Caller } from '../panel/auth/caller';
import { checkSession } from '../panel/auth/session-check';
import { checkStreamingServer } from '../delivery/ingest/streaming-server-check';
import { tokenScopeOf, type Access } from './access';

/**
 * The hook that sets `request.caller` on every route that is not public (the check itself, its answers
 * and the Caller type live in panel/auth: session-check.ts, caller.ts; an API token's in
 * panel/api-tokens/api-token-check.ts), or `request.streamingServer` on the ingest routes
 * (delivery/ingest/streaming-server-check.ts).
 */
async function authenticatePlugin(
  app: FastifyInstance,
  options: { db: Database; config: Config },
): Promise<void> {
  const { db, config } = options;
  app.decorateRequest('caller', null);
  app.decorateRequest('streamingServer', null);

  async function callerOf(
    request: FastifyRequest,
    access: Extract<Access, { kind: 'session' }>,
  ): Promise<Caller> {
    // An API token is told from a session token by its prefix and length, without a lookup (decision 0137).
    const token = bearerToken(request);
    if (token && isApiTokenText(token)) {
      const scope = tokenScopeOf(request.method, request.routeOptions.url ?? request.url, access);
      return checkApiToken(db, config, request, { roles: access.roles, scope }, token);
    }
    return checkSession(db, config, request, access);
  }

  app.addHook('onRequest', async (request) => {
    const access = request.routeOptions.config?.access;
    if (!access || access.kind === 'public') return;
    // Ingest routes take a streaming server's token only; panel routes a session or an API token (0045, 0137).
    if (access.kind === 'streaming-server') request.streamingServer = await checkStreamingServer(db, request);
    else request.caller = await callerOf(request, access);
  });
  // The rest of a token's request runs inside runActingThrough, so every log row it writes names the
  // token (decision 0139): a callback hook, whose `done` carries the context on to the handler.
  app.addHook('onRequest', (request, _reply, done) => {
    const apiToken = request.caller?.apiToken;
    if (apiToken) runActingThrough(apiToken, done);
    else done();
  });
}

export default fp(authenticatePlugin, { name: 'authenticate' });
