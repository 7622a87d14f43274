import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../../config';
import type { Database } from '../../db/database';
import type { SecretBox } from '../../lib/secret-box';
import { mercadoPagoClient } from '../payments/mercadopago-client';
import { createMercadoPagoSync } from '../payments/mercadopago-sync';
import { createPaymentChargesService } from '../payments/payment-charges.service';
import { brandingRoutes } from './branding.routes';
import { createBrandingService } from './branding.service';
import { customerPageRoutes } from './customer-page.routes';
import { createCustomerPageService } from './customer-page.service';
import { createCustomerSessions } from './customer-session';

/**
 * The customer page's server half (decisions 0175–0179): its API under /cliente/api wherever reseller
 * domains may point (registered by panel and delivery processes), and the reseller's 'Página do
 * cliente' settings among the panel's routes (`panelRoutes`). Renewals charge through the payments' one
 * core (payment-charges.service.ts), with the payment accounts' box.
 */
async function customerPagePlugin(
  app: FastifyInstance,
  options: {
    db: Database;
    config: Config;
    box: SecretBox;
    signingSecret: string;
    /** The panel role: the reseller's settings too. */
    panelRoutes: boolean;
  },
): Promise<void> {
  const { db, config, box } = options;
  const branding = createBrandingService(db);
  if (options.panelRoutes) await app.register(brandingRoutes, { config, branding });
  const deps = { db, box, config, mercadoPago: mercadoPagoClient(config) };
  const sync = createMercadoPagoSync(deps);
  const sessions = createCustomerSessions(options.signingSecret);
  const service = createCustomerPageService({
    db,
    lineAuth: app.lineAuth,
    sessions,
    charges: createPaymentChargesService(deps, sync),
    sync,
    shortLinkScheme: config.SHORT_LINK_SCHEME,
    connectionTtlSeconds: config.CONNECTION_TTL_SECONDS,
  });
  await app.register(customerPageRoutes, { db, config, service, sessions, branding });
}

export default fp(customerPagePlugin, {
  name: 'customer-page',
  dependencies: ['line-auth', 'short-link-redirect'],
});
