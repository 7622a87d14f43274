import { existsSync } from 'node:fs';
import { join, sep } from 'node:path';
import fastifyStatic from '@fastify/static';
import { CUSTOMER_PAGE_PATH } from '@panel/shared/customer-page/customer-page-paths';
import { errorTextFor } from '@panel/shared/errors/error-catalogue';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/** A page address the build may have written a route page for: letters, digits and dashes per segment. */
const ROUTE_PAGE_PATH = /^(\/[a-z0-9-]+)+$/;

/**
 * The page to answer for a panel address: the build's `routes/<path>.html` when there is one (index.html
 * announcing the route's chunks, decision 0034), else index.html.
 */
function pageFileFor(distDir: string, path: string): string {
  if (ROUTE_PAGE_PATH.test(path)) {
    const routePage = `routes${path}.html`;
    if (existsSync(join(distDir, routePage))) return routePage;
  }
  return 'index.html';
}

/**
 * Serves the built panel from the same process. Unknown /api paths answer the JSON 404; any other
 * GET falls back to the page (its route's page, or index.html) so the panel's router handles deep links.
 * Without `distDir` (a process without the panel role, decision 0076) every unknown path is the JSON 404.
 */
async function staticWebPlugin(app: FastifyInstance, options: { distDir?: string }): Promise<void> {
  const distDir = options.distDir ?? '';
  const hasWeb = options.distDir !== undefined && existsSync(join(distDir, 'index.html'));
  if (hasWeb) {
    // wildcard: files are looked up per request, so a rebuild while the server runs is served at once.
    // preCompressed: the build writes .br and .gz next to each asset (scripts/compress-web-dist.mjs).
    await app.register(fastifyStatic, {
      root: distDir,
      wildcard: true,
      index: false,
      preCompressed: true,
      setHeaders(response, path) {
        // File names under assets/ carry their content hash: a browser may keep them for good.
        if (path.includes(`${sep}assets${sep}`))
          response.header('Cache-Control', 'public, max-age=31536000, immutable');
      },
    });
  } else if (options.distDir !== undefined) {
    app.log.warn(
      { distDir: options.distDir },
      'web build not found: only the API is served (run npm run build)',
    );
  }
  if (hasWeb) {
    // The root is the panel too (its router redirects to /dashboard); a bare directory would be a 403.
    app.get('/', (_request, reply) => {
      reply.header('Cache-Control', 'no-cache');
      return reply.sendFile('index.html', { cacheControl: false });
    });
  }
  app.setNotFoundHandler((request, reply) => {
    // A missing file (a path with an extension, or under /assets) is a real 404, not the page.
    const path = request.url.split('?')[0] ?? '';
    const isFile = path.startsWith('/assets/') || /\.[a-z0-9]+$/i.test(path);
    // Under /cliente is the customer page's (static-customer): an address it does not know is no panel page.
    const wantsPage =
      request.method === 'GET' &&
      !path.startsWith('/api') &&
      !path.startsWith(`${CUSTOMER_PAGE_PATH}/`) &&
      path !== CUSTOMER_PAGE_PATH &&
      !isFile;
    if (hasWeb && wantsPage) {
      // Hashed assets are cached by the browser; the page itself must always be fresh.
      reply.header('Cache-Control', 'no-cache');
      return reply.sendFile(pageFileFor(distDir, path), { cacheControl: false });
    }
    return reply.status(404).send({ status: 404, code: 'not_found', message: errorTextFor(404).message });
  });
}

export default fp(staticWebPlugin, { name: 'static-web' });
