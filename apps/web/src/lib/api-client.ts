import type { ErrorCode } from '@panel/shared/errors/api-error';
import { EARLY_PROFILE_GLOBAL } from '@panel/shared/web/early-profile-request';
import { API_BASE_PATH } from '@/config/api';
import { readStoredAuth } from './auth-storage';

interface ApiErrorInit {
  status?: number;
  body?: unknown;
  network?: boolean;
  message: string;
}

/** Every failed call of the API client: an HTTP error answer or no answer at all (network). */
export class ApiError extends Error {
  readonly status: number | undefined;
  /** Parsed JSON body of the error answer, when there was one. */
  readonly body: unknown;
  readonly code: ErrorCode | (string & {}) | undefined;
  readonly field: string | undefined;
  readonly network: boolean;

  constructor(init: ApiErrorInit) {
    super(init.message);
    this.name = 'ApiError';
    this.status = init.status;
    this.body = init.body;
    this.network = init.network ?? false;
    this.code = stringProperty(init.body, 'code');
    this.field = stringProperty(init.body, 'field');
  }
}

function stringProperty(body: unknown, key: string): string | undefined {
  if (typeof body !== 'object' || body === null) return undefined;
  const value = (body as Record<string, unknown>)[key];
  return typeof value === 'string' ? value : undefined;
}

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface ApiRequestOptions {
  method?: HttpMethod;
  body?: unknown;
  /** A file sent as the body as it is, typed text/csv (the customer import), instead of JSON. */
  file?: Blob;
  signal?: AbortSignal;
}

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  if (text === '') return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

function requestHeaders(): Record<string, string> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  const token = readStoredAuth()?.token;
  if (token) headers.Authorization = `Bearer ${token}`;
  return headers;
}

/** An early answer is used only by a request made soon after it, with the same login. */
const EARLY_ANSWER_MAX_AGE_MS = 10_000;

interface EarlyAnswer {
  authorization: string;
  startedAt: number;
  response: Promise<Response>;
}

/** GET answers asked for at app start, before the code that needs them has loaded: path → answer. */
const earlyAnswers = new Map<string, EarlyAnswer>();

/**
 * The profile the signed-in pages' inline script asked for while the page was read (decision 0110),
 * taken over like any early answer: used once, by a request with the same login, soon.
 */
export function adoptEarlyProfileRequest(): void {
  const holder = window as unknown as Record<string, EarlyAnswer | undefined>;
  const early = holder[EARLY_PROFILE_GLOBAL];
  if (!early) return;
  delete holder[EARLY_PROFILE_GLOBAL];
  earlyAnswers.set('/profile', early);
}
adoptEarlyProfileRequest();

/**
 * Starts `GET /api{path}` now, for the signed-in visitor; the next `apiRequest` of that path (soon, same
 * login) takes this answer instead of asking again. The page's own code then arrives to an answer that
 * is on its way instead of queueing its request behind its own scripts (docs/benchmarks.md, P5).
 */
export function startEarlyRequest(path: string): void {
  const headers = requestHeaders();
  if (!headers.Authorization || earlyAnswers.has(path)) return;
  const response = fetch(`${API_BASE_PATH}${path}`, { headers, credentials: 'include' });
  // A failure is the consuming request's to report; unconsumed, it must not be an unhandled rejection.
  response.catch(() => undefined);
  earlyAnswers.set(path, { authorization: headers.Authorization, startedAt: Date.now(), response });
}

/** The early answer for this GET, once, if it was asked with the same login and recently. */
function takeEarlyAnswer(path: string, headers: Record<string, string>): Promise<Response> | undefined {
  const early = earlyAnswers.get(path);
  if (!early) return undefined;
  earlyAnswers.delete(path);
  const fresh = Date.now() - early.startedAt <= EARLY_ANSWER_MAX_AGE_MS;
  return fresh && early.authorization === headers.Authorization ? early.response : undefined;
}

