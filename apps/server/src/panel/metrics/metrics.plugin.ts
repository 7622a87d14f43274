import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { collectDefaultMetrics, Registry } from 'prom-client';
import { AppError } from '../../lib/app-error';
import { registerDatabaseMetrics } from './database-metrics';
import { registerHttpMetrics } from './http-metrics';
import { bearerMatches } from './metrics-token';

export const METRICS_PATH = '/metrics';

// Node's own metrics (CPU, memory, event loop, GC) belong to the process, not to one app: registered once,
// while tests build many apps in one process.
let processRegistry: Registry | undefined;
function processMetrics(): Registry {
  if (!processRegistry) {
    processRegistry = new Registry();
    collectDefaultMetrics({ register: processRegistry });
  }
  return processRegistry;
}

/**
 * Prometheus metrics at /metrics (outside /api: not part of the panel's API), for
 * `Authorization: Bearer $METRICS_TOKEN` only. Without METRICS_TOKEN the endpoint does not exist (404):
 * nothing about the fleet is published by default.
 */
async function metricsPlugin(app: FastifyInstance, options: { token: string | undefined }): Promise<void> {
  const registry = new Registry();
  // Registered before the modules, so that every route's answers are counted.
  registerHttpMetrics(app, registry);
  const databaseMetrics = registerDatabaseMetrics(registry, {
    database: app.database,
    provisioning: () => app.provisioning,
    log: app.log,
  });

  app.get(METRICS_PATH, { schema: { hide: true } }, async (request, reply) => {
    const { token } = options;
    if (!token) throw AppError.notFound();
    if (!bearerMatches(request.headers.authorization, token)) {
      reply.header('WWW-Authenticate', 'Bearer');
      throw new AppError(401, 'unauthenticated');
    }
    await databaseMetrics.refresh();
    const text = (await processMetrics().metrics()) + (await registry.metrics());
    return reply.type(registry.contentType).send(text);
  });
}

export default fp(metricsPlugin, { name: 'metrics' });
