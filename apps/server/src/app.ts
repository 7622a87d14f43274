import { randomUUID } from 'node:crypto';
import { usePortugueseValidationMessages } from '@panel/shared/validation/zod-locale';
import Fastify, {
  LogController,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
} from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { runsRole, type Config } from './config';
import { loadGeoIp, type GeoIp } from './lib/geoip';
import { openDatabase, type DatabaseHandle } from './db/database';
import { getOrCreateSecret } from './db/secrets';
import { seedDatabase, type SeedResult } from './db/seed';
import lineAuth from './delivery/line-auth/line-auth.plugin';
import deliveryNotices from './delivery/notices/delivery-notices.plugin';
import { domainTokenRoutes } from './delivery/short-link-redirect/domain-token.routes';
import { activationCodesRoutes } from './panel/activation-codes/activation-codes.routes';
import { apiTokensRoutes } from './panel/api-tokens/api-tokens.routes';
import { authRoutes } from './panel/auth/auth.routes';
import { catalogRoutes } from './panel/catalog/catalog.routes';
import { catalogRequestsRoutes } from './panel/catalog-requests/catalog-requests.routes';
import connections from './delivery/connections/connections.plugin';
import customerPage from './panel/customer-page/customer-page.plugin';
import { complementsRoutes } from './panel/complements/complements.routes';
import contentSources from './panel/content-sources/content-sources.plugin';
import domains from './panel/domains/domains.plugin';
import externalPanel from './panel/external-panel/external-panel.plugin';
import reminders from './panel/reminders/reminders.plugin';
import resellerWebhook from './panel/reseller-webhook/reseller-webhook.plugin';
import { dashboardRoutes } from './panel/dashboard/dashboard.routes';
import { healthRoutes } from './panel/health/health.routes';
import ingest from './delivery/ingest/ingest.plugin';
import { bulkActionsRoutes } from './panel/bulk-actions/bulk-actions.routes';
import { ledgerRoutes } from './panel/ledger/ledger.routes';
import { linesRoutes } from './panel/lines/lines.routes';
import { logsRoutes } from './panel/logs/logs.routes';
import { migrationRoutes } from './panel/migration/migration.routes';
import metrics from './panel/metrics/metrics.plugin';
import { newsRoutes } from './panel/news/news.routes';
import payments from './panel/payments/payments.plugin';
import { onlineRoutes } from './panel/online/online.routes';
import { onlineActionsRoutes } from './panel/online/online-actions.routes';
import { panelSettingsRoutes } from './panel/panel-settings/panel-settings.routes';
import { panelTextsRoutes } from './panel/panel-texts/panel-texts.routes';
import { playerRoutes } from './delivery/player/player.routes';
import { portalRoutes } from './delivery/portal/portal.routes';
import { profileRoutes } from './panel/profile/profile.routes';
import { sessionsRoutes } from './panel/profile/sessions.routes';
import { twoFactorRoutes } from './panel/profile/two-factor.routes';
import { twoFactorResetRoutes } from './panel/auth/two-factor/two-factor-reset.routes';
import { securityLogOf } from './panel/logs/security-log';
import { createSecretBox } from './lib/secret-box';
import { releasesRoutes } from './panel/releases/releases.routes';
import provisioning from './panel/provisioning/provisioning.plugin';
import { resellersRoutes } from './panel/resellers/resellers.routes';
import { setupMessagesRoutes } from './panel/setup-messages/setup-messages.routes';
import shortLinkRedirect from './delivery/short-link-redirect/short-link-redirect.plugin';
import { shortLinksRoutes } from './panel/short-links/short-links.routes';
import { streamingServersRoutes } from './panel/streaming-servers/streaming-servers.routes';
import { streamsRoutes } from './delivery/streams/streams.routes';
import { tvAppsRoutes } from './panel/lines/tv-apps/tv-apps.routes';
import { analyticsRoutes } from './panel/analytics/analytics.routes';
import { contentRemovalRoutes } from './panel/content-removal/content-removal.routes';
import accessRegistry, { PUBLIC } from './plugins/access';
import authenticate from './plugins/authenticate';
import { answerClientError } from './plugins/client-error';
import { createCaptchaVerifier } from './panel/auth/captcha';
import draining from './plugins/draining';
import errorHandler from './plugins/error-handler';
import openApi, { DOCS_PREFIX } from './plugins/openapi';
import rejectNul from './plugins/reject-nul';
import securityHeaders from './plugins/security-headers';
import staticCustomer from './plugins/static-customer';
import staticWeb from './plugins/static-web';

declare module 'fastify' {
  interface FastifyInstance {
    database: DatabaseHandle;
    seedResult: SeedResult;
    /**
     * Country of a client address, for the connections it opens: the shipped DB-IP database, or the admin's
     * GEOIP_CSV_PATH (decisions 0047 and 0074).
     */
    geoIp: GeoIp;
  }
}

