import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../../config';
import type { Database } from '../../db/database';
import { getOrCreateSecret } from '../../db/secrets';
import { API_CONTENT_SECURITY_POLICY } from '../../lib/content-security-policy';
import { publicBaseUrl } from '../../lib/public-base-url';
import { typedCredential } from '../code-activation/code-activation';
import { replyBlocked, type LineAuthGuard, type LineAuthOutcome } from '../line-auth/line-auth-guard';
import { AnswerCache } from './answer-cache';
import { AnswerSlots, sendInSlot } from './answer-slots';
import { queryText, REFUSED_LOGIN, type PlayerQuery } from './player-api.service';
import { playerApiResponse, playlistAnswer } from './player-cache.service';
import { findPlayerLine, type PlayerLine } from './player-line';
import { xmltvChunks } from './playlist.service';

/**
 * The Xtream Codes endpoints player apps call (docs/product/api.md#player-api, decision 0039), outside
 * /api: no panel session, the line's credentials in the query. Every answer carries CORS for web players
 * and the API's content security policy (they are data, never documents).
 */
export const PLAYER_PATHS = ['/player_api.php', '/get.php', '/xmltv.php'] as const;

const DEFAULT_ALLOWED_HEADERS = 'Content-Type, Accept, Authorization, Range, X-Requested-With';

/** The line of the query's credentials, through the flood protection (decision 0063). */
async function lineOf(
  db: Database,
  lineAuth: LineAuthGuard,
  request: FastifyRequest,
): Promise<LineAuthOutcome<PlayerLine>> {
  const query = request.query as PlayerQuery;
  const username = typedCredential(queryText(query, 'username') ?? '');
  const password = typedCredential(queryText(query, 'password') ?? '');
  return lineAuth.authenticate({ username, password, address: request.ip }, () =>
    findPlayerLine(db, username, password),
  );
}

/**
 * get.php and xmltv.php refuse with a 4xx: 429 without a body when blocked (decision 0063), 401 for wrong
 * credentials, 403 for a line that may not watch.
 */
function refusal(reply: FastifyReply, auth: LineAuthOutcome<PlayerLine>): FastifyReply | undefined {
  if (auth.outcome === 'blocked') return replyBlocked(reply, auth.retryAfterSeconds).send();
  if (auth.outcome === 'refused') {
    return reply.code(401).type('text/plain; charset=utf-8').send('Usuário ou senha inválidos');
  }
  const line = auth.line;
  if (line.status !== 'Active') {
    return reply.code(403).type('text/plain; charset=utf-8').send('Linha sem acesso (vencida ou bloqueada)');
  }
  return undefined;
}

/**
 * The answer cache (decision 0043): PLAYER_CACHE_DIR, "off" for none; unset, a fresh folder under the
 * system's temp folder, removed when the server closes.
 */
async function openAnswerCache(
  db: Database,
  config: Config,
  onRenderError: (error: unknown) => void,
): Promise<{ cache?: AnswerCache; owned?: string }> {
  if (config.PLAYER_CACHE_DIR === 'off') return {};
  const owned = config.PLAYER_CACHE_DIR ? undefined : await mkdtemp(join(tmpdir(), 'panel-player-cache-'));
  const cache = await AnswerCache.create({
    dir: config.PLAYER_CACHE_DIR ?? owned!,
    // Random, made once per database and kept in it (decision 0064): never equal in another database.
    database: (await getOrCreateSecret(db, 'player_cache_database')).slice(0, 16),
    maxFiles: config.PLAYER_CACHE_MAX_FILES,
    maxBytes: config.PLAYER_CACHE_MAX_MB * 1024 * 1024,
    onRenderError,
  });
  return { cache, owned };
}

