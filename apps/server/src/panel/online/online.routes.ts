import {
  onlineConnectionListSchema,
  onlineConnectionQuerySchema,
  p2pOnlineListSchema,
} from '@panel/shared/online/online-api';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Config } from '../../config';
import type { Database } from '../../db/database';
import { errorResponses } from '../../lib/route-schemas';
import { ADMIN_OR_RESELLER } from '../../plugins/access';
import { requireCaller } from '../auth/caller';
import { onlineConnections, onlineP2pSessions } from './online.service';

/** The reads of docs/product/screens.md#online-users (decision 0046). Publishers have no lines. */
export const onlineRoutes: FastifyPluginAsyncZod<{ db: Database; config: Config }> = async (
  app,
  { db, config },
) => {
  const access = ADMIN_OR_RESELLER;
  app.get(
    '/api/users/connections',
    {
      config: { access },
      schema: {
        tags: ['users'],
        summary:
          'Active IPTV connections of the caller’s subtree (admin: all), newest first, paged; total exact up to 1.000, else “more than total”',
        querystring: onlineConnectionQuerySchema,
        response: { 200: onlineConnectionListSchema, ...errorResponses },
      },
    },
    async (request) =>
      onlineConnections(db, requireCaller(request), request.query, {
        ttlSeconds: config.CONNECTION_TTL_SECONDS,
        geoIpSource: app.geoIp.source,
      }),
  );

  app.get(
    '/api/p2p-users/online',
    {
      config: { access },
      schema: {
        tags: ['p2p'],
        summary:
          'Active P2P sessions of the caller’s subtree (admin: all), most recently reported first, at most 1.000',
        response: { 200: p2pOnlineListSchema, ...errorResponses },
      },
      // Up to 1.000 rows built by the service and typed by the same schema: written with JSON.stringify
      // instead of being re-validated by zod, as the lines list does (decision 0018). Errors still leave
      // through the error handler.
      serializerCompiler: () => (data) => JSON.stringify(data),
    },
    async (request) => onlineP2pSessions(db, requireCaller(request), config.CONNECTION_TTL_SECONDS),
  );
};
