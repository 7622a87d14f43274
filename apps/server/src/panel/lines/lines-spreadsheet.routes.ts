import { lineExportQuerySchema } from '@panel/shared/lines/line-api';
import {
  LINE_IMPORT_LIMITS,
  LINE_IMPORT_MESSAGES,
  lineImportPreviewSchema,
  lineImportQuerySchema,
  lineImportResultSchema,
} from '@panel/shared/lines/line-import';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '../../db/database';
import { sendCsv } from '../../lib/csv/csv-answer';
import { errorResponses } from '../../lib/route-schemas';
import { LINE_ROUTES } from '../../plugins/access';
import { requireCaller } from '../auth/caller';
import { fileRefusal } from './import/line-import-file';
import { importLines, previewLineImport } from './import/line-import.service';
import { exportLines } from './lines-export.service';

const tags = ['users'];
const CSV_TYPES = ['text/csv', 'application/csv', 'application/vnd.ms-excel', 'application/octet-stream'];

/** The uploaded file's bytes, or undefined when the request carried none (or JSON instead of a file). */
function fileOf(request: FastifyRequest): Uint8Array | undefined {
  return request.body instanceof Uint8Array ? request.body : undefined;
}

/**
 * /users in and out of spreadsheets (decisions 0155–0157): the CSV export of the filtered list, and the
 * import of customers from another panel in two steps, a preview and the import.
 */
export const linesSpreadsheetRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  // The file is the body, as it is. Read here so a file over the limit answers the import's own 422 (a
  // framework's body limit would answer a bare 400); encapsulated, so only these routes take CSV bodies.
  app.addContentTypeParser(CSV_TYPES, async (_request: FastifyRequest, payload: AsyncIterable<Buffer>) => {
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of payload) {
      size += chunk.length;
      if (size > LINE_IMPORT_LIMITS.maxBytes) throw fileRefusal(LINE_IMPORT_MESSAGES.fileTooLarge);
      chunks.push(chunk);
    }
    return Buffer.concat(chunks);
  });

  app.get(
    '/api/users/export',
    {
      config: { access: LINE_ROUTES },
      schema: {
        tags,
        summary:
          'CSV (UTF-8 with BOM, “;”) of every line the list shows with these filters, newest first, streamed',
        querystring: lineExportQuerySchema,
        produces: ['text/csv'],
        response: errorResponses,
      },
    },
    async (request, reply) => sendCsv(reply, await exportLines(db, requireCaller(request), request.query)),
  );

  app.post(
    '/api/users/import/preview',
    {
      config: { access: LINE_ROUTES },
      schema: {
        tags,
        summary:
          'Check a CSV of customers (the body, text/csv, ≤ 1 MB, ≤ 1.000 rows): each row’s result, the total cost and the balance; writes nothing',
        consumes: CSV_TYPES,
        response: { 200: lineImportPreviewSchema, ...errorResponses },
      },
    },
    async (request) => previewLineImport(db, requireCaller(request), fileOf(request)),
  );

  app.post(
    '/api/users/import',
    {
      config: { access: LINE_ROUTES },
      schema: {
        tags,
        summary:
          'Create the valid rows of a CSV of customers in one transaction, charging what the preview said (409 when it changed)',
        consumes: CSV_TYPES,
        querystring: lineImportQuerySchema,
        response: { 200: lineImportResultSchema, ...errorResponses },
      },
    },
    async (request) =>
      importLines(db, requireCaller(request), fileOf(request), {
        total: request.query.expected_total,
        lines: request.query.expected_lines,
      }),
  );
};
