import { panelSettingsSchema, panelSettingsUpdateSchema } from '@panel/shared/settings/panel-settings-api';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '../../db/database';
import { errorResponses } from '../../lib/route-schemas';
import { ADMIN_ONLY } from '../../plugins/access';
import { readPanelSettings, savePanelSettings } from './panel-settings.service';

/** The admin's panel settings (docs/product/constants.md#panel-settings). */
export const panelSettingsRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  const tags = ['panel settings'];
  const config = { access: ADMIN_ONLY };

  app.get(
    '/api/admin/panel',
    {
      config,
      schema: {
        tags,
        summary: 'Every panel setting with its value (the default when never set)',
        response: { 200: panelSettingsSchema, ...errorResponses },
      },
    },
    async () => readPanelSettings(db),
  );

  app.put(
    '/api/admin/panel',
    {
      config,
      schema: {
        tags,
        summary: 'Change one or more panel settings; unknown keys and bad values are refused',
        body: panelSettingsUpdateSchema,
        response: { 200: panelSettingsSchema, ...errorResponses },
      },
    },
    async (request) => {
      const saved = await savePanelSettings(db, request.body);
      // The main domain is the panel's own host, never a reseller's (decision 0069): hosts are looked up again.
      if (request.body.main_domain !== undefined) await app.deliveryNotices.send({ kind: 'hosts' });
      return saved;
    },
  );
};