export const playerRoutes: FastifyPluginAsync<{ db: Database; config: Config }> = async (
  app,
  { db, config },
) => {
  // Playlists and listings wait in lines of their own: an app opening its live channels never waits
  // behind other apps' 20 MB playlists.
  const playlistSlots = new AnswerSlots(config.PLAYER_STREAMING_ANSWERS);
  const listingSlots = new AnswerSlots(config.PLAYER_STREAMING_ANSWERS);
  const { cache, owned } = await openAnswerCache(db, config, (error) =>
    app.log.error({ err: error }, 'player answer render failed'),
  );
  if (owned) {
    app.addHook('onClose', async () => {
      await cache?.settled();
      await rm(owned, { recursive: true, force: true });
    });
  }

  app.addHook('onSend', async (_request, reply) => {
    reply.header('Access-Control-Allow-Origin', '*');
    reply.header('Content-Security-Policy', API_CONTENT_SECURITY_POLICY);
    // Answers hold the line's password (and depend on it): never kept by a cache (decision 0063).
    reply.header('Cache-Control', 'no-store');
  });

  for (const path of PLAYER_PATHS) {
    app.options(path, async (request, reply) => {
      const asked = request.headers['access-control-request-headers'];
      const allowed =
        typeof asked === 'string' && /^[\w-]+(\s*,\s*[\w-]+)*$/.test(asked.trim())
          ? `${DEFAULT_ALLOWED_HEADERS}, ${asked.trim()}`
          : DEFAULT_ALLOWED_HEADERS;
      return reply
        .code(204)
        .header('Access-Control-Allow-Methods', 'GET, HEAD, OPTIONS')
        .header('Access-Control-Allow-Headers', allowed)
        .header('Access-Control-Max-Age', '86400')
        .send();
    });
  }

  app.get('/player_api.php', async (request, reply) => {
    const auth = await lineOf(db, app.lineAuth, request);
    reply.type('application/json; charset=utf-8');
    if (auth.outcome === 'blocked') return replyBlocked(reply, auth.retryAfterSeconds).send(REFUSED_LOGIN);
    if (auth.outcome === 'refused') return reply.send(REFUSED_LOGIN);
    const line = auth.line;
    const baseUrl = publicBaseUrl(request, config.PLAYER_BASE_URL);
    const answer = await playerApiResponse(
      db,
      cache,
      line,
      request.query as PlayerQuery,
      baseUrl,
      config.CONNECTION_TTL_SECONDS,
      config.PLAYER_TIMEZONE,
    );
    // A listing streams in a slot; a login or a detail is small and never waits behind them.
    return typeof answer === 'string' ? reply.send(answer) : sendInSlot(reply, answer, listingSlots);
  });

  app.get('/get.php', async (request, reply) => {
    const auth = await lineOf(db, app.lineAuth, request);
    const refused = refusal(reply, auth);
    if (refused || auth.outcome !== 'authenticated') return refused;
    const line = auth.line;
    const query = request.query as PlayerQuery;
    const type = queryText(query, 'type') === 'm3u' ? 'm3u' : 'm3u_plus';
    const baseUrl = publicBaseUrl(request, config.PLAYER_BASE_URL);
    const body = await playlistAnswer(db, cache, line, baseUrl, type, queryText(query, 'output'));
    // Exactly `audio/x-mpegurl`: mpv recognises a playlist by this type only without parameters (with
    // `; charset=utf-8` it probes the body, whose first line is not a bare #EXTM3U, and refuses it). The
    // header line keeps x-tvg-url for SS IPTV and TiviMate; the body is UTF-8 (decision 0062).
    reply.type('audio/x-mpegurl').header('Content-Disposition', 'attachment; filename="playlist.m3u"');
    return sendInSlot(reply, body, playlistSlots);
  });

  app.get('/xmltv.php', async (request, reply) => {
    const auth = await lineOf(db, app.lineAuth, request);
    const refused = refusal(reply, auth);
    if (refused || auth.outcome !== 'authenticated') return refused;
    const line = auth.line;
    return reply
      .type('application/xml; charset=utf-8')
      .send(Readable.from(xmltvChunks(db, line), { objectMode: false }));
  });
};
