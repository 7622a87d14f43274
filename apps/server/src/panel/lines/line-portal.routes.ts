import { linePortalSchema, portalMessageSchema } from '@panel/shared/portal/portal-api';
import { idParamsSchema } from '@panel/shared/lists/list-query';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Config } from '../../config';
import type { Database } from '../../db/database';
import { publicBaseUrl } from '../../lib/public-base-url';
import { errorResponses, noContent } from '../../lib/route-schemas';
import { ADMIN_OR_RESELLER, LINE_ROUTES } from '../../plugins/access';
import { requireCaller } from '../auth/caller';
import { getLinePortal, releasePortalDevice, sendPortalMessage } from './line-portal.service';

const tags = ['users'];
// Reading the portal is `read`; releasing the box and messaging it act on the line (`lines`, decision 0137).
const access = ADMIN_OR_RESELLER;
const params = idParamsSchema;

/** A hybrid line's portal (docs/product/portal.md): its state, 'Liberar aparelho' and a message to the box. */
export const linePortalRoutes: FastifyPluginAsyncZod<{ db: Database; config: Config }> = async (
  app,
  { db, config },
) => {
  const baseUrl = (request: Parameters<typeof publicBaseUrl>[0]) =>
    publicBaseUrl(request, config.PLAYER_BASE_URL);

  app.get(
    '/api/users/:id/portal',
    {
      config: { access },
      schema: {
        tags,
        summary: 'A hybrid line’s portal: address, MAC, the box it is locked to, a refused box',
        params,
        response: { 200: linePortalSchema, ...errorResponses },
      },
    },
    async (request) => getLinePortal(db, requireCaller(request), request.params.id, baseUrl(request)),
  );

  app.post(
    '/api/users/:id/portal/release-device',
    {
      config: { access: LINE_ROUTES },
      schema: {
        tags,
        summary: 'Liberar aparelho: the next box to boot is registered',
        params,
        response: { 200: linePortalSchema, ...errorResponses },
      },
    },
    async (request) => releasePortalDevice(db, requireCaller(request), request.params.id, baseUrl(request)),
  );

  app.post(
    '/api/users/:id/portal/message',
    {
      config: { access: LINE_ROUTES },
      schema: {
        tags,
        summary: 'A message shown on the line’s box at its next watchdog call',
        params,
        body: portalMessageSchema,
        response: { ...noContent, ...errorResponses },
      },
    },
    async (request, reply) => {
      await sendPortalMessage(db, requireCaller(request), request.params.id, request.body.message);
      return reply.status(204).send(null);
    },
  );
};
