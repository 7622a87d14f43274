import { brandingSchema } from '@panel/shared/customer-page/customer-page-api';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config } from '../../config';
import { panelPublicBaseUrl, publicBaseUrl } from '../../lib/public-base-url';
import { errorResponses } from '../../lib/route-schemas';
import { ADMIN_OR_RESELLER, withTokenScope } from '../../plugins/access';
import { requireCaller } from '../auth/caller';
import type { BrandingService } from './branding.service';

// Like the payment account, the page customers pay on is set by the reseller itself: no API token
// (decision 0178; /api/profile/ refuses them anyway, decision 0137).
const BRANDING = withTokenScope(ADMIN_OR_RESELLER, 'none');

/**
 * The body's shape only: what it says (lengths, colour, number, image) is checked by the service, which
 * answers 422 with the field (decision 0178).
 */
const brandingBodySchema = z.object({
  name: z.string(),
  color: z.string(),
  whatsapp: z.string(),
  logo: z.string().nullable().optional(),
});

/** 'Página do cliente' on the profile (docs/product/screens.md#profile-settings, decision 0178). */
export const brandingRoutes: FastifyPluginAsyncZod<{ config: Config; branding: BrandingService }> = async (
  app,
  { config, branding },
) => {
  const tags = ['profile'];
  const panelBase = (request: Parameters<typeof publicBaseUrl>[0]) =>
    panelPublicBaseUrl(config, request) ?? publicBaseUrl(request, undefined);

  app.get(
    '/api/profile/branding',
    {
      config: { access: BRANDING },
      schema: {
        tags,
        summary: 'The caller’s customer page: name, colour, WhatsApp, logo and its address',
        response: { 200: brandingSchema, ...errorResponses },
      },
    },
    async (request) => branding.get(requireCaller(request), panelBase(request)),
  );

  app.put(
    '/api/profile/branding',
    {
      config: { access: BRANDING },
      schema: {
        tags,
        summary: 'Save the customer page’s name, colour, WhatsApp and logo (a data URL; null removes it)',
        body: brandingBodySchema,
        response: { 200: brandingSchema, ...errorResponses },
      },
    },
    async (request) => branding.save(requireCaller(request), request.body, panelBase(request)),
  );
};
