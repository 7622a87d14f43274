import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * What a fake TV app service does on its next calls: answer normally, answer this HTTP status, or never
 * answer (to run into the panel's timeout).
 */
export type FakeBehaviour = { kind: 'normal' } | { kind: 'status'; status: number } | { kind: 'hang' };

export interface FakeRequest {
  method: string;
  path: string;
  body: unknown;
}

export type FakeHandler = (request: FakeRequest) => { status: number; body?: unknown };

export interface FakeService {
  url: string;
  behaviour: FakeBehaviour;
  close(): Promise<void>;
}

export const MAC_PATTERN = /^[0-9A-F]{2}(:[0-9A-F]{2}){5}$/;

function send(response: ServerResponse, status: number, body?: unknown): void {
  if (body === undefined) {
    response.writeHead(status).end();
    return;
  }
  response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
}

async function readJson(request: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString('utf8');
  return text === '' ? undefined : (JSON.parse(text) as unknown);
}

/**
 * A small JSON service on 127.0.0.1 (`port` 0: any free one) that checks the X-Api-Key header (401 without
 * the right key), answers 400 to a body that is not JSON, and otherwise hands the call to `handle`.
 */
export async function startFakeService(key: string, handle: FakeHandler, port = 0): Promise<FakeService> {
  const hanging = new Set<ServerResponse>();
  const fake: FakeService = {
    url: '',
    behaviour: { kind: 'normal' },
    close: () =>
      new Promise<void>((resolve, reject) => {
        for (const response of hanging) response.destroy();
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
  const server = createServer((request, response) => {
    void (async () => {
      if (fake.behaviour.kind === 'hang') {
        hanging.add(response);
        return;
      }
      if (fake.behaviour.kind === 'status')
        return send(response, fake.behaviour.status, { error: 'failing' });
      if (request.headers['x-api-key'] !== key) return send(response, 401, { error: 'invalid api key' });
      let body: unknown;
      try {
        body = await readJson(request);
      } catch {
        return send(response, 400, { error: 'invalid json' });
      }
      const answer = handle({
        method: request.method ?? 'GET',
        path: (request.url ?? '/').split('?')[0] ?? '/',
        body,
      });
      send(response, answer.status, answer.body);
    })();
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  fake.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return fake;
}

export function field(body: unknown, name: string): string | undefined {
  const value =
    typeof body === 'object' && body !== null ? (body as Record<string, unknown>)[name] : undefined;
  return typeof value === 'string' ? value : undefined;
}
