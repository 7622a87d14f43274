import {
  batchListQuerySchema,
  batchListSchema,
  batchSchema,
  batchStockSchema,
  buyBatchResultSchema,
  buyBatchSchema,
  cancelCodeResultSchema,
  codeListQuerySchema,
  codeListSchema,
} from '@panel/shared/activation-codes/activation-codes-api';
import { idParamsSchema } from '@panel/shared/lists/list-query';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '../../db/database';
import { errorResponses } from '../../lib/route-schemas';
import { LINE_ROUTES } from '../../plugins/access';
import { requireCaller } from '../auth/caller';
import { cancelCode } from './activation-code-cancel.service';
import { buyBatch, getBatch, getBatchStock, listBatches } from './activation-batches.service';
import { batchCodesForExport, listCodes } from './activation-codes-list.service';
import { sendCsv } from '../../lib/csv/csv-answer';
import { batchCodesCsv } from './activation-codes-csv';

const tags = ['activation-codes'];
// Reads take a `read` API token, changes a `lines` one, as the lines' routes (decision 0137).
const access = LINE_ROUTES;

/** The activation codes screen's API (docs/product/screens.md#activation-codes, decisions 0145–0149). */
export const activationCodesRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  app.get(
    '/api/activation-batches',
    {
      config: { access },
      schema: {
        tags,
        summary: 'Batches of activation codes of the caller’s subtree (admin: all), newest first',
        querystring: batchListQuerySchema,
        response: { 200: batchListSchema, ...errorResponses },
      },
    },
    async (request) => listBatches(db, requireCaller(request), request.query),
  );

  app.post(
    '/api/activation-batches',
    {
      config: { access },
      schema: {
        tags,
        summary:
          'Buy 1 to 500 codes of one package, screens and service; costs what the same lines cost, one ledger movement',
        body: buyBatchSchema,
        response: { 201: buyBatchResultSchema, ...errorResponses },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await buyBatch(db, requireCaller(request), request.body)),
  );

  app.get(
    '/api/activation-batches/:id',
    {
      config: { access },
      schema: {
        tags,
        summary: 'One batch of the caller’s subtree',
        params: idParamsSchema,
        response: { 200: batchSchema, ...errorResponses },
      },
    },
    async (request) => getBatch(db, requireCaller(request), request.params.id),
  );

  app.get(
    '/api/activation-batches/:id/stock',
    {
      config: { access },
      schema: {
        tags,
        summary: 'The batch’s unused codes, for the print sheet and copying',
        params: idParamsSchema,
        response: { 200: batchStockSchema, ...errorResponses },
      },
    },
    async (request) => getBatchStock(db, requireCaller(request), request.params.id),
  );

  app.get(
    '/api/activation-batches/:id/codes.csv',
    {
      config: { access },
      schema: {
        tags,
        summary: 'The batch’s codes as CSV (UTF-8 with BOM, “;” between cells)',
        params: idParamsSchema,
        response: errorResponses,
      },
    },
    async (request, reply) => {
      const { batch, codes } = await batchCodesForExport(db, requireCaller(request), request.params.id);
      return sendCsv(reply, batchCodesCsv(batch, codes, new Date()));
    },
  );

  app.get(
    '/api/activation-codes',
    {
      config: { access },
      schema: {
        tags,
        summary: 'Codes of the caller’s batches: one batch or all, by state and by the digits they contain',
        querystring: codeListQuerySchema,
        response: { 200: codeListSchema, ...errorResponses },
      },
    },
    async (request) => listCodes(db, requireCaller(request), request.query),
  );

  app.post(
    '/api/activation-codes/:id/cancel',
    {
      config: { access },
      schema: {
        tags,
        summary: 'Cancel an unused code: it stops working at once and its price comes back once',
        params: idParamsSchema,
        response: { 200: cancelCodeResultSchema, ...errorResponses },
      },
    },
    async (request) => cancelCode(db, requireCaller(request), request.params.id),
  );
};
