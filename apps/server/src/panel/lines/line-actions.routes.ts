import { apiErrorSchema } from '@panel/shared/errors/api-error';
import {
  addDaysSchema,
  changeSystemSchema,
  hybridTransferSchema,
  lineActionResultSchema,
  lineProvisioningResponseSchema,
  lineResyncResultSchema,
  lineSchema,
  renewByCalendarSchema,
  renewByPackageSchema,
  renewMonthSchema,
  screensSchema,
} from '@panel/shared/lines/line-api';
import { idParamsSchema } from '@panel/shared/lists/list-query';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '../../db/database';
import { errorResponses } from '../../lib/route-schemas';
import { LINE_ROUTES } from '../../plugins/access';
import { requireCaller } from '../auth/caller';
import { toActionResult } from './line-action-runner';
import { setLineEnabled } from './line-edit.service';
import {
  addDays,
  renewByCalendar,
  renewByPackage,
  renewOneMonth,
  setExpiryTime,
} from './line-renewals.service';
import { changeScreens } from './line-screens.service';
import { changeSystem, hybridTransfer, lineProvisioningState, resyncLine } from './line-system.service';

const tags = ['users'];
const access = LINE_ROUTES;
const params = idParamsSchema;
const paid = { 200: lineActionResultSchema, ...errorResponses };
const plain = { 200: lineSchema, ...errorResponses };

/** The row actions of docs/product/rules.md#line-actions on one line: POST only (a GET never changes anything). */
export const lineActionsRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  for (const [path, enabled] of [
    ['block', 0],
    ['unblock', 1],
  ] as const) {
    app.post(
      `/api/users/:id/${path}`,
      {
        config: { access },
        schema: { tags, summary: enabled ? 'Unblock a line' : 'Block a line', params, response: plain },
      },
      async (request) =>
        (await setLineEnabled(db, requireCaller(request), request.params.id, enabled, app.connections)).line,
    );
  }

  app.post(
    '/api/users/:id/renew',
    {
      config: { access },
      schema: {
        tags,
        summary: 'Renew one month: one credit per screen; a trial only with convert_trial: true',
        params,
        body: renewMonthSchema,
        response: paid,
      },
    },
    async (request) =>
      toActionResult(
        await renewOneMonth(db, requireCaller(request), request.params.id, {
          convertTrial: request.body.convert_trial === true,
        }),
      ),
  );

  app.post(
    '/api/users/:id/renew-package',
    {
      config: { access },
      schema: {
        tags,
        summary:
          'Renew by package: its months, for its official credits × screens; a trial only with convert_trial: true',
        params,
        body: renewByPackageSchema,
        response: paid,
      },
    },
    async (request) =>
      toActionResult(
        await renewByPackage(db, requireCaller(request), request.params.id, request.body.package_id, {
          convertTrial: request.body.convert_trial === true,
        }),
      ),
  );

  app.post(
    '/api/users/:id/renew-by-calendar',
    {
      config: { access },
      schema: {
        tags,
        summary:
          'Renew up to a chosen date (23:59:59 Brasília): days / 30 × screens; active normal lines only',
        params,
        body: renewByCalendarSchema,
        response: paid,
      },
    },
    async (request) =>
      toActionResult(
        await renewByCalendar(db, requireCaller(request), request.params.id, request.body.selected_date),
      ),
  );

  app.post(
    '/api/users/:id/add-days',
    {
      config: { access },
      schema: {
        tags,
        summary: 'Extend an eligible P2P line by 1–3 days: days / 30 credits',
        params,
        body: addDaysSchema,
        response: paid,
      },
    },
    async (request) =>
      toActionResult(await addDays(db, requireCaller(request), request.params.id, request.body.days)),
  );

  app.post(
    '/api/users/:id/set-expiry-time',
    {
      config: { access },
      schema: {
        tags,
        summary: 'Move the expiry to 23:59 of its day (not for trials)',
        params,
        response: plain,
      },
    },
    async (request) => (await setExpiryTime(db, requireCaller(request), request.params.id)).line,
  );

  app.post(
    '/api/users/:id/screens',
    {
      config: { access },
      schema: {
        tags,
        summary: 'Add (cost: added × months left) or remove (no refund) screens; not for trial/P2P/hybrid',
        params,
        body: screensSchema,
        response: paid,
      },
    },
    async (request) =>
      toActionResult(
        await changeScreens(db, requireCaller(request), request.params.id, request.body.screens),
      ),
  );

  app.post(
    '/api/users/:id/change_system',
    {
      config: { access },
      schema: {
        tags,
        summary: 'Change the service (free); hybrid is one-way and needs the line’s MAC',
        params,
        body: changeSystemSchema,
        response: plain,
      },
    },
    async (request) =>
      (await changeSystem(db, requireCaller(request), request.params.id, request.body.system_id)).line,
  );

  app.post(
    '/api/users/:id/hybrid-transfer',
    {
      config: { access },
      schema: {
        tags,
        summary: 'Irreversible move to hybrid with a MAC; new random username and password',
        params,
        body: hybridTransferSchema,
        response: plain,
      },
    },
    async (request) =>
      (await hybridTransfer(db, requireCaller(request), request.params.id, request.body)).line,
  );

  for (const [path, system] of [
    ['resync_p2p', 2],
    ['resync_hybrid', 3],
  ] as const) {
    app.post(
      `/api/users/:id/${path}`,
      {
        config: { access },
        schema: {
          tags,
          summary: `Push the line’s state to its ${system === 2 ? 'P2P' : 'hybrid'} service now (503 when not configured)`,
          params,
          response: { 200: lineResyncResultSchema, ...errorResponses, 503: apiErrorSchema },
        },
      },
      async (request) => resyncLine(db, requireCaller(request), request.params.id, system, app.provisioning),
    );
  }

  app.get(
    '/api/users/:id/provisioning',
    {
      config: { access },
      schema: {
        tags,
        summary: 'Delivery state of a P2P or hybrid line at its service (null for IPTV)',
        params,
        response: { 200: lineProvisioningResponseSchema, ...errorResponses },
      },
    },
    async (request) => ({
      provisioning: await lineProvisioningState(
        db,
        requireCaller(request),
        request.params.id,
        app.provisioning,
      ),
    }),
  );
};
