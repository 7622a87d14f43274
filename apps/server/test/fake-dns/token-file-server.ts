import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { DOMAIN_TOKEN_PATH } from '@panel/shared/domains/domains-api';

export interface TokenFileServer {
  port: number;
  /** What the token file answers, by Host (without port); unset hosts answer 404. */
  readonly tokens: Map<string, string>;
  /** The Host (without port) of every request received, in order. */
  readonly requests: string[];
  close(): Promise<void>;
}

/**
 * A reseller's own web server, for tests: serves DOMAIN_TOKEN_PATH with the token set for the Host. It
 * listens on 127.0.0.1 and a free port unless told (the journeys give it another loopback address and the
 * port the panel checks, decision 0070).
 */
export async function startTokenFileServer(
  listen: { host?: string; port?: number } = {},
): Promise<TokenFileServer> {
  const tokens = new Map<string, string>();
  const requests: string[] = [];
  const server = createServer((request, response) => {
    const host = (request.headers.host ?? '').replace(/:\d+$/, '');
    requests.push(host);
    const token = request.url === DOMAIN_TOKEN_PATH ? tokens.get(host) : undefined;
    if (token === undefined) {
      response.writeHead(404).end();
      return;
    }
    response.writeHead(200, { 'content-type': 'text/plain' }).end(`${token}\n`);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(listen.port ?? 0, listen.host ?? '127.0.0.1', resolve);
  });
  return {
    port: (server.address() as AddressInfo).port,
    tokens,
    requests,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
