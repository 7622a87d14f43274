import { errorTextFor } from '@panel/shared/errors/error-catalogue';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

declare module 'fastify' {
  interface FastifyInstance {
    /** From now on, answer every new request 503 (and close its connection); requests in flight go on. */
    startDraining(): void;
    /** Milliseconds since the last connection was accepted or request began: how quiet the server is. */
    msSinceLastActivity(): number;
  }
}

/**
 * While the server stops (SIGTERM), requests already being answered finish; any request that starts
 * meanwhile — on a kept-alive connection, or one accepted during the drain — gets 503 in the API's error
 * shape (Fastify's own 503 has another), and every answer from then on closes its connection, so the
 * close never waits for idle keep-alive sockets.
 */
async function drainingPlugin(app: FastifyInstance): Promise<void> {
  let draining = false;
  let lastActivity = performance.now();
  const touch = () => {
    lastActivity = performance.now();
  };
  app.server.on('connection', touch);
  app.server.on('request', touch);
  app.decorate('startDraining', () => {
    draining = true;
  });
  app.decorate('msSinceLastActivity', () => performance.now() - lastActivity);
  app.addHook('preClose', async () => {
    draining = true;
  });
  app.addHook('onRequest', async (_request, reply) => {
    if (!draining) return;
    reply.header('Connection', 'close');
    return reply
      .status(503)
      .send({ status: 503, code: 'service_unavailable', message: errorTextFor(503).message });
  });
  app.addHook('onSend', async (_request, reply) => {
    if (draining) reply.header('Connection', 'close');
  });
}

export default fp(drainingPlugin, { name: 'draining' });
