import { idParamsSchema } from '@panel/shared/lists/list-query';
import {
  lineSetupMessagesSchema,
  setupAppParamsSchema,
  setupTemplateInputSchema,
  setupTemplateListSchema,
  setupTemplateSchema,
} from '@panel/shared/setup-messages/setup-messages-api';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Config } from '../../config';
import type { Database } from '../../db/database';
import { publicBaseUrl } from '../../lib/public-base-url';
import { errorResponses } from '../../lib/route-schemas';
import { ADMIN_ONLY, ADMIN_OR_RESELLER } from '../../plugins/access';
import { requireCaller } from '../auth/caller';
import { createSetupMessagesService } from './setup-messages.service';

/** Setup messages of a line and the admin's templates (docs/product/screens.md#users, decision 0050). */
export const setupMessagesRoutes: FastifyPluginAsyncZod<{ db: Database; config: Config }> = async (
  app,
  { db, config },
) => {
  const service = createSetupMessagesService(db, config.SHORT_LINK_SCHEME);
  const tags = ['setup messages'];
  const admin = { access: ADMIN_ONLY };
  const params = setupAppParamsSchema;

  app.get(
    '/api/users/:id/setup-messages',
    {
      config: { access: ADMIN_OR_RESELLER },
      schema: {
        tags,
        summary:
          'The setup message of each client app that fits the line’s system, filled in, with the address its QR code holds',
        params: idParamsSchema,
        response: { 200: lineSetupMessagesSchema, ...errorResponses },
      },
    },
    async (request) =>
      service.forLine(
        requireCaller(request),
        request.params.id,
        publicBaseUrl(request, config.PLAYER_BASE_URL),
      ),
  );

  app.get(
    '/api/admin/setup-messages',
    {
      config: admin,
      schema: {
        tags,
        summary: 'Each client app’s setup message template: the admin’s text or the default',
        response: { 200: setupTemplateListSchema, ...errorResponses },
      },
    },
    async () => ({ data: await service.list() }),
  );

  app.put(
    '/api/admin/setup-messages/:app',
    {
      config: admin,
      schema: {
        tags,
        summary: 'Replace an app’s setup message template',
        params,
        body: setupTemplateInputSchema,
        response: { 200: setupTemplateSchema, ...errorResponses },
      },
    },
    async (request) => service.save(requireCaller(request), request.params.app, request.body.body),
  );

  app.delete(
    '/api/admin/setup-messages/:app',
    {
      config: admin,
      schema: {
        tags,
        summary: 'Restore an app’s default setup message template',
        params,
        response: { 200: setupTemplateSchema, ...errorResponses },
      },
    },
    async (request) => service.restore(request.params.app),
  );
};
