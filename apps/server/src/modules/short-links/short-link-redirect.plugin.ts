import { playlistLinks } from '@panel/shared/content/playlist-links';
import { SHORT_LINK_TARGET } from '@panel/shared/domains/short-link-types';
import { SHORT_LINK_MESSAGES } from '@panel/shared/domains/short-links-api';
import type { FastifyInstance, FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../../config';
import type { Database } from '../../db/database';
import { publicBaseUrl } from '../../lib/public-base-url';
import { isShortLinkCode } from './short-link-code';
import { createShortLinkHosts, type ShortLinkHosts } from './short-link-hosts';
import { findRedirectTarget } from './short-links.repository';

declare module 'fastify' {
  interface FastifyInstance {
    /** Host → verified domain cache of the short-link redirect; `clear()` after a domain changes. */
    shortLinkHosts: ShortLinkHosts;
  }
}

const SS_PREFIX = 'ss.';

function plainText(reply: FastifyReply, status: number, text: string) {
  return reply
    .status(status)
    .header('Cache-Control', 'no-store')
    .header('Access-Control-Allow-Origin', '*')
    .type('text/plain; charset=utf-8')
    .send(text);
}

/**
 * Answers `GET http(s)://<domain>/<code>` (and `ss.<domain>` for SS IPTV links) with a 302 to the line's
 * playlist or guide (decision 0049). Runs before routing, so a Host that is no verified domain, or a path
 * that is no code, falls through untouched and the panel keeps working on any host.
 */
async function shortLinkRedirectPlugin(
  app: FastifyInstance,
  { db, config }: { db: Database; config: Config },
): Promise<void> {
  const hosts = createShortLinkHosts(db, config.SHORT_LINK_HOST_CACHE_MS);
  app.decorate('shortLinkHosts', hosts);

  app.addHook('onRequest', async (request, reply) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') return;
    const path = request.url.split('?')[0] ?? '';
    const code = path.slice(1);
    if (!isShortLinkCode(code)) return;
    const host = request.hostname.toLowerCase().replace(/\.$/, '');
    const onSsHost = host.startsWith(SS_PREFIX);
    const domainId = await hosts.domainIdOf(onSsHost ? host.slice(SS_PREFIX.length) : host);
    if (domainId === null) return;
    const link = await findRedirectTarget(db, domainId, code);
    // SS IPTV links live only on the ss. sub-domain, every other type only on the domain itself.
    if (!link || (link.type === 'ssiptv') !== onSsHost) {
      return plainText(reply, 404, SHORT_LINK_MESSAGES.redirectNotFound);
    }
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

export default fp(shortLinkRedirectPlugin, { name: 'short-link-redirect' });
