import { apiErrorSchema } from '@panel/shared/errors/api-error';
import { accountIdParamsSchema } from '@panel/shared/payments/payments-api';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../../lib/route-schemas';
import { PUBLIC } from '../../plugins/access';
import type { MercadoPagoSync } from './mercadopago-sync';

const idText = z.union([z.string(), z.number()]).transform(String);

/**
 * Mercado Pago's webhook (decision 0166): called by Mercado Pago, so no session and no captcha; the
 * reseller's account is in the path, its webhook secret checks the signature. The payment's id comes in the
 * query (`data.id`, what the signature covers) and in the body; its state is asked of Mercado Pago.
 */
export const paymentNotificationsRoutes: FastifyPluginAsyncZod<{ sync: MercadoPagoSync }> = async (
  app,
  { sync },
) => {
  app.post(
    '/api/payments/mercadopago/notifications/:accountId',
    {
      config: { access: PUBLIC },
      schema: {
        tags: ['payments'],
        summary: 'Mercado Pago’s notification of a payment of the account (signed with its webhook secret)',
        params: accountIdParamsSchema,
        querystring: z.object({ 'data.id': idText.optional(), type: z.string().optional() }).loose(),
        body: z
          .object({
            type: z.string().optional(),
            action: z.string().optional(),
            data: z.object({ id: idText.optional() }).loose().optional(),
          })
          .loose()
          .optional(),
        response: {
          200: z.object({ received: z.literal(true) }),
          ...errorResponses,
          503: apiErrorSchema,
        },
      },
    },
    async (request) => {
      const header = (name: string) => {
        const value = request.headers[name];
        return typeof value === 'string' ? value : undefined;
      };
      await sync.handleNotification({
        accountId: request.params.accountId,
        dataId: request.query['data.id'] ?? request.body?.data?.id,
        type: request.query.type ?? request.body?.type,
        signature: header('x-signature'),
        requestId: header('x-request-id'),
      });
      return { received: true as const };
    },
  );
};
