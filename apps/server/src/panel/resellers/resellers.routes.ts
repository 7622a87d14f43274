import { publisherFlagSchema } from '@panel/shared/catalog-requests/catalog-requests-api';
import { idParamsSchema, searchOptionSchema } from '@panel/shared/lists/list-query';
import { ledgerListSchema, ledgerQuerySchema } from '@panel/shared/money/ledger-entry-schema';
import { creditChangeSchema } from '@panel/shared/resellers/credit-change-schema';
import { editResellerSchema } from '@panel/shared/resellers/edit-reseller-schema';
import { newResellerSchema } from '@panel/shared/resellers/new-reseller-schema';
import { RESELLER_STATUS } from '@panel/shared/resellers/reseller-constants';
import {
  creditChangeResultSchema,
  resellerExportQuerySchema,
  resellerListQuerySchema,
  resellerListSchema,
  resellerSchema,
  resellerSearchSchema,
} from '@panel/shared/resellers/reseller-schema';
import { transferResellerSchema } from '@panel/shared/resellers/transfer-reseller-schema';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../db/database';
import { sendCsv } from '../../lib/csv/csv-answer';
import { errorResponses, noContent } from '../../lib/route-schemas';
import { ADMIN_ONLY, ADMIN_OR_RESELLER, withTokenScope } from '../../plugins/access';
import { requireCaller } from '../auth/caller';
import {
  changeResellerCredits,
  createReseller,
  getReseller,
  getResellerLedger,
  listResellers,
  searchResellerOptions,
  setResellerStatus,
  updateReseller,
} from './resellers.service';
import { setResellerPublisher } from './reseller-publisher.service';
import { deleteReseller, transferReseller } from './reseller-tree.service';
import { exportResellers } from './resellers-export.service';

const tags = ['resellers'];

// API tokens (decision 0137): reads take `read`; changes to sub-resellers `resellers`; credit moves `credits`.
const resellerChanges = withTokenScope(ADMIN_OR_RESELLER, 'resellers');
const adminResellerChanges = withTokenScope(ADMIN_ONLY, 'resellers');
const creditMoves = withTokenScope(ADMIN_OR_RESELLER, 'credits');
const readByPost = withTokenScope(ADMIN_OR_RESELLER, 'read');

