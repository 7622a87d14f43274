import type { Readable } from 'node:stream';
import { AppError } from '../../lib/app-error';
import {
  isMasterPlaylist,
  looksLikePlaylist,
  rewritePlaylist,
  singleVariantPlaylist,
  type PlaylistUri,
} from './hls-playlist';
import type { ProxyTarget, ProxyTokenSealer } from './stream-tokens';
import { openUpstream, readText, UpstreamError, type UpstreamResponse } from './upstream-http';

/**
 * The proxy delivery (docs/product/api.md#stream-urls, decision 0040): the server reads the source and
 * relays it, so the source's host and credentials never reach a customer. Media bodies are piped (Fastify
 * pipes with backpressure and destroys the upstream response when the client goes away); Range and HEAD
 * pass through for media; HLS playlists come back whole and rewritten to this server's token URLs, whatever
 * the request's headers. Any failure of the source (down, timeout, an error status) is a 502.
 */
export interface Relay {
  status: number;
  headers: Record<string, string>;
  /** Absent for HEAD. */
  body?: Readable | string;
}

export interface ProxyContext {
  /** This server's public origin, for the token URLs written into playlists. */
  baseUrl: string;
  sealer: ProxyTokenSealer;
  lineId: number;
  streamId: number;
  /** The live connection whose relay this is (decision 0044), sealed into the playlist's token URLs. */
  connectionId: number;
  /** Unix seconds: when the playlist's token URLs stop working. */
  expires: number;
  timeoutMs: number;
  method: 'GET' | 'HEAD';
  range?: string;
  userAgent?: string;
  /** Aborted when the client goes away: the upstream request is cancelled with it. */
  signal: AbortSignal;
}

const PLAYLIST_TYPE = 'application/vnd.apple.mpegurl';
const RELAYED_HEADERS = [
  'content-type',
  'content-length',
  'content-range',
  'accept-ranges',
  'last-modified',
  'etag',
];
const RELAYED_STATUS = new Set([200, 206, 416]);

export const badGateway = () => new AppError(502, 'service_unavailable');

function tokenUrl(context: ProxyContext, uri: PlaylistUri): string {
  const target: ProxyTarget = {
    url: uri.absolute,
    playlist: uri.playlist,
    lineId: context.lineId,
    streamId: context.streamId,
    connectionId: context.connectionId,
    expires: context.expires,
  };
  const extension = uri.playlist
    ? 'm3u8'
    : (/\.([a-z0-9]{1,5})$/i.exec(new URL(uri.absolute).pathname)?.[1] ?? 'ts');
  return `${context.baseUrl}/hls/${context.sealer.seal(target)}.${extension.toLowerCase()}`;
}

/** A source URL that names a playlist by its path (`.m3u8`, `.m3u`): known before asking the source. */
function namesPlaylist(url: string): boolean {
  try {
    return /\.m3u8?$/i.test(new URL(url).pathname);
  } catch {
    return false;
  }
}

/**
 * Whether an answer of the source is (or may be) a playlist: by its type, by the path that answered (after
 * redirects), or any text, which is never media. Such an answer is read whole and rewritten (or refused),
 * never relayed as it is: an upstream playlist relayed unrewritten would send the player to the source's
 * host, with its credentials when its URIs are absolute.
 */
function mayBePlaylist(response: UpstreamResponse): boolean {
  const type = String(response.headers['content-type'] ?? '').toLowerCase();
  return type.includes('mpegurl') || type.startsWith('text/') || namesPlaylist(response.url);
}

async function open(
  url: string,
  context: ProxyContext,
  method: 'GET' | 'HEAD',
  range: string | undefined,
): Promise<UpstreamResponse> {
  try {
    const response = await openUpstream(url, {
      method,
      headers: { range, 'user-agent': context.userAgent },
      timeoutMs: context.timeoutMs,
      signal: context.signal,
    });
    if (!RELAYED_STATUS.has(response.status)) {
      response.body.destroy();
      throw badGateway();
    }
    return response;
  } catch (error) {
    if (error instanceof UpstreamError) throw badGateway();
    throw error;
  }
}

