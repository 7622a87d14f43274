import {
  bulkCreateRequestSchema,
  bulkIdParamsSchema,
  bulkPreviewRequestSchema,
  bulkPreviewSchema,
  bulkProgressSchema,
  bulkResultSchema,
} from '@panel/shared/line-bulk/bulk-api';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Config } from '../../config';
import type { Database } from '../../db/database';
import { publicBaseUrl } from '../../lib/public-base-url';
import { errorResponses } from '../../lib/route-schemas';
import { ADMIN_OR_RESELLER, LINE_ROUTES, withTokenScope } from '../../plugins/access';
import { requireCaller } from '../auth/caller';
import { createSetupMessagesService } from '../setup-messages/setup-messages.service';
import { bulkResult, cancelBulk, createBulk, previewBulk } from './bulk-actions.service';
import { sendCsv } from '../../lib/csv/csv-answer';
import { bulkResultCsv } from './bulk-result-csv';
import { runBulkChunk } from './bulk-run.service';

const tags = ['users'];
// Like the single-line actions: admins and resellers; an API token needs `lines` for the changes, `read`
// for the preview, which changes nothing (decision 0137).
const access = LINE_ROUTES;
const readByPost = withTokenScope(ADMIN_OR_RESELLER, 'read');
const params = bulkIdParamsSchema;
const progress = { 200: bulkProgressSchema, ...errorResponses };

/**
 * /api/users/bulk: one action on up to 1.000 lines (docs/product/api.md#calls, decisions 0150–0154).
 * Preview, create, then run in chunks until nothing is pending; the result per line, also as CSV.
 */
export const bulkActionsRoutes: FastifyPluginAsyncZod<{ db: Database; config: Config }> = async (
  app,
  { db, config },
) => {
  app.post(
    '/api/users/bulk/preview',
    {
      config: { access: readByPost },
      schema: {
        tags,
        summary:
          'Which lines a bulk action takes (ticked ids or the /users filters, at most 1.000), its total price and the balance',
        body: bulkPreviewRequestSchema,
        response: { 200: bulkPreviewSchema, ...errorResponses },
      },
    },
    async (request) => previewBulk(db, requireCaller(request), request.body),
  );

  app.post(
    '/api/users/bulk',
    {
      config: { access },
      schema: {
        tags,
        summary: 'Record a bulk action on up to 1.000 lines (all pending, one log row); run it with /run',
        body: bulkCreateRequestSchema,
        response: { 201: bulkProgressSchema, ...errorResponses },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await createBulk(db, requireCaller(request), request.body)),
  );

  app.post(
    '/api/users/bulk/:id/run',
    {
      config: { access },
      schema: {
        tags,
        summary:
          'Do the next pending lines of the caller’s bulk action, each in its own transaction; call again until finished',
        params,
        response: progress,
      },
    },
    async (request) => {
      const setupMessages = (tx: Database) => createSetupMessagesService(tx, config.SHORT_LINK_SCHEME);
      const baseUrl = publicBaseUrl(request, config.PLAYER_BASE_URL);
      return runBulkChunk(
        {
          db,
          tracker: app.connections,
          renewalMessage: (tx, caller, id) => setupMessages(tx).renewalMessage(caller, id, baseUrl),
          onUnexpected: (error) => request.log.error({ err: error }, 'bulk action line failed'),
        },
        requireCaller(request),
        request.params.id,
      );
    },
  );

  app.post(
    '/api/users/bulk/:id/cancel',
    {
      config: { access },
      schema: {
        tags,
        summary: 'Stop a bulk action: its pending lines are not done',
        params,
        response: progress,
      },
    },
    async (request) => cancelBulk(db, requireCaller(request), request.params.id),
  );

  app.get(
    '/api/users/bulk/:id',
    {
      config: { access },
      schema: {
        tags,
        summary: 'A bulk action of the caller: its progress and each line (done, refused and why, not done)',
        params,
        response: { 200: bulkResultSchema, ...errorResponses },
      },
    },
    async (request) => bulkResult(db, requireCaller(request), request.params.id),
  );

  app.get(
    '/api/users/bulk/:id/result.csv',
    {
      config: { access },
      schema: {
        tags,
        summary: 'The result of a bulk action as CSV (UTF-8 with BOM, “;”)',
        params,
        response: errorResponses,
      },
    },
    async (request, reply) => {
      const result = await bulkResult(db, requireCaller(request), request.params.id);
      return sendCsv(reply, bulkResultCsv(result));
    },
  );
};
