import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../../config';
import type { Database } from '../../db/database';
import { startPeriodicWorker, type PeriodicWorker } from '../../lib/periodic-worker';
import type { SecretBox } from '../../lib/secret-box';
import { mercadoPagoClient } from './mercadopago-client';
import { createMercadoPagoSync } from './mercadopago-sync';
import { createCreditSaleService } from './credit-sale.service';
import { creditPurchasesRoutes } from './credit-purchases.routes';
import { createPaymentChargesService } from './payment-charges.service';
import { paymentNotificationsRoutes } from './payment-notifications.routes';
import { createPaymentSettingsService } from './payment-settings.service';
import { paymentsRoutes } from './payments.routes';
import { paymentsPass } from './payments-worker';

/**
 * PIX payments (decisions 0160–0166): the panel's routes and Mercado Pago's webhook (panel role), and from
 * ready to close the worker that retries renewals waiting for credits, expires static charges and asks
 * Mercado Pago about payments it has not told of (workers role, decision 0076).
 */
async function paymentsPlugin(
  app: FastifyInstance,
  options: { db: Database; config: Config; box: SecretBox; routes: boolean; worker: boolean },
): Promise<void> {
  const { db, config, box } = options;
  const deps = { db, box, config, mercadoPago: mercadoPagoClient(config) };
  const sync = createMercadoPagoSync(deps);
  if (options.routes) {
    const charges = createPaymentChargesService(deps, sync);
    await app.register(paymentsRoutes, {
      db,
      config,
      settings: createPaymentSettingsService(deps),
      charges,
    });
    await app.register(creditPurchasesRoutes, { config, sale: createCreditSaleService(deps, charges) });
    await app.register(paymentNotificationsRoutes, { sync });
  }

  let worker: PeriodicWorker | undefined;
  app.addHook('onReady', async () => {
    if (!options.worker) return;
    const onError = (error: unknown) => app.log.error({ err: error }, 'payments pass failed');
    worker = startPeriodicWorker({
      intervalMs: config.PAYMENTS_POLL_MS,
      pass: () => paymentsPass(db, sync, onError),
      onError,
    });
  });
  app.addHook('onClose', async () => {
    await worker?.stop();
  });
}

export default fp(paymentsPlugin, { name: 'payments' });
