import { apiErrorSchema } from '@panel/shared/errors/api-error';
import {
  chargeInputSchema,
  packagePriceListSchema,
  packagePricesInputSchema,
  paymentAlertsSchema,
  paymentExportQuerySchema,
  paymentIdParamsSchema,
  paymentListQuerySchema,
  paymentListSchema,
  paymentSchema,
  paymentSettingsInputSchema,
  paymentSettingsSchema,
} from '@panel/shared/payments/payments-api';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Config } from '../../config';
import { panelPublicBaseUrl, publicBaseUrl } from '../../lib/public-base-url';
import { sendCsv } from '../../lib/csv/csv-answer';
import { errorResponses } from '../../lib/route-schemas';
import { ADMIN_OR_RESELLER, withTokenScope } from '../../plugins/access';
import { requireCaller } from '../auth/caller';
import type { PaymentChargesService } from './payment-charges.service';
import type { PaymentSettingsService } from './payment-settings.service';
import type { Database } from '../../db/database';
import { exportPayments } from './payments-export.service';

const tags = ['payments'];
// The payment account holds the reseller's Mercado Pago secrets: no API token reaches it (decision 0161).
const SETTINGS = withTokenScope(ADMIN_OR_RESELLER, 'none');
const CHARGES = withTokenScope(ADMIN_OR_RESELLER, 'lines');
// 502/503: Mercado Pago refused or did not answer (decision 0165).
const withProvider = { ...errorResponses, 502: apiErrorSchema, 503: apiErrorSchema };

/** 'Pagamentos' and 'Recebimentos' (docs/product/screens.md#payments, decisions 0160–0166). */
export const paymentsRoutes: FastifyPluginAsyncZod<{
  db: Database;
  config: Config;
  settings: PaymentSettingsService;
  charges: PaymentChargesService;
}> = async (app, { db, config, settings, charges }) => {
  // Where Mercado Pago reaches the panel when PAYMENT_NOTIFICATION_BASE_URL is unset: the panel's public
  // address (decision 0173), never a reseller's domain.
  const origin = (request: Parameters<typeof publicBaseUrl>[0]) =>
    panelPublicBaseUrl(config, request) ?? publicBaseUrl(request, undefined);

  app.get(
    '/api/payments/settings',
    {
      config: { access: SETTINGS },
      schema: {
        tags,
        summary: 'How the caller receives its customers’ PIX payments (never the secrets)',
        response: { 200: paymentSettingsSchema, ...errorResponses },
      },
    },
    async (request) => settings.getSettings(requireCaller(request), origin(request)),
  );

  app.put(
    '/api/payments/settings',
    {
      config: { access: SETTINGS },
      schema: {
        tags,
        summary: 'Choose static PIX (key, name, city) or Mercado Pago (access token, webhook secret)',
        body: paymentSettingsInputSchema,
        response: { 200: paymentSettingsSchema, ...errorResponses },
      },
    },
    async (request) => settings.saveSettings(requireCaller(request), request.body, origin(request)),
  );

  app.get(
    '/api/payments/prices',
    {
      config: { access: CHARGES },
      schema: {
        tags,
        summary: 'Every package a renewal may sell, with the caller’s customer price in reais',
        response: { 200: packagePriceListSchema, ...errorResponses },
      },
    },
    async (request) => settings.listPrices(requireCaller(request)),
  );

  app.put(
    '/api/payments/prices',
    {
      config: { access: CHARGES },
      schema: {
        tags,
        summary: 'Replace the caller’s customer prices (a package left out is not offered by PIX)',
        body: packagePricesInputSchema,
        response: { 200: packagePriceListSchema, ...errorResponses },
      },
    },
    async (request) => settings.savePrices(requireCaller(request), request.body),
  );

  app.get(
    '/api/payments',
    {
      config: { access: CHARGES },
      schema: {
        tags,
        summary: 'The caller’s payments in a period (default: 30 days) with the period’s totals',
        querystring: paymentListQuerySchema,
        response: { 200: paymentListSchema, ...errorResponses },
      },
    },
    async (request) => charges.list(requireCaller(request), request.query),
  );

  app.get(
    '/api/payments/export',
    {
      config: { access: CHARGES },
      schema: {
        tags,
        summary: 'CSV (UTF-8 with BOM, “;”) of every payment the list shows with these filters, streamed',
        querystring: paymentExportQuerySchema,
        produces: ['text/csv'],
        response: errorResponses,
      },
    },
    async (request, reply) => sendCsv(reply, exportPayments(db, requireCaller(request), request.query)),
  );

  app.get(
    '/api/payments/alerts',
    {
      config: { access: CHARGES },
      schema: {
        tags,
        summary: 'How many paid renewals wait for the caller’s credits',
        response: { 200: paymentAlertsSchema, ...errorResponses },
      },
    },
    async (request) => charges.alerts(requireCaller(request)),
  );

  app.post(
    '/api/payments/charges',
    {
      config: { access: CHARGES },
      schema: {
        tags,
        summary: 'Charge the customer of one of the caller’s lines by PIX for a renewal by package',
        body: chargeInputSchema,
        response: { 201: paymentSchema, ...withProvider },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await charges.startCharge(requireCaller(request), request.body, origin(request))),
  );

  app.get(
    '/api/payments/:id',
    {
      config: { access: CHARGES },
      schema: {
        tags,
        summary: 'One of the caller’s payments, with its PIX code while it waits',
        params: paymentIdParamsSchema,
        response: { 200: paymentSchema, ...errorResponses },
      },
    },
    async (request) => charges.get(requireCaller(request), request.params.id),
  );

  app.post(
    '/api/payments/:id/confirm',
    {
      config: { access: CHARGES },
      schema: {
        tags,
        summary: 'Confirm a static PIX arrived: the line is renewed (once, however often it is confirmed)',
        params: paymentIdParamsSchema,
        response: { 200: paymentSchema, ...errorResponses },
      },
    },
    async (request) => charges.confirm(requireCaller(request), request.params.id),
  );

  app.post(
    '/api/payments/:id/refresh',
    {
      config: { access: CHARGES },
      schema: {
        tags,
        summary: 'Ask Mercado Pago for the payment’s state now',
        params: paymentIdParamsSchema,
        response: { 200: paymentSchema, ...withProvider },
      },
    },
    async (request) => charges.refresh(requireCaller(request), request.params.id),
  );
};
