import { PORTAL_MESSAGES } from '@panel/shared/portal/portal-messages';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../../config';
import type { Database } from '../../db/database';
import { getOrCreateSecret } from '../../db/secrets';
import { API_CONTENT_SECURITY_POLICY } from '../../lib/content-security-policy';
import { publicBaseUrl } from '../../lib/public-base-url';
import { replyBlocked } from '../line-auth/line-auth-guard';
import { allChannels, genres, orderedList, type PortalQuery } from './portal-content.service';
import { shortEpg, simpleDataTable } from './portal-epg';
import { confirmPortalEvent, nextPortalEvent, type PortalLine } from './portal-line.repository';
import { createArchiveLink } from './portal-archive';
import { createLink, type PortalLinkContext } from './portal-links';
import {
  activeProfile,
  LOCALIZATION,
  mainInfo,
  MODULES,
  notActiveProfile,
  watchdogEvents,
} from './portal-profile';
import {
  boxIds,
  doAuth,
  getProfile,
  handshake,
  sessionLine,
  type PortalRequestIdentity,
} from './portal-session.service';
import { portalTimezone } from './portal-time';

/**
 * The Stalker/Ministra portal of hybrid lines (docs/product/portal.md, decisions 0113 to 0117): the JSON
 * API at the three paths clients probe, every answer `{"js": …}` as `text/javascript`, never cached, and
 * the portal's address `/c/` (a short page: the API is what apps call). A call without an adopted session
 * answers the stock middleware's plain "Authorization failed.", on which clients handshake again.
 */
export const PORTAL_API_PATHS = [
  '/portal.php',
  '/server/load.php',
  '/stalker_portal/server/load.php',
  '/c/portal.php',
] as const;
export const PORTAL_PAGE_PATHS = ['/c/', '/stalker_portal/c/'] as const;

const AUTHORIZATION_FAILED = 'Authorization failed.';

function cookies(request: FastifyRequest): Record<string, string> {
  const header = request.headers.cookie ?? '';
  const found: Record<string, string> = {};
  for (const part of header.split(';')) {
    const at = part.indexOf('=');
    if (at <= 0) continue;
    const name = part.slice(0, at).trim();
    try {
      found[name] = decodeURIComponent(part.slice(at + 1).trim());
    } catch {
      found[name] = part.slice(at + 1).trim();
    }
  }
  return found;
}

/** The first value of each query parameter (repeated ones arrive as arrays). */
function flatQuery(request: FastifyRequest): PortalQuery {
  const query = (request.query ?? {}) as Record<string, unknown>;
  const flat: PortalQuery = {};
  for (const [name, value] of Object.entries(query)) {
    const first = Array.isArray(value) ? value[0] : value;
    if (typeof first === 'string') flat[name] = first;
  }
  return flat;
}

function bearer(request: FastifyRequest): string | undefined {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(request.headers.authorization ?? '');
  return match?.[1];
}

const PAGE = `<!doctype html>
<html lang="pt-BR"><head><meta charset="utf-8"><title>Portal</title></head>
<body><p>Portal para aparelhos MAG e aplicativos de portal (Smart STB, STB Emulator, TiviMate, IPTVnator,
Kodi): informe este endereço e o MAC cadastrado no usuário híbrido.</p></body></html>
`;

