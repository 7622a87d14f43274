import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { Readable } from 'node:stream';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import { createGunzip } from 'node:zlib';
import { CONTENT_MESSAGES } from '@panel/shared/content-sources/content-sources-api';

/**
 * How the importer reads what a source offers (docs/product/api.md#content-import): HTTP through Node's
 * fetch, giving up when no byte arrived for `timeoutMs`, or a file on the server. Playlists and guides
 * are handed on as streams, never read whole (decision 0038).
 */

/** A failure whose message (Portuguese) is what the admin reads in sync_error. */
export class SyncError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'SyncError';
  }
}

export interface InputOptions {
  timeoutMs: number;
  /** Aborts the request (the sync was stopped). */
  signal?: AbortSignal;
}

const isHttp = (location: string) => /^https?:\/\//i.test(location);

/** The URL without its query (which may carry the upstream's credentials), for messages and logs. */
export function redactUrl(location: string): string {
  if (!isHttp(location)) return location;
  try {
    const url = new URL(location);
    return `${url.origin}${url.pathname}`;
  } catch {
    return location;
  }
}

function httpFailure(error: unknown, timedOut: boolean, location: string): SyncError {
  if (error instanceof SyncError) return error;
  if (timedOut) return new SyncError(`${CONTENT_MESSAGES.upstreamTimeout} (${redactUrl(location)})`);
  if ((error as Error | undefined)?.name === 'AbortError') {
    return new SyncError(CONTENT_MESSAGES.syncInterrupted, { cause: error });
  }
  const cause = (error as { cause?: { code?: string } } | undefined)?.cause;
  const code = cause?.code ? ` ${cause.code}` : '';
  return new SyncError(`${CONTENT_MESSAGES.upstreamUnreachable}${code} (${redactUrl(location)})`, {
    cause: error,
  });
}

/**
 * A GET whose body is streamed: the idle timer restarts on every chunk, so a 200 MB guide that keeps
 * arriving is never cut, while a server that stops sending is.
 */
async function openHttp(location: string, options: InputOptions): Promise<Readable> {
  const controller = new AbortController();
  let timedOut = false;
  let timer: NodeJS.Timeout | undefined;
  const arm = () => {
    clearTimeout(timer);
    timer = setTimeout(() => {
      timedOut = true;
      controller.abort();
    }, options.timeoutMs);
  };
  const onAbort = () => controller.abort();
  options.signal?.addEventListener('abort', onAbort, { once: true });
  const cleanup = () => {
    clearTimeout(timer);
    options.signal?.removeEventListener('abort', onAbort);
  };
  arm();
  let response: Response;
  try {
    response = await fetch(location, { signal: controller.signal, redirect: 'follow' });
  } catch (error) {
    cleanup();
    throw httpFailure(error, timedOut, location);
  }
  if (!response.ok || !response.body) {
    cleanup();
    await response.body?.cancel().catch(() => undefined);
    throw new SyncError(`${CONTENT_MESSAGES.upstreamHttpError} ${response.status} (${redactUrl(location)})`);
  }
  const body = Readable.fromWeb(response.body as WebReadableStream<Uint8Array>);
  // The idle timer runs only while we wait for the upstream: not while our reader is busy (writing a
  // batch) and has paused the body.
  const wrapped = new Readable({
    read() {
      arm();
      body.resume();
    },
  });
  body.on('data', (chunk: Buffer) => {
    clearTimeout(timer);
    if (wrapped.push(chunk)) arm();
    else body.pause();
  });
  body.on('end', () => {
    cleanup();
    wrapped.push(null);
  });
  // Errors surface to whoever reads the stream, as Portuguese SyncErrors.
  body.on('error', (error) => {
    cleanup();
    wrapped.destroy(httpFailure(error, timedOut, location));
  });
  wrapped.on('close', () => {
    cleanup();
    body.destroy();
  });
  return wrapped;
}

async function openFile(path: string): Promise<Readable> {
  try {
    const info = await stat(path);
    if (!info.isFile()) throw new Error('not a file');
  } catch {
    throw new SyncError(`${CONTENT_MESSAGES.fileNotFound} ${path}`);
  }
  return createReadStream(path, { highWaterMark: 64 * 1024 });
}

/**
 * The bytes of a playlist or guide as a UTF-8 text stream, from an http(s) URL or a file path; `.gz`
 * (a common way guides are published) is gunzipped on the way.
 */
export async function openTextStream(location: string, options: InputOptions): Promise<Readable> {
  const raw = isHttp(location) ? await openHttp(location, options) : await openFile(location);
  const gzipped = /\.gz(\?|$)/i.test(location);
  const stream = gzipped ? raw.pipe(createGunzip()) : raw;
  if (gzipped) raw.on('error', (error) => stream.destroy(error));
  stream.setEncoding('utf8');
  return stream;
}

/** A JSON answer of the upstream (player_api.php), read whole: those are arrays, parsed at once. */
export async function fetchJson(location: string, options: InputOptions): Promise<unknown> {
  const stream = await openHttp(location, options);
  const chunks: Buffer[] = [];
  try {
    for await (const chunk of stream) chunks.push(chunk as Buffer);
  } catch (error) {
    throw error instanceof SyncError ? error : httpFailure(error, false, location);
  }
  const text = Buffer.concat(chunks).toString('utf8');
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new SyncError(`${CONTENT_MESSAGES.upstreamInvalidAnswer} (${redactUrl(location)})`);
  }
}
