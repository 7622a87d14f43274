import {
  checkMacResultSchema,
  checkMacSchema,
  cleanupExpiredSchema,
  cleanupResultSchema,
  createLineResultSchema,
  type CreateLineResult,
  createLineSchema,
  createTrialLineSchema,
  editLineSchema,
  lineListQuerySchema,
  lineListResponseSchema,
  lineSchema,
  lineSearchSchema,
} from '@panel/shared/lines/line-api';
import { lineLinksResponseSchema } from '@panel/shared/lines/line-links';
import { idParamsSchema, searchOptionSchema } from '@panel/shared/lists/list-query';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config } from '../../config';
import type { Database } from '../../db/database';
import { publicBaseUrl } from '../../lib/public-base-url';
import { errorResponses, noContent } from '../../lib/route-schemas';
import { ADMIN_OR_RESELLER, LINE_ROUTES, withTokenScope } from '../../plugins/access';
import { requireCaller } from '../auth/caller';
import { toActionResult } from './line-action-runner';
import { lineActionsRoutes } from './line-actions.routes';
import { cleanupExpiredLines } from './line-cleanup.service';
import { createLine, type CreateLine, type CreateTrialLine } from './line-create.service';
import { getLineLinks } from './line-links.service';
import { linePortalRoutes } from './line-portal.routes';
import { deleteLine, editLine } from './line-edit.service';
import { checkMac } from './line-system.service';
import { getLine, listLines, searchLines } from './lines-list.service';
import { linesSpreadsheetRoutes } from './lines-spreadsheet.routes';
import { tvAppsFromConfig } from './tv-apps/tv-apps';
import { connectCreatedLine } from './tv-apps/tv-apps.service';

const tags = ['users'];
// Reads take a `read` API token, changes a `lines` one; the searches below read through POST (decision 0137).
const access = LINE_ROUTES;
const readByPost = withTokenScope(ADMIN_OR_RESELLER, 'read');

