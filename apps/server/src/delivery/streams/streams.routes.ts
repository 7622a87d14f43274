import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../../config';
import type { Database } from '../../db/database';
import { getOrCreateSecret } from '../../db/secrets';
import { AppError } from '../../lib/app-error';
import { publicBaseUrl } from '../../lib/public-base-url';
import { afterFirstUse, typedCredential } from '../code-activation/code-activation';
import { replyBlocked } from '../line-auth/line-auth-guard';
import type { RelayKind } from '../connections/connection-relays';
import { createStartAuthorisationCache } from './start-authorisation-cache';
import { proxyStreamStart, proxyTokenTarget, type Relay } from './stream-proxy.service';
import {
  authoriseStreamStart,
  type AuthorisedStart,
  createStartCounter,
  type FirstUse,
  recordStreamStart,
  type StreamClient,
  type StreamSegment,
} from './stream-start.service';
import { viewDay } from '../views/views.repository';
import { registerTimeshiftRoutes } from './timeshift.routes';
import { logSerializers } from './stream-log';
import { proxyTokenSealer, streamTokenQuery, verifyPortalLinkPassword } from './stream-tokens';
import { nowSeconds } from '@panel/shared/time/unix-seconds';

/**
 * The stream URLs players open (docs/product/api.md#stream-urls, decision 0040), outside /api and without
 * a session: `/live|movie|series/U/P/{id}.{ext}` authenticate the line, authorise the stream, record the
 * start and deliver it by its source's mode (a 302 to the source with a signed token, or relayed);
 * `/hls/<token>.<ext>` serves what a proxied playlist names. Every answer carries
 * `Access-Control-Allow-Origin: *` (web players; XTREAM-CONTRACT section 11).
 */
interface StreamParams {
  username: string;
  password: string;
  file: string;
}

const SEGMENTS: StreamSegment[] = ['live', 'movie', 'series'];
const TOKEN_FILE = /^([A-Za-z0-9_-]{20,4096})\.[a-z0-9]{1,5}$/;
/** How long a HEAD's redirect token stays valid: the player follows it at once. */
const HEAD_TOKEN_TTL_SECONDS = 60;

/** Aborted when the client goes away before its answer was sent in full. */
function clientGone(reply: FastifyReply): AbortSignal {
  const controller = new AbortController();
  reply.raw.once('close', () => {
    if (!reply.raw.writableFinished) controller.abort();
  });
  return controller.signal;
}

function sendRelay(reply: FastifyReply, relay: Relay) {
  reply.code(relay.status).headers(relay.headers);
  return relay.body === undefined ? reply.send() : reply.send(relay.body);
}

/**
 * The client as its connection shows it: a set-top box's model (X-User-Agent, "Model: MAG250; …", sent by
 * portal boxes; decision 0117) before its browser's User-Agent.
 */
function client(request: FastifyRequest): StreamClient {
  const model = request.headers['x-user-agent'];
  const userAgent = typeof model === 'string' && model ? model : request.headers['user-agent'];
  return { ip: request.ip || null, userAgent: userAgent ? userAgent.slice(0, 512) : null };
}

