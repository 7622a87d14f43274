import { apiErrorSchema } from '@panel/shared/errors/api-error';
import {
  creditOfferSchema,
  creditPurchaseInputSchema,
  creditPurchaseListSchema,
  creditSaleSettingsInputSchema,
  creditSaleSettingsSchema,
} from '@panel/shared/payments/credit-sales';
import { paymentIdParamsSchema, paymentSchema } from '@panel/shared/payments/payments-api';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Config } from '../../config';
import { panelPublicBaseUrl, publicBaseUrl } from '../../lib/public-base-url';
import { errorResponses } from '../../lib/route-schemas';
import { ADMIN_OR_RESELLER, withTokenScope } from '../../plugins/access';
import { requireCaller } from '../auth/caller';
import type { CreditSaleService } from './credit-sale.service';

const tags = ['payments'];
// The sale is set on 'Recebimentos' beside the payment account, which no API token reaches; buying takes the
// `credits` scope, like giving credits (decision 0186).
const SELLER = withTokenScope(ADMIN_OR_RESELLER, 'none');
const BUYER = withTokenScope({ kind: 'session', roles: ['reseller'] }, 'credits');
const withProvider = { ...errorResponses, 502: apiErrorSchema, 503: apiErrorSchema };

/** 'Venda de créditos' on 'Recebimentos' and 'Comprar créditos' (docs/product/screens.md#buy-credits). */
export const creditPurchasesRoutes: FastifyPluginAsyncZod<{
  config: Config;
  sale: CreditSaleService;
}> = async (app, { config, sale }) => {
  const origin = (request: Parameters<typeof publicBaseUrl>[0]) =>
    panelPublicBaseUrl(config, request) ?? publicBaseUrl(request, undefined);

  app.get(
    '/api/payments/credit-sale',
    {
      config: { access: SELLER },
      schema: {
        tags,
        summary: 'What the caller sells its direct resellers by PIX: price per credit and packs',
        response: { 200: creditSaleSettingsSchema, ...errorResponses },
      },
    },
    async (request) => sale.getSale(requireCaller(request)),
  );

  app.put(
    '/api/payments/credit-sale',
    {
      config: { access: SELLER },
      schema: {
        tags,
        summary: 'Set whether the direct resellers may buy credits by PIX, the price per credit and packs',
        body: creditSaleSettingsInputSchema,
        response: { 200: creditSaleSettingsSchema, ...errorResponses },
      },
    },
    async (request) => sale.saveSale(requireCaller(request), request.body),
  );

  app.get(
    '/api/credit-purchases/offer',
    {
      config: { access: BUYER },
      schema: {
        tags,
        summary: 'What the caller’s parent sells by PIX, or why nothing can be bought',
        response: { 200: creditOfferSchema, ...errorResponses },
      },
    },
    async (request) => sale.offer(requireCaller(request)),
  );

  app.get(
    '/api/credit-purchases',
    {
      config: { access: BUYER },
      schema: {
        tags,
        summary: 'The caller’s credit purchases, newest first (the last 50)',
        response: { 200: creditPurchaseListSchema, ...errorResponses },
      },
    },
    async (request) => sale.list(requireCaller(request)),
  );

  app.post(
    '/api/credit-purchases',
    {
      config: { access: BUYER },
      schema: {
        tags,
        summary: 'Buy whole credits from the caller’s parent by PIX; the total is computed by the server',
        body: creditPurchaseInputSchema,
        response: { 201: paymentSchema, ...withProvider },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await sale.buy(requireCaller(request), request.body, origin(request))),
  );

  app.get(
    '/api/credit-purchases/:id',
    {
      config: { access: BUYER },
      schema: {
        tags,
        summary: 'One of the caller’s credit purchases, with its PIX code while it waits',
        params: paymentIdParamsSchema,
        response: { 200: paymentSchema, ...errorResponses },
      },
    },
    async (request) => sale.get(requireCaller(request), request.params.id),
  );
};
