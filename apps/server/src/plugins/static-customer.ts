import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join, sep } from 'node:path';
import fastifyStatic from '@fastify/static';
import { CUSTOMER_PAGE_PATH } from '@panel/shared/customer-page/customer-page-paths';
import type { FastifyInstance, FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import { normaliseHost } from '../lib/panel-hosts';

/**
 * Serves the customer page's build (apps/customer/dist, decisions 0175 and 0180): its files under /cliente/
 * (hashed assets kept for good), the page itself at /cliente and, on a reseller's verified domain, at '/'
 * (the short-link hook lets that '/' through). The HTML is read per request and never cached, so a rebuild
 * is served at once and a browser always asks for the current assets. Without the build, nothing is
 * registered and these addresses answer the JSON 404.
 */
async function staticCustomerPlugin(app: FastifyInstance, options: { distDir: string }): Promise<void> {
  const { distDir } = options;
  const indexFile = join(distDir, 'index.html');
  if (!existsSync(indexFile)) {
    app.log.warn({ distDir }, 'customer page build not found: /cliente is not served (run npm run build)');
    return;
  }
  await app.register(fastifyStatic, {
    root: distDir,
    prefix: `${CUSTOMER_PAGE_PATH}/`,
    wildcard: true,
    index: false,
    preCompressed: true,
    // The panel's build (static-web) owns reply.sendFile.
    decorateReply: false,
    setHeaders(response, path) {
      if (path.includes(`${sep}assets${sep}`))
        response.header('Cache-Control', 'public, max-age=31536000, immutable');
    },
  });

  async function sendPage(reply: FastifyReply) {
    const html = await readFile(indexFile);
    return reply.header('Cache-Control', 'no-cache').type('text/html; charset=utf-8').send(html);
  }
  app.get(CUSTOMER_PAGE_PATH, (_request, reply) => sendPage(reply));
  app.get(`${CUSTOMER_PAGE_PATH}/`, (_request, reply) => sendPage(reply));

  // A reseller's verified domain is its customers' page at its root (decision 0175); every other host's
  // '/' goes on to the panel. The host lookup is the short-link hook's cache.
  app.addHook('onRequest', async (request, reply) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') return;
    if ((request.url.split('?')[0] ?? '') !== '/') return;
    if ((await app.shortLinkHosts.domainIdOf(normaliseHost(request.hostname))) === null) return;
    request.customerPage = true;
    return sendPage(reply);
  });
}

export default fp(staticCustomerPlugin, {
  name: 'static-customer',
  dependencies: ['short-link-redirect', 'security-headers'],
});