export const resellersRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  app.get(
    '/api/resellers',
    {
      config: { access: ADMIN_OR_RESELLER },
      schema: {
        tags,
        summary: 'Resellers of the caller’s subtree (itself included), paged, sorted and filtered',
        querystring: resellerListQuerySchema,
        response: { 200: resellerListSchema, ...errorResponses },
      },
    },
    async (request) => listResellers(db, requireCaller(request), request.query),
  );

  app.get(
    '/api/resellers/export',
    {
      config: { access: ADMIN_OR_RESELLER },
      schema: {
        tags,
        summary:
          'CSV (UTF-8 with BOM, “;”) of every reseller the list shows with these filters, newest first, streamed',
        querystring: resellerExportQuerySchema,
        produces: ['text/csv'],
        response: errorResponses,
      },
    },
    async (request, reply) => sendCsv(reply, exportResellers(db, requireCaller(request), request.query)),
  );

  app.post(
    '/api/resellers',
    {
      config: { access: resellerChanges },
      schema: {
        tags,
        summary:
          'Create a reseller under the caller; its credits leave the caller’s balance (an admin mints)',
        body: newResellerSchema,
        response: { 201: resellerSchema, ...errorResponses },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await createReseller(db, requireCaller(request), request.body)),
  );

  app.post(
    '/api/resellers/select_search',
    {
      config: { access: readByPost },
      schema: {
        tags,
        summary: 'Options { label, value } for searchable selects, within the caller’s scope',
        body: resellerSearchSchema,
        response: { 200: z.array(searchOptionSchema), ...errorResponses },
      },
    },
    async (request) => searchResellerOptions(db, requireCaller(request), request.body.search),
  );

  app.post(
    '/api/resellers/transfer',
    {
      config: { access: adminResellerChanges },
      schema: {
        tags,
        summary: 'Move a reseller and its whole subtree under another master',
        body: transferResellerSchema,
        response: { 200: resellerSchema, ...errorResponses },
      },
    },
    async (request) => transferReseller(db, requireCaller(request), request.body),
  );

  app.get(
    '/api/resellers/:id',
    {
      config: { access: ADMIN_OR_RESELLER },
      schema: {
        tags,
        summary: 'One reseller of the caller’s subtree',
        params: idParamsSchema,
        response: { 200: resellerSchema, ...errorResponses },
      },
    },
    async (request) => getReseller(db, requireCaller(request), request.params.id),
  );

  app.put(
    '/api/resellers/:id',
    {
      config: { access: resellerChanges },
      schema: {
        tags,
        summary: 'Edit username, password (empty keeps it; a new one ends its sessions) and notes',
        params: idParamsSchema,
        body: editResellerSchema,
        response: { 200: resellerSchema, ...errorResponses },
      },
    },
    async (request) => updateReseller(db, requireCaller(request), request.params.id, request.body),
  );

  app.put(
    '/api/resellers/:id/publisher',
    {
      config: { access: adminResellerChanges },
      schema: {
        tags,
        summary:
          'Make the account a publisher (it must have no lines and no sub-resellers), or a reseller again',
        params: idParamsSchema,
        body: publisherFlagSchema,
        response: { 200: resellerSchema, ...errorResponses },
      },
    },
    async (request) =>
      setResellerPublisher(db, requireCaller(request), request.params.id, request.body.is_publisher),
  );

  app.delete(
    '/api/resellers/:id',
    {
      config: { access: adminResellerChanges },
      schema: {
        tags,
        summary: 'Remove a reseller: credits back to its master, sub-resellers to REVENDAS_DELETADOS',
        params: idParamsSchema,
        response: { ...noContent, ...errorResponses },
      },
    },
    async (request, reply) => {
      await deleteReseller(db, requireCaller(request), request.params.id);
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/api/resellers/:id/block',
    {
      config: { access: resellerChanges },
      schema: {
        tags,
        summary: 'Block a reseller and end its sessions at once',
        params: idParamsSchema,
        response: { 200: resellerSchema, ...errorResponses },
      },
    },
    async (request) =>
      setResellerStatus(db, requireCaller(request), request.params.id, RESELLER_STATUS.blocked),
  );

  app.post(
    '/api/resellers/:id/unblock',
    {
      config: { access: resellerChanges },
      schema: {
        tags,
        summary: 'Unblock a reseller',
        params: idParamsSchema,
        response: { 200: resellerSchema, ...errorResponses },
      },
    },
    async (request) =>
      setResellerStatus(db, requireCaller(request), request.params.id, RESELLER_STATUS.active),
  );

  app.post(
    '/api/resellers/:id/credits',
    {
      config: { access: creditMoves },
      schema: {
        tags,
        summary: 'Give (value > 0) or take back (value < 0) credits; |value| ≥ 10',
        params: idParamsSchema,
        body: creditChangeSchema,
        response: { 200: creditChangeResultSchema, ...errorResponses },
      },
    },
    async (request) => changeResellerCredits(db, requireCaller(request), request.params.id, request.body),
  );

  app.get(
    '/api/resellers/:id/ledger',
    {
      config: { access: ADMIN_OR_RESELLER },
      schema: {
        tags,
        summary: 'Credit statement of one reseller of the caller’s subtree',
        params: idParamsSchema,
        querystring: ledgerQuerySchema,
        response: { 200: ledgerListSchema, ...errorResponses },
      },
    },
    async (request) => getResellerLedger(db, requireCaller(request), request.params.id, request.query),
  );
};
