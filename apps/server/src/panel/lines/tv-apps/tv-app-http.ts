/** Why a call to a TV app service did not succeed: the service's own status, or a network/timeout failure. */
export class TvAppServiceError extends Error {
  constructor(
    message: string,
    readonly status?: number,
  ) {
    super(message);
    this.name = 'TvAppServiceError';
  }
}

export interface TvAppEndpoint {
  baseUrl: string;
  key: string;
  timeoutMs: number;
}

/**
 * One JSON call to a TV app service (decision 0051): the key in X-Api-Key, a timeout on the whole answer,
 * redirects refused. A 2xx answer's JSON body (or undefined for 204) comes back; anything else throws
 * TvAppServiceError.
 */
export async function callTvApp(
  endpoint: TvAppEndpoint,
  method: 'POST' | 'PUT' | 'DELETE',
  path: string,
  body?: unknown,
): Promise<unknown> {
  const url = new URL(
    path.replace(/^\//, ''),
    endpoint.baseUrl.endsWith('/') ? endpoint.baseUrl : `${endpoint.baseUrl}/`,
  );
  let response: Response;
  let text: string;
  try {
    const signal = AbortSignal.timeout(endpoint.timeoutMs);
    response = await fetch(url, {
      method,
      headers: {
        accept: 'application/json',
        'x-api-key': endpoint.key,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      redirect: 'manual',
      signal,
    });
    text = await response.text();
  } catch (error) {
    if (error instanceof DOMException && error.name === 'TimeoutError')
      throw new TvAppServiceError(`timeout after ${endpoint.timeoutMs} ms`);
    throw new TvAppServiceError(error instanceof Error ? error.message : String(error));
  }
  if (response.status < 200 || response.status >= 300)
    throw new TvAppServiceError(`HTTP ${response.status}: ${text.slice(0, 200)}`, response.status);
  if (text.trim() === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new TvAppServiceError(`HTTP ${response.status}: not JSON`, response.status);
  }
}