/**
 * One log line per request, written when it is answered (request, status, time), instead of Fastify's
 * two (incoming + completed): half the log writes on every request (decision 0018).
 */
class OneLinePerRequest extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    if (this.isLogDisabled(request)) return;
    const fields = { req: request, res: reply, responseTime: reply.elapsedTime };
    if (error) reply.log.error({ ...fields, err: error }, 'request errored');
    else reply.log.info(fields, 'request completed');
  }
}

/** The nearest `hops` proxies may name the client (Fastify takes a number too, but its types do not say so). */
function trustHops(hops: number) {
  return (_address: string, hop: number) => hop < hops;
}

export interface BuildOptions {
  /** Use an already open database (tests share one per file); otherwise one is opened from config. */
  database?: DatabaseHandle;
  /**
   * A database already being opened by the caller (server.ts starts it before importing the rest of the
   * server, decision 0018); the app owns it and closes it with itself.
   */
  openingDatabase?: Promise<DatabaseHandle>;
  logger?: boolean;
  /** Where JSON log lines go (stdout by default); tests read them to prove what is never logged. */
  logStream?: NodeJS.WritableStream;
}

/** Builds the whole server: database, plugins, modules, one error handler. Used by server.ts and tests. */
export async function buildApp(config: Config, options: BuildOptions = {}): Promise<FastifyInstance> {
  usePortugueseValidationMessages();
  const database =
    options.database ??
    (await options.openingDatabase) ??
    (await openDatabase({
      url: config.DATABASE_URL,
      dataDir: config.DATA_DIR,
      poolSizes: { panel: config.DATABASE_POOL_PANEL, delivery: config.DATABASE_POOL_DELIVERY },
    }));
  const seedResult = await seedDatabase(database.db, {
    username: config.ADMIN_USERNAME,
    password: config.ADMIN_PASSWORD,
  });
  const signingSecret = config.SIGNING_SECRET ?? (await getOrCreateSecret(database.db, 'signing_secret'));
  const db = database.db;
  // The delivery plane's own pool (decision 0100): what customers' apps and edges call never waits for
  // the panel's connections, nor the panel for theirs.
  const deliveryDb = database.deliveryDb;
  const geoIp = await loadGeoIp(config.GEOIP_CSV_PATH);

  const app = Fastify({
    logger:
      options.logger === false
        ? false
        : {
            level: config.LOG_LEVEL,
            ...(options.logStream ? { stream: options.logStream } : {}),
            redact: {
              paths: ['req.headers.authorization', 'req.headers.cookie', '*.password'],
              censor: '[redacted]',
            },
          },
    genReqId: (request) => {
      const given = request.headers['x-request-id'];
      return typeof given === 'string' && /^[\w-]{8,64}$/.test(given) ? given : randomUUID();
    },
    // Who may set X-Forwarded-For: nobody unless TRUST_PROXY names the balancer (decision 0021).
    trustProxy: typeof config.TRUST_PROXY === 'number' ? trustHops(config.TRUST_PROXY) : config.TRUST_PROXY,
    bodyLimit: 1_048_576,
    clientErrorHandler: answerClientError,
    logController: new OneLinePerRequest(),
    // plugins/draining.ts answers requests that arrive while closing, in the API's error shape.
    return503OnClosing: false,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('database', database);
  app.decorate('seedResult', seedResult);
  app.decorate('geoIp', geoIp);
  if (!options.database) app.addHook('onClose', () => database.close());

  // The generated docs pages are public; every other /api route must declare its own access.
  app.addHook('onRoute', (route) => {
    if (route.url.startsWith(DOCS_PREFIX)) route.config = { ...route.config, access: PUBLIC };
  });
  // What this process serves and runs (decision 0076): one process does everything unless SERVER_ROLES
  // names a part of it; a delivery-only process answers only what customers' apps and edges call.
  const panel = runsRole(config, 'panel');
  const delivery = runsRole(config, 'delivery');
  const workers = runsRole(config, 'workers');

  await app.register(securityHeaders, { config });
  await app.register(accessRegistry);
  await app.register(errorHandler);
  await app.register(draining);
  await app.register(rejectNul);
  await app.register(metrics, { token: config.METRICS_TOKEN });
  if (panel) await app.register(openApi);
  await app.register(deliveryNotices, { db, config });
  await app.register(lineAuth, { db: deliveryDb, config, sweeps: workers });
  // A reseller's domain answers its short links and what customers' apps load, and nothing of the panel:
  // before the session check (which would answer /api first) and before the panel's pages, which answer
  // every other path (decisions 0049, 0069). Before the domains too, which clear its host cache.
  if (panel || delivery) await app.register(shortLinkRedirect, { db: deliveryDb, config });
  await app.register(authenticate, { db, config });

  // Before the modules: line routes use app.provisioning (status, deliverPending after a resync).
  await app.register(provisioning, { db, config, signingSecret, routes: panel, worker: workers });
  await app.register(externalPanel, { db, config, signingSecret, routes: panel, worker: workers });
  await app.register(resellerWebhook, { db, config, signingSecret, routes: panel, worker: workers });
  await app.register(reminders, { db, config, routes: panel, worker: workers });
  await app.register(healthRoutes, { db });
  // Every role: the panel's disconnect, block and delete cut relays through it, delivery relays, workers sweep.
  await app.register(connections, { db: deliveryDb, config, countryOf: (ip) => geoIp.countryOf(ip) });
  // Secrets kept encrypted at rest (decision 0130): one key, a box per purpose. Delivery opens only the
  // payment accounts' box, for the customer page's renewals (decision 0179).
  const secretsKey = config.TOTP_ENCRYPTION_KEY ?? (await getOrCreateSecret(db, 'totp_encryption_key'));
  if (panel) {
    const captcha = createCaptchaVerifier(config, signingSecret);
    // Two-factor sign-in (decisions 0130 to 0135): the secrets' box, the log of security events.
    const box = createSecretBox(secretsKey, 'totp');
    const securityLog = securityLogOf(db);
    const countryOf = (ip: string) => geoIp.countryOf(ip);
    await app.register(authRoutes, { db, config, captcha, box, securityLog, countryOf });
    await app.register(profileRoutes, { db, config });
    await app.register(apiTokensRoutes, { db });
    await app.register(twoFactorRoutes, { db, limits: config, box, securityLog });
    await app.register(twoFactorResetRoutes, { db, limits: config, box, securityLog });
    await app.register(sessionsRoutes, { db });
    await app.register(newsRoutes, { db });
    await app.register(resellersRoutes, { db });
    await app.register(ledgerRoutes, { db });
    await app.register(logsRoutes, { db });
    await app.register(linesRoutes, { db, config });
    await app.register(activationCodesRoutes, { db });
    await app.register(bulkActionsRoutes, { db, config });
    await app.register(catalogRoutes, { db });
    await app.register(catalogRequestsRoutes, { db, config });
    await app.register(complementsRoutes, { db });
    await app.register(dashboardRoutes, { db, config });
    await app.register(analyticsRoutes, { db });
    await app.register(releasesRoutes, { db });
    await app.register(contentRemovalRoutes, { db });
  }
  if (panel || workers) {
    await app.register(contentSources, {
      db,
      config,
      dataDir: database.dataDir,
      routes: panel,
      worker: workers,
    });
  }
  if (delivery) {
    await app.register(playerRoutes, { db: deliveryDb, config });
    await app.register(streamsRoutes, { db: deliveryDb, config });
    await app.register(portalRoutes, { db: deliveryDb, config });
  }
  if (panel) {
    await app.register(onlineRoutes, { db, config });
    await app.register(onlineActionsRoutes, { db, tracker: app.connections });
    await app.register(streamingServersRoutes, { db });
    await app.register(setupMessagesRoutes, { db, config });
    await app.register(migrationRoutes, { db, config });
    await app.register(panelSettingsRoutes, { db });
    await app.register(panelTextsRoutes, { db });
    await app.register(tvAppsRoutes, { db, config });
  }
  if (delivery || workers) {
    await app.register(ingest, { db: deliveryDb, config, routes: delivery, worker: workers });
  }
  if (panel) await app.register(shortLinksRoutes, { db, config });
  if (panel || workers) await app.register(domains, { db, config, routes: panel, worker: workers });
  if (panel || workers) {
    // PIX payments (decisions 0160–0166): the resellers' Mercado Pago secrets in a box of their own.
    const box = createSecretBox(secretsKey, 'payment-accounts');
    await app.register(payments, { db, config, box, routes: panel, worker: workers });
  }
  // The customer page's API answers wherever a reseller's domain may point (decision 0179).
  if (panel || delivery) {
    await app.register(customerPage, {
      db,
      config,
      box: createSecretBox(secretsKey, 'payment-accounts'),
      signingSecret,
      panelRoutes: panel,
    });
  }
  if (panel || delivery) await app.register(domainTokenRoutes, { db: deliveryDb });
  // The customer page's files and page (decision 0180): wherever its API answers (decision 0179).
  if (panel || delivery) await app.register(staticCustomer, { distDir: config.CUSTOMER_DIST_DIR });
  await app.register(staticWeb, { distDir: panel ? config.WEB_DIST_DIR : undefined });

  await app.ready();
  return app;
}
