import { lineActionResultSchema } from '@panel/shared/lines/line-api';
import {
  migrationCheckResultSchema,
  migrationCheckSchema,
  migrationMigrateSchema,
} from '@panel/shared/migration/migration-api';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Config } from '../../config';
import type { Database } from '../../db/database';
import { errorResponses } from '../../lib/route-schemas';
import { ADMIN_OR_RESELLER } from '../../plugins/access';
import { requireCaller } from '../auth/caller';
import { toActionResult } from '../lines/line-action-runner';
import { checkMigration, migrateLine } from './migration.service';

/**
 * Migration of a customer from another provider (docs/product/screens.md#migration-dialog, decision 0052).
 * Resellers reach it only when user_migration_list is 'true' (the service answers 403 otherwise).
 */
export const migrationRoutes: FastifyPluginAsyncZod<{ db: Database; config: Config }> = async (
  app,
  { db, config },
) => {
  const tags = ['migration'];
  const routeConfig = { access: ADMIN_OR_RESELLER };

  app.post(
    '/api/migration/check',
    {
      config: routeConfig,
      schema: {
        tags,
        summary: 'Read a customer’s line from another provider’s player API and price its migration',
        body: migrationCheckSchema,
        response: { 200: migrationCheckResultSchema, ...errorResponses },
      },
    },
    async (request) => checkMigration(db, config, requireCaller(request), request.body.url),
  );

  app.post(
    '/api/migration/migrate',
    {
      config: routeConfig,
      schema: {
        tags,
        summary: 'Check again, create the line with the same credentials and charge its remaining days',
        body: migrationMigrateSchema,
        response: { 201: lineActionResultSchema, ...errorResponses },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(toActionResult(await migrateLine(db, config, requireCaller(request), request.body))),
  );
};
