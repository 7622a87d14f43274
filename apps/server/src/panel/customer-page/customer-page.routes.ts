import {
  customerBrandSchema,
  customerOverviewSchema,
  customerPaymentSchema,
  customerRenewalInputSchema,
  customerSignInSchema,
} from '@panel/shared/customer-page/customer-page-api';
import { CUSTOMER_API_PATHS } from '@panel/shared/customer-page/customer-page-paths';
import { CUSTOMER_PAGE_MESSAGES } from '@panel/shared/customer-page/customer-page-messages';
import { idParamsSchema } from '@panel/shared/lists/list-query';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config } from '../../config';
import type { Database } from '../../db/database';
import { AppError } from '../../lib/app-error';
import { normaliseHost } from '../../lib/panel-hosts';
import { panelPublicBaseUrl, publicBaseUrl } from '../../lib/public-base-url';
import { errorResponses, noContent } from '../../lib/route-schemas';
import { PUBLIC } from '../../plugins/access';
import { PANEL_BRAND, readCustomerBrand, type BrandingService } from './branding.service';
import { findDomainOwner } from './customer-page.repository';
import { CustomerSignInBlocked, type CustomerHost, type CustomerPageService } from './customer-page.service';
import type { CustomerSessions } from './customer-session';

const tags = ['customer page'];
const config = { access: PUBLIC };
const withProvider = { ...errorResponses, 502: errorResponses[400], 503: errorResponses[400] };
const YEAR_SECONDS = 31_536_000;

/**
 * The customer page's API (decision 0175) under /cliente/api, the same on the panel's host and on every
 * verified reseller domain; served by panel and delivery processes alike (decision 0179). No panel session:
 * the line's own signed cookie (decision 0176).
 */
export const customerPageRoutes: FastifyPluginAsyncZod<{
  db: Database;
  config: Config;
  service: CustomerPageService;
  sessions: CustomerSessions;
  branding: BrandingService;
}> = async (app, options) => {
  const { db, service, sessions, branding } = options;
  const settings = options.config;

  /** The host the page is open on: a verified reseller domain (and its owner) or the panel (decision 0177). */
  async function hostOf(request: FastifyRequest): Promise<CustomerHost> {
    const host = normaliseHost(request.hostname);
    const domainId = await app.shortLinkHosts.domainIdOf(host);
    const owner = domainId === null ? undefined : await findDomainOwner(db, domainId);
    const panelOrigin =
      panelPublicBaseUrl(settings, owner ? undefined : request) ?? publicBaseUrl(request, undefined);
    return {
      owner,
      baseUrl: owner
        ? `${settings.SHORT_LINK_SCHEME}://${host}`
        : publicBaseUrl(request, settings.PLAYER_BASE_URL),
      panelOrigin,
    };
  }

  async function signedIn(request: FastifyRequest) {
    const host = await hostOf(request);
    return { host, line: await service.sessionLine(sessions.read(request), host) };
  }

  // What a customer reads about its line is never kept by a browser or a proxy (the logo excepted).
  app.addHook('onSend', async (request, reply) => {
    if (request.routeOptions.url !== CUSTOMER_API_PATHS.logo) reply.header('Cache-Control', 'no-store');
  });

  app.get(
    CUSTOMER_API_PATHS.brand,
    {
      config,
      schema: {
        tags,
        summary: 'The brand of the host: the domain owner’s, or the panel’s',
        response: { 200: customerBrandSchema, ...errorResponses },
      },
    },
    async (request) => {
      const host = await hostOf(request);
      return host.owner ? readCustomerBrand(db, host.owner.id) : PANEL_BRAND;
    },
  );

  app.get(
    CUSTOMER_API_PATHS.logo,
    {
      config,
      schema: {
        tags,
        summary: 'A reseller’s logo (its address carries a version: cached for a year)',
        params: z.object({ accountId: z.coerce.number().int().min(1).max(2_147_483_647) }),
      },
    },
    async (request, reply) => {
      const logo = await branding.logo(request.params.accountId);
      if (!logo) throw AppError.notFound(CUSTOMER_PAGE_MESSAGES.pageNotFound);
      return reply
        .type(logo.type)
        .header('Cache-Control', `public, max-age=${YEAR_SECONDS}, immutable`)
        .send(logo.bytes);
    },
  );

  app.post(
    CUSTOMER_API_PATHS.session,
    {
      config,
      schema: {
        tags,
        summary: 'Sign in with the line’s username and password, or an activation code (sets the cookie)',
        body: customerSignInSchema,
        response: { 200: customerOverviewSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const host = await hostOf(request);
      try {
        const line = await service.signIn(request.body, host, request.ip);
        sessions.start(request, reply, line);
        return await service.overview(line, host);
      } catch (error) {
        if (!(error instanceof CustomerSignInBlocked)) throw error;
        reply.header('Retry-After', String(error.retryAfterSeconds));
        throw new AppError(429, 'rate_limited', CUSTOMER_PAGE_MESSAGES.tooManyAttempts);
      }
    },
  );

  app.delete(
    CUSTOMER_API_PATHS.session,
    { config, schema: { tags, summary: 'Sign out (clears the cookie)', response: noContent } },
    async (request, reply) => {
      sessions.end(request, reply);
      return reply.status(204).send(null);
    },
  );

  app.get(
    CUSTOMER_API_PATHS.me,
    {
      config,
      schema: {
        tags,
        summary: 'The signed-in line: status, devices watching, links, setup, brand and renewal',
        response: { 200: customerOverviewSchema, ...errorResponses },
      },
    },
    async (request) => {
      const { host, line } = await signedIn(request);
      return service.overview(line, host);
    },
  );

  app.post(
    CUSTOMER_API_PATHS.renewals,
    {
      config,
      schema: {
        tags,
        summary: 'A PIX charge renewing the signed-in line by a package, to its reseller’s account',
        body: customerRenewalInputSchema,
        response: { 201: customerPaymentSchema, ...withProvider },
      },
    },
    async (request, reply) => {
      const { host, line } = await signedIn(request);
      const payment = await service.renew(line, request.body.package_id, host);
      return reply.status(201).send(payment);
    },
  );

  app.get(
    CUSTOMER_API_PATHS.renewal,
    {
      config,
      schema: {
        tags,
        summary: 'One of the signed-in line’s renewal payments',
        params: idParamsSchema,
        response: { 200: customerPaymentSchema, ...errorResponses },
      },
    },
    async (request) => {
      const { line } = await signedIn(request);
      return service.renewal(line, request.params.id);
    },
  );
};
