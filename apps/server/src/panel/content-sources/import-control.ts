import { randomBytes, timingSafeEqual } from 'node:crypto';
import { chmodSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { hostname } from 'node:os';
import { resolve } from 'node:path';
import type { ContentSource } from '@panel/shared/content-sources/content-sources-api';
import { lockHolder } from '../../db/backup/data-dir-lock';
import { AppError } from '../../lib/app-error';
import type { ContentSourcesService } from './content-sources.service';
import { parseSourceImport } from './source-import';

/**
 * The hand-over of `npm run content:import` to the server that holds the embedded database (decision 0072).
 * A server on PGlite in a data folder listens on 127.0.0.1 at a port of the system's choosing and writes its
 * address and a random secret to DATA_DIR/panel-control.json (mode 0600: only the account running the
 * server, and root, can read it); it removes the file when it closes. The command line, finding the folder
 * held, sends the import there with the secret and follows the sync, which the server runs with the same
 * service and runner as the 'Fontes de Conteúdo' screen (docs/product/screens.md#content-sources).
 */
export const CONTROL_FILE = 'panel-control.json';

export interface ImportControlFile {
  pid: number;
  host: string;
  url: string;
  secret: string;
}

/** POST: `{ existing, source }` once the sync is claimed (202). GET `/content-import/sources/:id`: the source. */
export const IMPORT_PATH = '/content-import';
const SOURCE_PATH = /^\/content-import\/sources\/(\d{1,9})$/;
const MAX_BODY_BYTES = 64 * 1024;

export interface ImportStarted {
  existing: boolean;
  source: ContentSource;
}

const isLoopback = (address: string | undefined) =>
  address === '127.0.0.1' || address === '::1' || address === '::ffff:127.0.0.1';

function sameSecret(given: string | undefined, secret: string): boolean {
  const expected = Buffer.from(`Bearer ${secret}`);
  const actual = Buffer.from(given ?? '');
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

function send(response: ServerResponse, status: number, body: unknown): void {
  response.writeHead(status, {
    'content-type': 'application/json; charset=utf-8',
    'cache-control': 'no-store',
  });
  response.end(JSON.stringify(body));
}

/** The API's error shape (docs/product/api.md#errors), the catalogue's text unless a message is given. */
function sendError(response: ServerResponse, error: AppError): void {
  const status = error.statusCode;
  send(response, status, {
    status,
    code: error.code,
    message: error.message,
    ...(error.field ? { field: error.field } : {}),
  });
}

async function readJson(request: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request) {
    size += (chunk as Buffer).length;
    if (size > MAX_BODY_BYTES) throw new AppError(400, 'bad_request');
    chunks.push(chunk as Buffer);
  }
  try {
    return JSON.parse(Buffer.concat(chunks).toString('utf8')) as unknown;
  } catch {
    throw new AppError(400, 'validation_failed');
  }
}

/** Written beside the file and renamed over it, so a reader never sees half a file or a wider mode. */
function writeControlFile(file: string, content: ImportControlFile): void {
  const temporary = `${file}.${process.pid}.tmp`;
  rmSync(temporary, { force: true });
  writeFileSync(temporary, JSON.stringify(content), { mode: 0o600, flag: 'wx' });
  chmodSync(temporary, 0o600);
  renameSync(temporary, file);
}

function readControlFileAt(file: string): ImportControlFile | undefined {
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as ImportControlFile;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT' || error instanceof SyntaxError) return undefined;
    throw error;
  }
}

export interface ImportControl {
  url: string;
  close(): Promise<void>;
}

/**
 * Starts the control listener and writes the control file. The server holds the folder's lock, so a file
 * found there is a stale one (a server killed before it could remove it) and is replaced.
 */
export async function startImportControl(options: {
  dataDir: string;
  service: ContentSourcesService;
  onError?: (error: unknown) => void;
}): Promise<ImportControl> {
  const { service } = options;
  const file = resolve(options.dataDir, CONTROL_FILE);
  const secret = randomBytes(32).toString('hex');

  const handle = async (request: IncomingMessage, response: ServerResponse) => {
    // Bound to 127.0.0.1, so only this machine reaches it; the secret says the caller can read DATA_DIR.
    if (!isLoopback(request.socket.remoteAddress) || !sameSecret(request.headers.authorization, secret)) {
      return sendError(response, new AppError(401, 'unauthenticated'));
    }
    const path = (request.url ?? '').split('?')[0] ?? '';
    if (request.method === 'POST' && path === IMPORT_PATH) {
      const parsed = parseSourceImport(await readJson(request));
      if (!parsed.ok) return sendError(response, AppError.badRequest(parsed.message, parsed.field));
      const { row, existing } = await service.importByUrl(parsed.value);
      const source = await service.startSync(row.id);
      const started: ImportStarted = { existing, source };
      return send(response, 202, started);
    }
    const match = SOURCE_PATH.exec(path);
    if (request.method === 'GET' && match) return send(response, 200, await service.get(Number(match[1])));
    return sendError(response, AppError.notFound());
  };

  const server = createServer((request, response) => {
    handle(request, response).catch((error: unknown) => {
      if (error instanceof AppError) return sendError(response, error);
      options.onError?.(error);
      sendError(response, new AppError(500, 'internal_error'));
    });
  });
  await new Promise<void>((done, fail) => {
    server.once('error', fail);
    server.listen({ host: '127.0.0.1', port: 0 }, () => done());
  });
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  writeControlFile(file, { pid: process.pid, host: hostname(), url, secret });
  return {
    url,
    async close() {
      if (readControlFileAt(file)?.pid === process.pid) rmSync(file, { force: true });
      server.closeAllConnections();
      await new Promise<void>((done) => server.close(() => done()));
    },
  };
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * The control file of the server that holds this data folder's lock now, on this machine, or undefined (no
 * file, a stale one, another host's). Throws when the file exists but cannot be read (another account's
 * server).
 */
export function findImportControl(dataDir: string): ImportControlFile | undefined {
  const control = readControlFileAt(resolve(dataDir, CONTROL_FILE));
  if (!control || control.host !== hostname() || !isAlive(control.pid)) return undefined;
  const holder = lockHolder(dataDir);
  return holder?.pid === control.pid && holder.host === control.host ? control : undefined;
}

/** A call to the control listener: its JSON answer, or an Error with the server's message. */
export async function callImportControl<T>(
  control: ImportControlFile,
  method: 'GET' | 'POST',
  path: string,
  body?: unknown,
): Promise<T> {
  const response = await fetch(`${control.url}${path}`, {
    method,
    headers: {
      authorization: `Bearer ${control.secret}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
    signal: AbortSignal.timeout(30_000),
  });
  const answer = (await response.json().catch(() => ({}))) as { message?: string };
  if (!response.ok) throw new Error(answer.message ?? `HTTP ${response.status}`);
  return answer as T;
}
