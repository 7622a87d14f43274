import {
  panelTextInputSchema,
  panelTextListSchema,
  panelTextParamsSchema,
  panelTextSchema,
} from '@panel/shared/panel-texts/panel-texts-api';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '../../db/database';
import { errorResponses } from '../../lib/route-schemas';
import { ADMIN_ONLY, ANY_ROLE } from '../../plugins/access';
import { requireCaller } from '../auth/caller';
import { createPanelTextsService } from './panel-texts.service';

/** The texts of the manual, server rules and responsibilities dialogs (decision 0059). */
export const panelTextsRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  const service = createPanelTextsService(db);
  const tags = ['panel texts'];
  const admin = { access: ADMIN_ONLY };
  const params = panelTextParamsSchema;

  app.get(
    '/api/panel-texts',
    {
      config: { access: ANY_ROLE },
      schema: {
        tags,
        summary: 'The manual, server rules and responsibilities texts: the admin’s edit or the default',
        response: { 200: panelTextListSchema, ...errorResponses },
      },
    },
    async () => ({ data: await service.list() }),
  );

  app.put(
    '/api/admin/panel-texts/:key',
    {
      config: admin,
      schema: {
        tags,
        summary: 'Replace a dialog’s text (bold and italic only: everything else is removed)',
        params,
        body: panelTextInputSchema,
        response: { 200: panelTextSchema, ...errorResponses },
      },
    },
    async (request) => service.save(requireCaller(request), request.params.key, request.body.body),
  );

  app.delete(
    '/api/admin/panel-texts/:key',
    {
      config: admin,
      schema: {
        tags,
        summary: 'Restore a dialog’s default text',
        params,
        response: { 200: panelTextSchema, ...errorResponses },
      },
    },
    async (request) => service.restore(request.params.key),
  );
};
