import type { FastifyInstance } from 'fastify';
import { Counter, Histogram, type Registry } from 'prom-client';

/** The label of a request no route matched: a raw URL would let any client create series at will. */
export const UNMATCHED_ROUTE = 'unmatched';

/** Answers of these routes with these statuses are failed sign-ins (wrong password, blocked, no credits). */
const SIGN_IN_ROUTES = new Set(['/api/auth/sign-in', '/api/auth/unlock']);
const SIGN_IN_FAILURE_STATUSES = new Set([401, 403]);

const LATENCY_BUCKETS_SECONDS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/**
 * Per-process request metrics, labelled by method, route pattern and status (bounded cardinality),
 * counted when each answer is sent, plus failed sign-ins and rate-limited answers read off the same hook
 * (so the auth module needs no metrics code).
 */
export function registerHttpMetrics(app: FastifyInstance, registry: Registry): void {
  const labelNames = ['method', 'route', 'status'] as const;
  const requests = new Counter({
    name: 'http_requests_total',
    help: 'HTTP requests answered, by method, route pattern and status',
    labelNames,
    registers: [registry],
  });
  const latency = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time to answer an HTTP request, by method, route pattern and status',
    labelNames,
    buckets: LATENCY_BUCKETS_SECONDS,
    registers: [registry],
  });
  const signInFailures = new Counter({
    name: 'panel_sign_in_failures_total',
    help: 'Sign-in and unlock attempts answered 401 or 403, by route and status',
    labelNames: ['route', 'status'] as const,
    registers: [registry],
  });
  const rateLimited = new Counter({
    name: 'panel_rate_limited_total',
    help: 'Requests answered 429 (too many attempts), by method and route pattern',
    labelNames: ['method', 'route'] as const,
    registers: [registry],
  });

  app.addHook('onResponse', async (request, reply) => {
    const route = request.routeOptions.url ?? UNMATCHED_ROUTE;
    const status = reply.statusCode;
    const labels = { method: request.method, route, status: String(status) };
    requests.inc(labels);
    latency.observe(labels, reply.elapsedTime / 1000);
    if (status === 429) rateLimited.inc({ method: request.method, route });
    if (request.method === 'POST' && SIGN_IN_ROUTES.has(route) && SIGN_IN_FAILURE_STATUSES.has(status)) {
      signInFailures.inc({ route, status: String(status) });
    }
  });
}
