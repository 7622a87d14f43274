import { screensPolicySchema } from '@panel/shared/online/screens-policy';
import { idParamsSchema } from '@panel/shared/lists/list-query';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '../../db/database';
import { errorResponses, noContent } from '../../lib/route-schemas';
import { LINE_ROUTES } from '../../plugins/access';
import { requireCaller } from '../auth/caller';
import { readPanelSettings } from '../panel-settings/panel-settings.service';
import type { ConnectionTracker } from '../../delivery/for-panel';
import { disconnectConnection } from './disconnect.service';

/**
 * The disconnect action of /users/iptv/connections (docs/product/screens.md#online-users, decision 0044) and
 * the screens policy the screens dialog shows (decision 0062).
 */
export const onlineActionsRoutes: FastifyPluginAsyncZod<{
  db: Database;
  tracker: ConnectionTracker;
}> = async (app, { db, tracker }) => {
  app.get(
    '/api/users/screens-policy',
    {
      config: { access: LINE_ROUTES },
      schema: {
        tags: ['users'],
        summary:
          'How screens are held and freed: the grace (proxy), the hold (redirect) and the end-oldest setting',
        response: { 200: screensPolicySchema, ...errorResponses },
      },
    },
    async () => {
      const { settings } = tracker;
      const panel = await readPanelSettings(db);
      return {
        grace_seconds: settings.graceSeconds,
        hold_seconds: settings.ttlSeconds,
        ends_oldest: panel.screens_end_oldest === 'true',
      };
    },
  );

  app.post(
    '/api/users/connections/:id/disconnect',
    {
      config: { access: LINE_ROUTES },
      schema: {
        tags: ['users'],
        summary:
          'End a live connection of the caller’s subtree: a proxied stream is cut at once, an edge is told (signed, retried); logged',
        params: idParamsSchema,
        response: { ...noContent, ...errorResponses },
      },
    },
    async (request, reply) => {
      await disconnectConnection(db, tracker, requireCaller(request), request.params.id);
      return reply.status(204).send(null);
    },
  );
};
