import { Agent as HttpAgent, request as httpRequest, type IncomingMessage } from 'node:http';
import { Agent as HttpsAgent, request as httpsRequest } from 'node:https';

/**
 * Requests to a content source for the proxy (decision 0040): redirects followed here, never shown to
 * the client; a timeout whenever no byte arrived for `timeoutMs` (before the answer and while relaying);
 * the request aborted with the client's signal. No keep-alive: a relayed socket is closed with its
 * response, so an abandoned stream never leaves a connection open to the source.
 */
export class UpstreamError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'UpstreamError';
  }
}

export interface UpstreamResponse {
  status: number;
  headers: IncomingMessage['headers'];
  body: IncomingMessage;
  /** The URL that answered, after redirects: relative URIs of a playlist resolve against it. */
  url: string;
}

export interface UpstreamRequest {
  method: 'GET' | 'HEAD';
  headers?: Record<string, string | undefined>;
  timeoutMs: number;
  signal?: AbortSignal;
}

const MAX_REDIRECTS = 5;
const REDIRECTS = new Set([301, 302, 303, 307, 308]);
const httpAgent = new HttpAgent({ keepAlive: false });
const httpsAgent = new HttpsAgent({ keepAlive: false });

function requestOnce(url: URL, options: UpstreamRequest): Promise<IncomingMessage> {
  return new Promise((resolve, reject) => {
    const headers: Record<string, string> = {};
    for (const [name, value] of Object.entries(options.headers ?? {})) if (value) headers[name] = value;
    const secure = url.protocol === 'https:';
    const request = (secure ? httpsRequest : httpRequest)(url, {
      method: options.method,
      headers,
      agent: secure ? httpsAgent : httpAgent,
      signal: options.signal,
    });
    request.setTimeout(options.timeoutMs, () => {
      request.destroy(new UpstreamError('source timed out'));
    });
    request.once('response', resolve);
    request.once('error', (error) =>
      reject(error instanceof UpstreamError ? error : new UpstreamError(error.message)),
    );
    request.end();
  });
}

/** Opens `url` (http or https), following up to five redirects; rejects with UpstreamError. */
export async function openUpstream(address: string, options: UpstreamRequest): Promise<UpstreamResponse> {
  let url: URL;
  try {
    url = new URL(address);
  } catch {
    throw new UpstreamError('source URL is not a URL');
  }
  for (let hop = 0; ; hop++) {
    if (url.protocol !== 'http:' && url.protocol !== 'https:') {
      throw new UpstreamError(`source scheme ${url.protocol} is not http(s)`);
    }
    const response = await requestOnce(url, options);
    const location = response.headers.location;
    if (!REDIRECTS.has(response.statusCode ?? 0) || !location) {
      return { status: response.statusCode ?? 502, headers: response.headers, body: response, url: url.href };
    }
    response.destroy();
    if (hop >= MAX_REDIRECTS) throw new UpstreamError('source redirected too many times');
    try {
      url = new URL(location, url);
    } catch {
      throw new UpstreamError('source redirected to something that is not a URL');
    }
  }
}

/** Reads a whole (small) body as text; refuses bodies over `limit` bytes. */
export async function readText(body: IncomingMessage, limit = 4 * 1024 * 1024): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  try {
    for await (const chunk of body) {
      const buffer = chunk as Buffer;
      size += buffer.length;
      if (size > limit) {
        body.destroy();
        throw new UpstreamError('source playlist too large');
      }
      chunks.push(buffer);
    }
  } catch (error) {
    throw error instanceof UpstreamError ? error : new UpstreamError((error as Error).message);
  }
  return Buffer.concat(chunks).toString('utf8');
}
