import {
  analyticsListSchema,
  analyticsQuerySchema,
  topViewedQuerySchema,
  topViewedSchema,
} from '@panel/shared/analytics/analytics-api';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '../../db/database';
import { errorResponses } from '../../lib/route-schemas';
import { ADMIN_OR_PUBLISHER, ANY_ROLE } from '../../plugins/access';
import { requireCaller } from '../auth/caller';
import { analyticsViews, topViewed } from './analytics.service';

/** Reads of the daily view counters (decision 0047). */
export const analyticsRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  app.get(
    '/api/analytics/views',
    {
      config: { access: ADMIN_OR_PUBLISHER },
      schema: {
        tags: ['analytics'],
        summary:
          'Views of the library in a period (days: 90 whole, 1 today, 3, 7, 14, 30, 60) for one type (streams = movies, series = their episodes summed, channels, lives = 24h channels), most viewed first, with each item’s share of the type’s views',
        querystring: analyticsQuerySchema,
        response: { 200: analyticsListSchema, ...errorResponses },
      },
    },
    async (request) => analyticsViews(db, request.query),
  );

  app.get(
    '/api/dashboard/top-viewed',
    {
      config: { access: ANY_ROLE },
      schema: {
        tags: ['dashboard'],
        summary:
          'The most viewed movies and series of the library in a period (default 7 days): 10 each for admins, 5 for others',
        querystring: topViewedQuerySchema,
        response: { 200: topViewedSchema, ...errorResponses },
      },
    },
    async (request) => topViewed(db, requireCaller(request), request.query),
  );
};