export const streamsRoutes: FastifyPluginAsync<{ db: Database; config: Config }> = async (
  app,
  { db, config },
) => {
  // Kept in memory: the hot path signs without reading the database (decision 0040).
  const secret = config.STREAM_TOKEN_SECRET ?? (await getOrCreateSecret(db, 'stream_token_secret'));
  const sealer = proxyTokenSealer(secret);
  const counter = createStartCounter();
  const ttl = config.STREAM_TOKEN_TTL_SECONDS;
  const connections = app.connections;
  const lineAuth = app.lineAuth;
  // Lines that keep playing start without the lookup statement (decision 0105).
  const starts = createStartAuthorisationCache(db, app.deliveryNotices);
  const firstUse: FirstUse = (line) => afterFirstUse(db, line);
  const portalLink = (lineId: number, streamId: number, given: string) =>
    verifyPortalLinkPassword(secret, lineId, streamId, given);

  app.addHook('onSend', async (_request, reply) => {
    reply.header('Access-Control-Allow-Origin', '*');
    reply.header('Access-Control-Expose-Headers', 'Content-Length, Content-Range, Accept-Ranges');
    // Stream URLs carry the line's password, tokens expire: no answer is kept by a cache (decision 0063).
    reply.header('Cache-Control', 'no-store');
  });

  for (const url of [...SEGMENTS.map((segment) => `/${segment}/:username/:password/:file`), '/hls/*']) {
    app.options(url, { logSerializers }, async (_request, reply) => corsPreflight(reply));
  }

  for (const segment of SEGMENTS) {
    app.route<{ Params: StreamParams }>({
      method: ['GET', 'HEAD'],
      url: `/${segment}/:username/:password/:file`,
      logSerializers,
      handler: async (request, reply) => {
        const { file } = request.params;
        const username = typedCredential(request.params.username);
        const password = typedCredential(request.params.password);
        const address = request.ip;
        const start = await authoriseStreamStart(
          starts,
          lineAuth,
          { segment, username, password, file, address },
          new Date(),
          portalLink,
          firstUse,
        );
        if ('retryAfterSeconds' in start) return replyBlocked(reply, start.retryAfterSeconds).send();
        return deliver(request, reply, start);
      },
    });
  }

  // Catch-up: authorised as the channel's live start, then delivered the same way (decision 0120).
  registerTimeshiftRoutes(app, { db, config, starts, lineAuth, deliver, portalLink, firstUse });

  /**
   * An authorised start delivered by its source's mode (decisions 0040, 0044, 0062): a HEAD answered
   * without a screen; a GET holds one of the line's screens, then a signed redirect or a relay.
   */
  async function deliver(request: FastifyRequest, reply: FastifyReply, start: AuthorisedStart) {
    if (request.method === 'HEAD') return answerHead(request, reply, start);
    const expires = nowSeconds() + ttl;
    const counted = counter.counts(start, request.method, request.headers.range);
    const who = client(request);
    // Every GET holds a screen of the line (decisions 0044, 0062): a counted start opens the device's
    // connection (or takes it back, zapping), any other request refreshes it. Refused here, before any
    // redirect or relay, when the line's screens are all in use.
    const redirect = start.delivery === 'redirect';
    const held = await connections.forRequest({
      lineId: start.lineId,
      streamId: start.streamId,
      delivery: start.delivery,
      watching: start.name,
      ip: who.ip,
      userAgent: who.userAgent,
      start: counted,
      // A redirected start is recorded at once (a proxied one only when its source answered).
      record: redirect && counted ? { kind: start.kind, day: viewDay() } : undefined,
    });
    const connectionId = held.id;
    if (redirect) {
      if (counted && !held.recorded) await recordStreamStart(db, start, who);
      return redirectTo(reply, start, connectionId, expires);
    }
    const handle = relayOf(reply, connectionId, 'stream');
    let relay: Relay;
    try {
      relay = await proxyStreamStart(start.sourceUrl, {
        ...proxyContext(request, 'GET'),
        lineId: start.lineId,
        streamId: start.streamId,
        connectionId,
        expires,
        signal: AbortSignal.any([clientGone(reply), handle.signal]),
      });
    } catch (error) {
      // The source did not answer: the screen this start took is given back.
      if (counted) await connections.close(connectionId);
      throw error;
    }
    // A live .ts or a film is relayed while it plays; a playlist is answered at once. When the answer
    // ends, the screen is held for the grace, and an HLS player's reloads and segments keep it (0062).
    // Only a start the source answered is a view.
    if (relay.status < 300 && counted) {
      try {
        await recordStreamStart(db, start, who);
      } catch (error) {
        if (typeof relay.body === 'object') relay.body.destroy();
        throw error;
      }
    }
    return sendRelay(reply, relay);
  }

  /**
   * A HEAD (a player asking for the type or size before it plays) never opens a connection nor holds a
   * screen (decision 0062): the proxy asks the source for its headers; a redirect names no connection
   * (`conn=0`) and expires within a minute, so an edge that checks connections serves it no media.
   */
  async function answerHead(request: FastifyRequest, reply: FastifyReply, start: AuthorisedStart) {
    if (start.delivery === 'redirect') {
      return redirectTo(reply, start, 0, nowSeconds() + HEAD_TOKEN_TTL_SECONDS);
    }
    const relay = await proxyStreamStart(start.sourceUrl, {
      ...proxyContext(request, 'HEAD'),
      lineId: start.lineId,
      streamId: start.streamId,
      connectionId: 0,
      expires: 0,
      signal: clientGone(reply),
    });
    return sendRelay(reply, relay);
  }

  function redirectTo(reply: FastifyReply, start: AuthorisedStart, connectionId: number, expires: number) {
    const claims = { lineId: start.lineId, streamId: start.streamId, connectionId, expires };
    const separator = start.sourceUrl.includes('?') ? '&' : '?';
    const location = `${start.sourceUrl}${separator}${streamTokenQuery(secret, claims)}`;
    return reply.redirect(location, 302);
  }

  function proxyContext(request: FastifyRequest, method: 'GET' | 'HEAD') {
    return {
      baseUrl: publicBaseUrl(request, config.PLAYER_BASE_URL),
      sealer,
      timeoutMs: config.UPSTREAM_TIMEOUT_MS,
      method,
      range: request.headers.range,
      userAgent: request.headers['user-agent'],
    };
  }

  // A wildcard, not a parameter: tokens are longer than the router's limit for a parameter.
  app.route<{ Params: { '*': string } }>({
    method: ['GET', 'HEAD'],
    url: '/hls/*',
    logSerializers,
    handler: async (request, reply) => {
      const token = TOKEN_FILE.exec(request.params['*'])?.[1];
      const target = token ? sealer.open(token) : undefined;
      if (!target) throw AppError.notFound();
      // A disconnected (or ended) connection's tokens are refused from then on (decision 0044).
      if (!(await connections.allowsSegment(target.connectionId))) throw AppError.forbidden();
      const handle = relayOf(reply, target.connectionId, 'token');
      const relay = await proxyTokenTarget(target, {
        ...proxyContext(request, request.method === 'HEAD' ? 'HEAD' : 'GET'),
        signal: AbortSignal.any([clientGone(reply), handle.signal]),
      });
      return sendRelay(reply, relay);
    },
  });

  /**
   * Registers a relay of the connection until the reply closes (sent in full, failed, or the client went
   * away); when it was the connection's last answer of the stream URL, the screen is held only for the
   * grace after it (the player may still be playing what it buffered; decision 0062).
   */
  function relayOf(reply: FastifyReply, connectionId: number, kind: RelayKind) {
    const handle = connections.relays.attach(connectionId, kind);
    reply.raw.once('close', () => {
      if (!handle.release()) return;
      connections.release(connectionId).catch((error: unknown) => {
        reply.log.error({ err: error, connection: connectionId }, 'releasing a proxied connection failed');
      });
    });
    return handle;
  }
};

function corsPreflight(reply: FastifyReply) {
  return reply
    .code(204)
    .header('Access-Control-Allow-Methods', 'GET, HEAD, OPTIONS')
    .header('Access-Control-Allow-Headers', 'Range, Content-Type')
    .header('Access-Control-Max-Age', '86400')
    .send();
}
