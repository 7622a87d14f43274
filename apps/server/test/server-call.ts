import type { ServerProcess } from '../scripts/bench/bench-env';

export interface Answer<T = Record<string, unknown>> {
  status: number;
  body: T;
}

/** One JSON request to a server process the test started (a body that is not JSON comes back as `{ text }`). */
export async function callServer<T = Record<string, unknown>>(
  node: ServerProcess,
  method: string,
  path: string,
  options: { token?: string; body?: unknown } = {},
): Promise<Answer<T>> {
  const response = await fetch(`${node.url}${path}`, {
    method,
    headers: {
      ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
      ...(options.body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
  const text = await response.text();
  let body: unknown;
  try {
    body = text ? JSON.parse(text) : {};
  } catch {
    body = { text };
  }
  return { status: response.status, body: body as T };
}
