import { ledgerListSchema, ledgerQuerySchema } from '@panel/shared/money/ledger-entry-schema';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '../../db/database';
import { errorResponses } from '../../lib/route-schemas';
import { ANY_ROLE } from '../../plugins/access';
import { requireCaller } from '../auth/caller';
import { listAccountLedger } from './ledger.service';

export const ledgerRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  app.get(
    '/api/credits/ledger',
    {
      config: { access: ANY_ROLE },
      schema: {
        tags: ['credits'],
        summary: 'The caller’s own credit statement (every balance change, newest first)',
        querystring: ledgerQuerySchema,
        response: { 200: ledgerListSchema, ...errorResponses },
      },
    },
    async (request) => listAccountLedger(db, requireCaller(request).id, request.query),
  );
};
