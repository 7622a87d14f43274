import { dashboardStatsSchema, expiringLinesSchema } from '@panel/shared/dashboard/dashboard-api';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Config } from '../../config';
import type { Database } from '../../db/database';
import { errorResponses } from '../../lib/route-schemas';
import { ANY_ROLE } from '../../plugins/access';
import { requireCaller } from '../auth/caller';
import { dashboardExpiring, dashboardStats } from './dashboard.service';

/** The dashboard opens for every role; a publisher's subtree simply has no lines. */
export const dashboardRoutes: FastifyPluginAsyncZod<{ db: Database; config: Config }> = async (
  app,
  { db, config },
) => {
  const tags = ['dashboard'];
  app.get(
    '/api/dashboard/stats',
    {
      config: { access: ANY_ROLE },
      schema: {
        tags,
        summary:
          'Counts in the caller’s subtree: resellers, users, active users, new users (7 days), lines online and live connections (IPTV + P2P)',
        response: { 200: dashboardStatsSchema, ...errorResponses },
      },
    },
    async (request) => dashboardStats(db, requireCaller(request), config.CONNECTION_TTL_SECONDS),
  );

  app.get(
    '/api/dashboard/expiring',
    {
      config: { access: ANY_ROLE },
      schema: {
        tags,
        summary:
          'Five paying lines (no trials) of the subtree expiring within 7 days (not yet expired), soonest first',
        response: { 200: expiringLinesSchema, ...errorResponses },
      },
    },
    async (request) => dashboardExpiring(db, requireCaller(request)),
  );
};