/**
 * What `apiRequest` checks an answer with: a zod schema of `@panel/shared` (anything with `parse`). Only
 * its shape is needed here, so this module does not pull zod into /login's first download.
 */
export interface ResponseSchema<T> {
  parse(body: unknown): T;
}

/** Sends the request; resolves with a 2xx answer, rejects with an ApiError (no answer, or not 2xx). */
async function respond(path: string, options: ApiRequestOptions): Promise<Response> {
  const headers = requestHeaders();
  const method = options.method ?? 'GET';
  const init: RequestInit = {
    method,
    headers,
    credentials: 'include',
    signal: options.signal ?? null,
  };
  if (options.file !== undefined) {
    headers['Content-Type'] = 'text/csv';
    init.body = options.file;
  } else if (options.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    init.body = JSON.stringify(options.body);
  }

  let response: Response;
  try {
    // No await before fetch: called during a render (a list's prefetch), the request must leave now,
    // not after the render has finished.
    const early = method === 'GET' ? takeEarlyAnswer(path, headers) : undefined;
    response = await (early ?? fetch(`${API_BASE_PATH}${path}`, init));
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError({ network: true, message: error instanceof Error ? error.message : 'Network error' });
  }

  if (!response.ok) {
    const body = await readJson(response);
    throw new ApiError({
      status: response.status,
      body,
      message: stringProperty(body, 'message') ?? `HTTP ${response.status}`,
    });
  }
  return response;
}

/** Sends the request and reads the answer's JSON; rejects with an ApiError (no answer, or not 2xx). */
async function send(path: string, options: ApiRequestOptions): Promise<unknown> {
  return readJson(await respond(path, options));
}

/** The file name of a `Content-Disposition: attachment; filename="…"` answer. */
function attachmentName(header: string | null): string | undefined {
  return header ? /filename="([^"]+)"/.exec(header)?.[1] : undefined;
}

/**
 * `GET /api{path}` of a file (a CSV export): its bytes and the name the server gave it. Failures are
 * ApiErrors like any request's.
 */
export async function apiDownload(path: string): Promise<{ blob: Blob; filename: string | undefined }> {
  const response = await respond(path, {});
  return {
    blob: await response.blob(),
    filename: attachmentName(response.headers.get('content-disposition')),
  };
}

/**
 * Calls `/api{path}` with JSON in and out and the stored bearer token, and resolves with the answer
 * parsed by `schema` (the route's response schema from `@panel/shared`), so no caller reads an unchecked
 * body. `schema` may still be loading (a dynamic import): the request leaves first, the parse waits for
 * it. Rejects with an ApiError, or the schema's error when the answer is not what the contract says.
 */
export async function apiRequest<T>(
  path: string,
  schema: ResponseSchema<T> | Promise<ResponseSchema<T>>,
  options: ApiRequestOptions = {},
): Promise<T> {
  const [body, responseSchema] = await Promise.all([send(path, options), schema]);
  return responseSchema.parse(body);
}

/** Calls `/api{path}` for its effect only: the answer's body (none for a 204) is not read. */
export async function apiRequestNoContent(path: string, options: ApiRequestOptions = {}): Promise<void> {
  await send(path, options);
}

/**
 * Calls `/api{path}` for a file (a CSV export) and resolves with the answer's text; a failure rejects with
 * the ApiError apiRequest would give.
 */
export async function apiRequestText(path: string, options: ApiRequestOptions = {}): Promise<string> {
  let response: Response;
  try {
    response = await fetch(`${API_BASE_PATH}${path}`, {
      method: options.method ?? 'GET',
      headers: requestHeaders(),
      credentials: 'include',
      signal: options.signal ?? null,
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError({ network: true, message: error instanceof Error ? error.message : 'Network error' });
  }
  if (!response.ok) {
    const body = await readJson(response);
    throw new ApiError({
      status: response.status,
      body,
      message: stringProperty(body, 'message') ?? `HTTP ${response.status}`,
    });
  }
  return response.text();
}
