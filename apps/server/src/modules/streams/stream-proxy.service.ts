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
 * pass through; HLS playlists come back rewritten to this server's token URLs. Any failure of the source
 * (down, timeout, an error status) is a 502.
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

function isPlaylistResponse(response: UpstreamResponse): boolean {
  const type = String(response.headers['content-type'] ?? '').toLowerCase();
  return type.includes('mpegurl') || /\.m3u8?$/i.test(new URL(response.url).pathname);
}

async function open(url: string, context: ProxyContext, method: 'GET' | 'HEAD'): Promise<UpstreamResponse> {
  try {
    const response = await openUpstream(url, {
      method,
      headers: { range: context.range, 'user-agent': context.userAgent },
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

/** The answer to a proxied stream URL (/live|movie|series/…): media relayed, or a playlist rewritten. */
export async function proxyStreamStart(sourceUrl: string, context: ProxyContext): Promise<Relay> {
  const response = await open(sourceUrl, context, context.method);
  if (isPlaylistResponse(response) && response.status === 200) {
    if (context.method === 'HEAD') {
      response.body.destroy();
      return { status: 200, headers: { 'content-type': PLAYLIST_TYPE } };
    }
    return playlistRelay(response, context, { sourceUrl });
  }
  return mediaRelay(response, context.method);
}

/** The answer to a token URL (/hls/<token>.<ext>) written into a proxied playlist, once opened. */
export async function proxyTokenTarget(
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
  const response = await open(target.url, full, context.method);
  if ((target.playlist || isPlaylistResponse(response)) && response.status === 200) {
    if (context.method === 'HEAD') {
      response.body.destroy();
      return { status: 200, headers: { 'content-type': PLAYLIST_TYPE } };
    }
    return playlistRelay(response, full, undefined);
  }
  return mediaRelay(response, context.method);
}
