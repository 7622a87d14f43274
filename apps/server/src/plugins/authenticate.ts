import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config';
import type { Database } from '../db/database';
import { checkSession } from '../modules/auth/session-check';

/**
 * The hook that sets `request.caller` on every route that is not public (the check itself, its answers
 * and the Caller type live in modules/auth: session-check.ts, caller.ts).
 */
async function authenticatePlugin(
  app: FastifyInstance,
  options: { db: Database; config: Config },
): Promise<void> {
  const { db, config } = options;
  app.decorateRequest('caller', null);
  app.addHook('onRequest', async (request) => {
    const access = request.routeOptions.config?.access;
    if (!access || access.kind === 'public') return;
    request.caller = await checkSession(db, config, request, access);
  });
}

export default fp(authenticatePlugin, { name: 'authenticate' });