/** /api/users: the lines of docs/product/screens.md#users (docs/api-contract-lines.md). Publishers have no lines. */
export const linesRoutes: FastifyPluginAsyncZod<{ db: Database; config: Config }> = async (
  app,
  { db, config },
) => {
  const tvApps = tvAppsFromConfig(config);

  /** Creates the line, then, with `dreamtv_mac`, its DreamTV playlist (docs/product/rules.md#dreamtv-mac). */
  async function createWithDreamTv(
    request: FastifyRequest,
    input: CreateLine | CreateTrialLine,
    options: { trial: boolean },
  ): Promise<CreateLineResult> {
    const caller = requireCaller(request);
    const result = toActionResult(await createLine(db, caller, input, options));
    if (input.dreamtv_mac === undefined) return result;
    const baseUrl = publicBaseUrl(request, config.PLAYER_BASE_URL);
    const done = await connectCreatedLine(db, caller, result.line.id, input.dreamtv_mac, tvApps, baseUrl);
    return { ...result, line: done.line ?? result.line, dreamtv: done.dreamtv };
  }

  app.get(
    '/api/users',
    {
      config: { access },
      schema: {
        tags,
        summary:
          'Lines of the caller’s subtree (admin: all), paged, sorted, filtered; total exact up to 1.000 (not counted for text searches), else “more than total”',
        querystring: lineListQuerySchema,
        response: { 200: lineListResponseSchema, ...errorResponses },
      },
      // The busiest read of the panel: its rows are built by toLine and typed by the same schema, so they
      // are written with JSON.stringify instead of being re-validated by zod (a third of the route's CPU
      // for 10 rows, more for 100; decision 0018). Errors still leave through the error handler.
      serializerCompiler: () => (data) => JSON.stringify(data),
    },
    async (request) => listLines(db, requireCaller(request), request.query),
  );

  app.post(
    '/api/users',
    {
      config: { access },
      schema: {
        tags,
        summary: 'Create a line with its system; costs the package’s official credits (admin: free)',
        body: createLineSchema,
        response: { 201: createLineResultSchema, ...errorResponses },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await createWithDreamTv(request, request.body, { trial: false })),
  );

  app.post(
    '/api/users/trial_users',
    {
      config: { access },
      schema: {
        tags,
        summary: 'Create a free trial line (package 61) when trial_user_create_enabled is on',
        body: createTrialLineSchema,
        response: { 201: createLineResultSchema, ...errorResponses },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await createWithDreamTv(request, request.body, { trial: true })),
  );

  app.post(
    '/api/users/select_search',
    {
      config: { access: readByPost },
      schema: {
        tags,
        summary: 'Options { label: username, value: id } of lines in scope, at most 20',
        body: lineSearchSchema,
        response: { 200: z.array(searchOptionSchema), ...errorResponses },
      },
    },
    async (request) => searchLines(db, requireCaller(request), request.body.search),
  );

  app.post(
    '/api/users/checkmac',
    {
      config: { access: readByPost },
      schema: {
        tags,
        summary: 'Is this MAC free? 200 { available: true } or 409 on macaddr',
        body: checkMacSchema,
        response: { 200: checkMacResultSchema, ...errorResponses },
      },
    },
    async (request) => checkMac(db, requireCaller(request), request.body),
  );

  app.delete(
    '/api/users/cleanup/expired-trials',
    {
      config: { access },
      schema: {
        tags,
        summary: 'Remove the expired trials of the caller’s subtree',
        response: { 200: cleanupResultSchema, ...errorResponses },
      },
    },
    async (request) => cleanupExpiredLines(db, requireCaller(request), { kind: 'expired_trials' }),
  );

  app.delete(
    '/api/users/cleanup/expired-users',
    {
      config: { access },
      schema: {
        tags,
        summary: 'Remove the lines of the caller’s subtree expired more than 3, 10 or 30 days ago',
        body: cleanupExpiredSchema,
        response: { 200: cleanupResultSchema, ...errorResponses },
      },
    },
    async (request) =>
      cleanupExpiredLines(db, requireCaller(request), { kind: 'expired_users', days: request.body.days }),
  );

  app.get(
    '/api/users/:id',
    {
      config: { access },
      schema: {
        tags,
        summary: 'One line of the caller’s subtree',
        params: idParamsSchema,
        response: { 200: lineSchema, ...errorResponses },
      },
    },
    async (request) => getLine(db, requireCaller(request), request.params.id),
  );

  app.get(
    '/api/users/:id/links',
    {
      config: { access },
      schema: {
        tags,
        summary:
          'The line’s playlist links: player API base, M3U, M3U Plus, HLS and EPG (docs/product/screens.md#line-links)',
        params: idParamsSchema,
        response: { 200: lineLinksResponseSchema, ...errorResponses },
      },
    },
    async (request) =>
      getLineLinks(
        db,
        requireCaller(request),
        request.params.id,
        publicBaseUrl(request, config.PLAYER_BASE_URL),
      ),
  );

  app.put(
    '/api/users/:id',
    {
      config: { access },
      schema: {
        tags,
        summary: 'Edit a line (hybrid: bouquets, name, MAC and notes only); absent fields are kept',
        params: idParamsSchema,
        body: editLineSchema,
        response: { 200: lineSchema, ...errorResponses },
      },
    },
    async (request) => (await editLine(db, requireCaller(request), request.params.id, request.body)).line,
  );

  app.delete(
    '/api/users/:id',
    {
      config: { access },
      schema: {
        tags,
        summary: 'Remove a line (no refund)',
        params: idParamsSchema,
        response: { ...noContent, ...errorResponses },
      },
    },
    async (request, reply) => {
      await deleteLine(db, requireCaller(request), request.params.id, app.connections);
      return reply.status(204).send(null);
    },
  );

  await app.register(lineActionsRoutes, { db });
  await app.register(linesSpreadsheetRoutes, { db });
  await app.register(linePortalRoutes, { db, config });
};