export const portalRoutes: FastifyPluginAsync<{ db: Database; config: Config }> = async (
  app,
  { db, config },
) => {
  // The session tokens' own key, kept in the database (every delivery process reads the same one).
  const secret = await getOrCreateSecret(db, 'portal_token_secret');
  // The links are signed like the stream URLs' redirect tokens, by the same secret (decision 0115).
  const streamSecret = config.STREAM_TOKEN_SECRET ?? (await getOrCreateSecret(db, 'stream_token_secret'));

  app.addHook('onSend', async (_request, reply) => {
    reply.header('Access-Control-Allow-Origin', '*');
    reply.header('Content-Security-Policy', API_CONTENT_SECURITY_POLICY);
    reply.header('Cache-Control', 'no-store');
  });

  for (const path of PORTAL_PAGE_PATHS) {
    app.get(path, async (_request, reply) => reply.type('text/html; charset=utf-8').send(PAGE));
    app.get(path.slice(0, -1), async (_request, reply) => reply.redirect(path, 301));
  }

  const js = (reply: FastifyReply, value: unknown) =>
    reply.type('text/javascript; charset=utf-8').send(JSON.stringify({ js: value }));

  async function answer(request: FastifyRequest, reply: FastifyReply) {
    const query = flatQuery(request);
    const cookie = cookies(request);
    const identity: PortalRequestIdentity = {
      mac: query.mac ?? cookie.mac,
      token: bearer(request) ?? (query.action === 'handshake' ? undefined : query.token),
      address: request.ip,
    };
    const timeZone = portalTimezone(cookie.timezone);
    const type = query.type ?? '';
    const action = query.action ?? '';

    if (type === 'stb' && action === 'handshake') {
      const outcome = await handshake(db, app.lineAuth, secret, identity);
      if (outcome.outcome === 'blocked')
        return js(replyBlocked(reply, outcome.retryAfterSeconds), { token: null });
      return js(reply, { token: outcome.outcome === 'token' ? outcome.token : null, random: '' });
    }
    if (type === 'stb' && action === 'get_profile') {
      const model = request.headers['x-user-agent'];
      const box = boxIds({
        ...query,
        model: query.stb_type ?? (typeof model === 'string' ? model : undefined),
      });
      const outcome = await getProfile(db, secret, identity, box);
      if (outcome.outcome === 'active') return js(reply, activeProfile(outcome.line, timeZone));
      const message =
        outcome.reason === 'device' ? PORTAL_MESSAGES.deviceMismatch : PORTAL_MESSAGES.notActive;
      return js(reply, notActiveProfile(message));
    }
    if (type === 'stb' && action === 'do_auth') {
      return js(reply, await doAuth(db, secret, identity, query.login, query.password));
    }
    if (type === 'stb' && action === 'get_localization') return js(reply, LOCALIZATION);

    const line = await sessionLine(db, secret, identity);
    if (!line) return reply.type('text/html; charset=utf-8').send(AUTHORIZATION_FAILED);
    return js(reply, await sessionAnswer(request, line, type, action, query, timeZone));
  }

  const linkContext = (request: FastifyRequest): PortalLinkContext => ({
    baseUrl: publicBaseUrl(request, config.PLAYER_BASE_URL),
    secret: streamSecret,
    ttlSeconds: config.STREAM_TOKEN_TTL_SECONDS,
  });

  async function sessionAnswer(
    request: FastifyRequest,
    line: PortalLine,
    type: string,
    action: string,
    query: PortalQuery,
    timeZone: string,
  ): Promise<unknown> {
    switch (`${type}/${action}`) {
      case 'stb/get_modules':
        return MODULES;
      case 'stb/log':
      case 'stb/set_modern':
      case 'stb/set_legacy':
        return true;
      case 'itv/get_genres':
      case 'vod/get_categories':
      case 'series/get_categories':
        return genres(db, line, type);
      case 'itv/get_all_channels':
        return allChannels(db, line);
      case 'itv/get_ordered_list':
      case 'vod/get_ordered_list':
      case 'series/get_ordered_list':
        return orderedList(db, line, type, query, timeZone);
      case 'itv/create_link':
      case 'vod/create_link':
      case 'series/create_link':
        return createLink(db, line, linkContext(request), query.cmd ?? '', query.series);
      case 'tv_archive/create_link':
        return createArchiveLink(db, line, linkContext(request), query.cmd ?? '', query.ch_id);
      case 'itv/get_short_epg':
        return shortEpg(db, line, query, timeZone);
      case 'epg/get_simple_data_table':
        return simpleDataTable(db, line, query, timeZone);
      case 'watchdog/get_events':
        return watchdogEvents(await nextPortalEvent(db, line.id), timeZone);
      case 'watchdog/confirm_event': {
        const id = query.event_active_id;
        if (id && /^\d{1,10}$/.test(id)) await confirmPortalEvent(db, line.id, Number(id));
        return { data: 'ok' };
      }
      case 'account_info/get_main_info':
        return mainInfo(line, timeZone);
      default:
        // Favourites, claims, played marks and the rest of Ministra: accepted, nothing kept.
        return true;
    }
  }

  for (const path of PORTAL_API_PATHS) app.get(path, answer);
};
