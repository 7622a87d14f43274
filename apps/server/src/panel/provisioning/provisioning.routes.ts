import {
  provisioningOverviewSchema,
  provisioningRetryBodySchema,
  provisioningRetryResultSchema,
} from '@panel/shared/provisioning/provisioning-schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../../lib/route-schemas';
import { ADMIN_ONLY } from '../../plugins/access';
import type { ProvisioningService } from './provisioning.service';

/** The operator's view of the P2P and hybrid outbox. Admins only: it describes the whole server. */
export const provisioningRoutes: FastifyPluginAsyncZod<{ service: ProvisioningService }> = async (
  app,
  { service },
) => {
  app.get(
    '/api/admin/provisioning',
    {
      config: { access: ADMIN_ONLY },
      schema: {
        tags: ['provisioning'],
        summary:
          'Per service: endpoint configured (host only), pending and failed changes, oldest pending age',
        response: { 200: provisioningOverviewSchema, ...errorResponses },
      },
    },
    async () => service.overview(),
  );

  app.post(
    '/api/admin/provisioning/retry',
    {
      config: { access: ADMIN_ONLY },
      schema: {
        tags: ['provisioning'],
        summary: 'Failed changes (every attempt used) of one service, or both, are retried now',
        body: provisioningRetryBodySchema,
        response: { 200: provisioningRetryResultSchema, ...errorResponses },
      },
    },
    async (request) => ({ retried: await service.retryFailed(request.body.system) }),
  );
};
