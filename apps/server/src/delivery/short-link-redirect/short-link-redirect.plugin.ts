import { playlistLinks } from '@panel/shared/content/playlist-links';
import { CUSTOMER_PAGE_PATH } from '@panel/shared/customer-page/customer-page-paths';
import { DOMAIN_TOKEN_PATH } from '@panel/shared/domains/domains-api';
import { SHORT_LINK_TARGET } from '@panel/shared/domains/short-link-types';
import { SHORT_LINK_MESSAGES } from '@panel/shared/domains/short-links-api';
import { errorTextFor } from '@panel/shared/errors/error-catalogue';
import type { FastifyInstance, FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../../config';
import type { Database } from '../../db/database';
import { publicBaseUrl } from '../../lib/public-base-url';
import { configuredPanelHosts, normaliseHost } from '../../lib/panel-hosts';
import { PLAYER_PATHS } from '../player/player.routes';
import { isShortLinkCode } from './short-link-code';
import { createShortLinkHosts, type ShortLinkHosts } from './short-link-hosts';
import { findRedirectTarget } from './short-link-redirect.repository';

declare module 'fastify' {
  interface FastifyInstance {
    /** Host → verified domain cache of the short-link redirect; `clear()` after a domain changes. */
    shortLinkHosts: ShortLinkHosts;
  }
}

const SS_PREFIX = 'ss.';

/**
 * What a reseller's domain serves besides its short links (decision 0069): what customers' apps load —
 * the player API, playlists, the guide, the stream URLs and proxied HLS — the verification token file, and
 * the customer page with its API and files, and at the domain's root (decision 0175).
 */
const DELIVERY_PATHS: ReadonlySet<string> = new Set<string>([
  ...PLAYER_PATHS,
  DOMAIN_TOKEN_PATH,
  CUSTOMER_PAGE_PATH,
]);
const DELIVERY_PREFIXES = ['/live/', '/movie/', '/series/', '/hls/', `${CUSTOMER_PAGE_PATH}/`];

function isDeliveryPath(path: string): boolean {
  return DELIVERY_PATHS.has(path) || DELIVERY_PREFIXES.some((prefix) => path.startsWith(prefix));
}

function plainText(reply: FastifyReply, status: number, text: string) {
  return reply
    .status(status)
    .header('Cache-Control', 'no-store')
    .header('Access-Control-Allow-Origin', '*')
    .type('text/plain; charset=utf-8')
    .send(text);
}

/**
 * A reseller's verified domain (and its `ss.` sub-domain) answers `GET /<code>` with a 302 to the line's
 * playlist or guide (decision 0049), serves what customers' apps load, and answers everything else —
 * panel pages, the API, the panel's files, unknown codes — with 404 'Link não encontrado.' (decision
 * 0069). Codes are looked up under the line authentication's flood protection (also 0069). Runs
 * before routing; a Host that is no verified domain, or one of the panel's own, goes on untouched.
 */
async function shortLinkRedirectPlugin(
  app: FastifyInstance,
  { db, config }: { db: Database; config: Config },
): Promise<void> {
  const hosts = createShortLinkHosts(db, config.SHORT_LINK_HOST_CACHE_MS, configuredPanelHosts(config));
  app.decorate('shortLinkHosts', hosts);
  // A domain or the main domain changed, here or in another process (decision 0076).
  app.deliveryNotices.onNotice((notice) => {
    if (notice.kind === 'hosts') hosts.clear();
  });
  const lineAuth = app.lineAuth;

  app.addHook('onRequest', async (request, reply) => {
    const host = normaliseHost(request.hostname);
    const onSsHost = host.startsWith(SS_PREFIX);
    const domainId = await hosts.domainIdOf(onSsHost ? host.slice(SS_PREFIX.length) : host);
    if (domainId === null) return;
    const path = request.url.split('?')[0] ?? '';
    if (isDeliveryPath(path)) return;
    // The domain's root is its customers' page (decision 0175), served by static-customer; not on ss.
    if (path === '/' && !onSsHost && (request.method === 'GET' || request.method === 'HEAD')) return;
    const code = path.slice(1);
    // Only a code of the shape the panel makes can be a link: anything else misses without a lookup and
    // without counting, since it tells nothing about the codes that exist.
    if ((request.method !== 'GET' && request.method !== 'HEAD') || !isShortLinkCode(code)) {
      return plainText(reply, 404, SHORT_LINK_MESSAGES.redirectNotFound);
    }
    const opened = await lineAuth.openShortLink({ code, address: request.ip }, async () => {
      const link = await findRedirectTarget(db, domainId, code);
      // SS IPTV links live only on the ss. sub-domain, every other type only on the domain itself.
      return link && (link.type === 'ssiptv') === onSsHost ? link : undefined;
    });
    if (opened.outcome === 'blocked') {
      reply.header('Retry-After', String(opened.retryAfterSeconds));
      return plainText(reply, 429, errorTextFor(429).message);
    }
    if (opened.outcome === 'refused') return plainText(reply, 404, SHORT_LINK_MESSAGES.redirectNotFound);
    const link = opened.line;
    if (link.enabled !== 1 || link.expDate.getTime() <= Date.now()) {
      return plainText(reply, 410, SHORT_LINK_MESSAGES.redirectInactive);
    }
    const links = playlistLinks(publicBaseUrl(request, config.PLAYER_BASE_URL), link.username, link.password);
    return reply
      .status(302)
      .header('Cache-Control', 'no-store')
      .header('Access-Control-Allow-Origin', '*')
      .redirect(links[SHORT_LINK_TARGET[link.type]], 302);
  });
}

export default fp(shortLinkRedirectPlugin, {
  name: 'short-link-redirect',
  dependencies: ['line-auth', 'delivery-notices'],
});