/**
 * Opens what the client asked for. The client's Range (players send `bytes=0-` when they open any URL) is
 * passed on only for media: a playlist is always asked for and answered whole (RFC 9110 section 14.2 lets a
 * server ignore Range and answer 200), so it can be rewritten. A source that answers a range request with
 * a playlist after all is asked again, without the range.
 */
async function openForClient(
  url: string,
  context: ProxyContext,
  playlist: boolean,
): Promise<UpstreamResponse> {
  const range = playlist ? undefined : context.range;
  const response = await open(url, context, context.method, range);
  if (range === undefined || !mayBePlaylist(response)) return response;
  response.body.destroy();
  return open(url, context, context.method, undefined);
}

function mediaRelay(response: UpstreamResponse, method: 'GET' | 'HEAD'): Relay {
  const headers: Record<string, string> = {};
  for (const name of RELAYED_HEADERS) {
    const value = response.headers[name];
    if (typeof value === 'string') headers[name] = value;
  }
  // The source's error bodies are not media; a 416 is relayed with its Content-Range only.
  if (method === 'HEAD' || response.status === 416) {
    response.body.destroy();
    return { status: response.status, headers };
  }
  // A failure after the headers left can only cut the response; never an unhandled error.
  response.body.on('error', () => undefined);
  return { status: response.status, headers, body: response.body };
}

async function playlistRelay(
  response: UpstreamResponse,
  context: ProxyContext,
  asStart: { sourceUrl: string } | undefined,
): Promise<Relay> {
  let text: string;
  try {
    text = await readText(response.body);
  } catch {
    throw badGateway();
  }
  if (!looksLikePlaylist(text)) throw badGateway();
  const headers: Record<string, string> = { 'content-type': PLAYLIST_TYPE, 'cache-control': 'no-store' };
  // A stream start answers a master playlist: a media playlist is wrapped in one whose only variant is
  // its token URL, so the player's reloads go there and are never counted as starts again.
  const body =
    asStart && !isMasterPlaylist(text)
      ? singleVariantPlaylist(tokenUrl(context, { absolute: asStart.sourceUrl, playlist: true }))
      : rewritePlaylist(text, response.url, (uri) => tokenUrl(context, uri));
  headers['content-length'] = String(Buffer.byteLength(body));
  return { status: 200, headers, body: context.method === 'HEAD' ? undefined : body };
}

/** What the source answered, relayed: a playlist (named so, or answered so) rewritten, media as it is. */
async function relay(
  url: string,
  context: ProxyContext,
  named: boolean,
  asStart: { sourceUrl: string } | undefined,
): Promise<Relay> {
  const response = await openForClient(url, context, named || namesPlaylist(url));
  if (!named && !mayBePlaylist(response)) return mediaRelay(response, context.method);
  if (context.method === 'HEAD') {
    response.body.destroy();
    return { status: 200, headers: { 'content-type': PLAYLIST_TYPE, 'cache-control': 'no-store' } };
  }
  return playlistRelay(response, context, asStart);
}

/** The answer to a proxied stream URL (/live|movie|series/…): media relayed, or a playlist rewritten. */
export function proxyStreamStart(sourceUrl: string, context: ProxyContext): Promise<Relay> {
  return relay(sourceUrl, context, false, { sourceUrl });
}

/** The answer to a token URL (/hls/<token>.<ext>) written into a proxied playlist, once opened. */
export function proxyTokenTarget(
  target: ProxyTarget,
  context: Omit<ProxyContext, 'lineId' | 'streamId' | 'connectionId' | 'expires'>,
): Promise<Relay> {
  const full: ProxyContext = {
    ...context,
    lineId: target.lineId,
    streamId: target.streamId,
    connectionId: target.connectionId,
    expires: target.expires,
  };
  return relay(target.url, full, target.playlist, undefined);
}
