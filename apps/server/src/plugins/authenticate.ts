import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config';
import type { Database } from '../db/database';
import { checkSession } from '../panel/auth/session-check';
import { checkStreamingServer } from '../delivery/ingest/streaming-server-check';

/**
 * The hook that sets `request.caller` on every route that is not public (the check itself, its answers
 * and the Caller type live in panel/auth: session-check.ts, caller.ts), or `request.streamingServer` on
 * the ingest routes (delivery/ingest/streaming-server-check.ts).
 */
async function authenticatePlugin(
  app: FastifyInstance,
  options: { db: Database; config: Config },
): Promise<void> {
  const { db, config } = options;
  app.decorateRequest('caller', null);
  app.decorateRequest('streamingServer', null);
  app.addHook('onRequest', async (request) => {
    const access = request.routeOptions.config?.access;
    if (!access || access.kind === 'public') return;
    // Ingest routes take a streaming server's token only; panel routes a session only (decision 0045).
    if (access.kind === 'streaming-server') request.streamingServer = await checkStreamingServer(db, request);
    else request.caller = await checkSession(db, config, request, access);
  });
}

export default fp(authenticatePlugin, { name: 'authenticate' });
