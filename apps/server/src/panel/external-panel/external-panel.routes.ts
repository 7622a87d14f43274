import {
  externalPanelRetryResultSchema,
  externalPanelStatusSchema,
} from '@panel/shared/settings/external-panel';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../../lib/route-schemas';
import { ADMIN_ONLY } from '../../plugins/access';
import type { ExternalPanelService } from './external-panel.service';

/** The admin's view of the external panel synchronisation (decision 0060). */
export const externalPanelRoutes: FastifyPluginAsyncZod<{ service: ExternalPanelService }> = async (
  app,
  { service },
) => {
  app.get(
    '/api/admin/external-panel',
    {
      config: { access: ADMIN_ONLY },
      schema: {
        tags: ['panel settings'],
        summary: 'Whether the external panel is configured and how far the delivery of changes is',
        response: { 200: externalPanelStatusSchema, ...errorResponses },
      },
    },
    async () => service.status(),
  );

  app.post(
    '/api/admin/external-panel/retry',
    {
      config: { access: ADMIN_ONLY },
      schema: {
        tags: ['panel settings'],
        summary: 'Changes that used every attempt are sent again from the next delivery pass',
        response: { 200: externalPanelRetryResultSchema, ...errorResponses },
      },
    },
    async () => ({ retried: await service.retryFailed() }),
  );
};
