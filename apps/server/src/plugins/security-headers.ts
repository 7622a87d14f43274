import { CUSTOMER_API_PREFIX, CUSTOMER_PAGE_PATH } from '@panel/shared/customer-page/customer-page-paths';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config';
import {
  API_CONTENT_SECURITY_POLICY,
  CUSTOMER_CONTENT_SECURITY_POLICY,
  DOCS_CONTENT_SECURITY_POLICY,
  panelContentSecurityPolicy,
} from '../lib/content-security-policy';
import { DOCS_PREFIX } from './openapi';

const isUnder = (path: string, prefix: string) => path === prefix || path.startsWith(`${prefix}/`);

declare module 'fastify' {
  interface FastifyRequest {
    /** Answered with the customer page at an address outside /cliente (a reseller domain's '/', decision 0180). */
    customerPage: boolean;
  }
}

/**
 * Headers of every answer, errors and 404s included (decision 0023): a content security policy per kind
 * of answer (panel, API documentation, API, customer page), no MIME sniffing, no framing, only the origin
 * as referrer to other sites, and `no-store` on every /api answer (tokens and customers' line passwords
 * travel there; the customer page's API sets its own, its logo excepted). onSend runs after the handler, so
 * it also overrides @fastify/static's caching of the docs' files.
 */
async function securityHeadersPlugin(app: FastifyInstance, options: { config: Config }): Promise<void> {
  const panelPolicy = panelContentSecurityPolicy(options.config.CAPTCHA_PROVIDER);
  app.decorateRequest('customerPage', false);
  app.addHook('onSend', async (request, reply) => {
    const path = request.url.split('?')[0] ?? '';
    const api = isUnder(path, '/api');
    const customerApi = isUnder(path, CUSTOMER_API_PREFIX);
    const customer = request.customerPage || isUnder(path, CUSTOMER_PAGE_PATH);
    reply.header('X-Content-Type-Options', 'nosniff');
    reply.header('Referrer-Policy', 'strict-origin-when-cross-origin');
    reply.header('X-Frame-Options', 'DENY');
    reply.header(
      'Content-Security-Policy',
      isUnder(path, DOCS_PREFIX)
        ? DOCS_CONTENT_SECURITY_POLICY
        : api || customerApi
          ? API_CONTENT_SECURITY_POLICY
          : customer
            ? CUSTOMER_CONTENT_SECURITY_POLICY
            : panelPolicy,
    );
    if (api) reply.header('Cache-Control', 'no-store');
  });
}

export default fp(securityHeadersPlugin, { name: 'security-headers' });
