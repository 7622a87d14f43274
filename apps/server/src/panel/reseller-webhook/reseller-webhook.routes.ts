import {
  resellerNotificationsInputSchema,
  resellerNotificationsSchema,
} from '@panel/shared/reseller-webhook/reseller-webhook-api';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../../lib/route-schemas';
import { ADMIN_OR_RESELLER } from '../../plugins/access';
import { requireCaller } from '../auth/caller';
import type { ResellerWebhookService } from './reseller-webhook.service';

/**
 * The profile's 'Notificações' (decisions 0170, 0174). Under /api/profile/, so no API token reaches the
 * webhook's secret (decision 0137).
 */
export const resellerWebhookRoutes: FastifyPluginAsyncZod<{ service: ResellerWebhookService }> = async (
  app,
  { service },
) => {
  app.get(
    '/api/profile/notifications',
    {
      config: { access: ADMIN_OR_RESELLER },
      schema: {
        tags: ['profile'],
        summary: "The caller's webhook address and secret and its low-balance threshold",
        response: { 200: resellerNotificationsSchema, ...errorResponses },
      },
    },
    async (request) => service.settings(requireCaller(request)),
  );

  app.put(
    '/api/profile/notifications',
    {
      config: { access: ADMIN_OR_RESELLER },
      schema: {
        tags: ['profile'],
        summary: 'Save the webhook address and the low-balance threshold (empty: off)',
        body: resellerNotificationsInputSchema,
        response: { 200: resellerNotificationsSchema, ...errorResponses },
      },
    },
    async (request) => service.save(requireCaller(request), request.body),
  );

  app.post(
    '/api/profile/notifications/secret',
    {
      config: { access: ADMIN_OR_RESELLER },
      schema: {
        tags: ['profile'],
        summary: 'A new webhook secret; the previous one stops signing at once',
        response: { 200: resellerNotificationsSchema, ...errorResponses },
      },
    },
    async (request) => service.rotateSecret(requireCaller(request)),
  );
};
