import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../../config';
import type { Database } from '../../db/database';
import { AppError } from '../../lib/app-error';
import { replyBlocked, type LineAuthGuard } from '../line-auth/line-auth-guard';
import type { StartAuthorisationCache } from './start-authorisation-cache';
import { logSerializers } from './stream-log';
import {
  authoriseStreamStart,
  type AuthorisedStart,
  type FirstUse,
  type PortalLinkCheck,
} from './stream-start.service';
import { findArchiveUrl } from '../catchup/archive-url';
import { parseTimeshiftMinutes, parseTimeshiftStart } from '../catchup/timeshift-request';

/**
 * The catch-up URLs players open (docs/product/xtream-contract.md#14-catch-up-timeshift, decision 0120):
 * `/timeshift/U/P/DURATION/START/ID.ts|m3u8` and `/streaming/timeshift.php?username&password&stream&start
 * &duration[&extension=m3u8]`. The line and the channel are authorised exactly as the channel's live start
 * (401, 403, 404, 405, 429 as docs/product/api.md#stream-urls says), then the archive: a channel without
 * one, a start outside its window, a malformed START or DURATION answer 404, no redirect. The archive URL
 * is then delivered as the live stream would be (a signed redirect or a relay, one of the line's screens).
 * The password may be a portal link's signed one for this line and channel, as on the live route (the
 * portal's tv_archive/create_link, decisions 0115 and 0120).
 */
interface TimeshiftDeps {
  db: Database;
  config: Pick<Config, 'PLAYER_TIMEZONE'>;
  starts: Pick<StartAuthorisationCache, 'lookup'>;
  lineAuth: LineAuthGuard;
  deliver: (request: FastifyRequest, reply: FastifyReply, start: AuthorisedStart) => Promise<unknown>;
  /** The portal's signed links (decision 0115): tv_archive/create_link hands out timeshift URLs. */
  portalLink: PortalLinkCheck;
  /** An activation code's first use (decision 0145). */
  firstUse: FirstUse;
}

interface TimeshiftAsk {
  username: string;
  password: string;
  duration: string;
  start: string;
  /** `{id}.{ext}` */
  file: string;
}

const FORMATS = new Set(['ts', 'm3u8']);

function first(value: unknown): string {
  const one = Array.isArray(value) ? (value as unknown[])[0] : value;
  return typeof one === 'string' ? one : '';
}

export function registerTimeshiftRoutes(app: FastifyInstance, deps: TimeshiftDeps): void {
  const { db, config, starts, lineAuth, deliver, portalLink, firstUse } = deps;

  async function timeshift(request: FastifyRequest, reply: FastifyReply, ask: TimeshiftAsk) {
    const start = await authoriseStreamStart(
      starts,
      lineAuth,
      {
        segment: 'live',
        username: ask.username,
        password: ask.password,
        file: ask.file,
        address: request.ip,
      },
      new Date(),
      portalLink,
      firstUse,
    );
    if ('retryAfterSeconds' in start) return replyBlocked(reply, start.retryAfterSeconds).send();
    const from = parseTimeshiftStart(ask.start, config.PLAYER_TIMEZONE);
    const minutes = parseTimeshiftMinutes(ask.duration);
    if (!from || minutes === undefined) throw AppError.notFound();
    // The portal's function (the line's bouquets checked again, then the archive and its window).
    const archive = await findArchiveUrl(db, start, {
      streamId: start.streamId,
      start: from,
      durationMinutes: minutes,
      extension: start.extension === 'm3u8' ? 'm3u8' : 'ts',
    });
    if (!archive.ok) throw AppError.notFound();
    return deliver(request, reply, { ...start, sourceUrl: archive.url, timeshift: true });
  }

  const paths = ['/timeshift/:username/:password/:duration/:start/:file', '/streaming/timeshift.php'];
  for (const url of paths) {
    app.options(url, { logSerializers }, async (_request, reply) =>
      reply
        .code(204)
        .header('Access-Control-Allow-Methods', 'GET, HEAD, OPTIONS')
        .header('Access-Control-Allow-Headers', 'Range, Content-Type')
        .header('Access-Control-Max-Age', '86400')
        .send(),
    );
  }

  app.route<{ Params: TimeshiftAsk }>({
    method: ['GET', 'HEAD'],
    url: paths[0] ?? '',
    logSerializers,
    handler: (request, reply) => timeshift(request, reply, request.params),
  });

  app.route<{ Querystring: Record<string, unknown> }>({
    method: ['GET', 'HEAD'],
    url: paths[1] ?? '',
    logSerializers,
    handler: (request, reply) => {
      const query = request.query;
      const asked = first(query.extension ?? query.output).toLowerCase();
      const extension = FORMATS.has(asked) ? asked : 'ts';
      return timeshift(request, reply, {
        username: first(query.username),
        password: first(query.password),
        duration: first(query.duration),
        start: first(query.start),
        file: `${first(query.stream)}.${extension}`,
      });
    },
  });
}
