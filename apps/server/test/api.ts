import type { FastifyInstance, LightMyRequestResponse as Response } from 'fastify';

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** Who calls: a bearer token, a signed-in account (`{ token }`), or nobody (`undefined`: anonymous). */
export type Caller = string | { token: string } | undefined;

/** The API as one caller sees it: each call is one `app.inject` with the caller's bearer token. */
export interface CallerApi {
  get(url: string): Promise<Response>;
  post(url: string, body?: unknown): Promise<Response>;
  put(url: string, body?: unknown): Promise<Response>;
  patch(url: string, body?: unknown): Promise<Response>;
  delete(url: string, body?: unknown): Promise<Response>;
  /** For tables of calls (`[method, url, body]`) walked in a loop. */
  request(method: Method, url: string, body?: unknown): Promise<Response>;
}

export function bearer(token: string): { authorization: string } {
  return { authorization: `Bearer ${token}` };
}

function tokenOf(caller: Caller): string | undefined {
  return typeof caller === 'string' ? caller : caller?.token;
}

/**
 * `as(caller).post(url, body)` against one app. The app is read at call time, so a test file can make
 * its `as` before `beforeAll` has started the app.
 */
export function apiOf(app: FastifyInstance | (() => FastifyInstance)): (caller: Caller) => CallerApi {
  const appNow = typeof app === 'function' ? app : () => app;
  return (caller) => {
    const token = tokenOf(caller);
    const request = (method: Method, url: string, body?: unknown) =>
      appNow().inject({
        method,
        url,
        headers: token === undefined ? {} : bearer(token),
        ...(body === undefined ? {} : { payload: body as object }),
      });
    return {
      get: (url) => request('GET', url),
      post: (url, body) => request('POST', url, body),
      put: (url, body) => request('PUT', url, body),
      patch: (url, body) => request('PATCH', url, body),
      delete: (url, body) => request('DELETE', url, body),
      request,
    };
  };
}
