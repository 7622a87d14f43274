import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * Another IPTV provider's Xtream-compatible server, as migration meets it (decision 0052): its
 * `player_api.php` login answers `user_info`/`server_info` like docs/product/xtream-contract.md for the
 * accounts it holds (active, expired, disabled), `auth: 0` for anyone else, and `get.php` a small M3U.
 * The tests and the journeys (e2e/steps/migration.ts) start it; it imports nothing but node:.
 */
export interface FakeProviderAccount {
  username: string;
  password: string;
  /** Unix seconds; null: unlimited. */
  expDate: number | null;
  maxConnections: number;
  status?: 'Active' | 'Expired' | 'Disabled' | 'Banned';
}

export interface FakeProvider {
  /** http://127.0.0.1:PORT (no trailing slash). */
  url: string;
  /** The customer's playlist URL for `username`, as the provider gives it to its customers. */
  playlistUrl(username: string, password: string): string;
  addAccount(account: FakeProviderAccount): void;
  /**
   * How the next logins are answered: normally, slowly (ms before the answer), as a body of `bytes`
   * bytes, as HTML instead of JSON, or as HTTP 500.
   */
  setBehaviour(behaviour: FakeProviderBehaviour): void;
  /** Every request's path and query, in order. */
  requests: string[];
  close(): Promise<void>;
}

export type FakeProviderBehaviour =
  | { kind: 'normal' }
  | { kind: 'slow'; ms: number }
  | { kind: 'huge'; bytes: number }
  | { kind: 'html' }
  | { kind: 'error' };

function json(response: ServerResponse, body: unknown): void {
  response.writeHead(200, { 'content-type': 'application/json' });
  response.end(JSON.stringify(body));
}

export async function startFakeProvider(options: { port?: number } = {}): Promise<FakeProvider> {
  const accounts = new Map<string, FakeProviderAccount>();
  const requests: string[] = [];
  let behaviour: FakeProviderBehaviour = { kind: 'normal' };

  function login(query: URLSearchParams, response: ServerResponse, host: string): void {
    const account = accounts.get(query.get('username') ?? '');
    if (!account || account.password !== query.get('password')) {
      json(response, { user_info: { auth: 0 } });
      return;
    }
    const now = Math.floor(Date.now() / 1000);
    const [hostname = host, port = '80'] = host.split(':');
    json(response, {
      user_info: {
        username: account.username,
        password: account.password,
        message: '',
        auth: 1,
        status: account.status ?? 'Active',
        exp_date: account.expDate === null ? null : String(account.expDate),
        is_trial: '0',
        active_cons: '0',
        created_at: String(now - 86_400 * 60),
        max_connections: String(account.maxConnections),
        allowed_output_formats: ['m3u8', 'ts'],
      },
      server_info: {
        url: hostname,
        port,
        https_port: '443',
        server_protocol: 'http',
        rtmp_port: '8880',
        timezone: 'UTC',
        timestamp_now: now,
        time_now: new Date(now * 1000).toISOString().slice(0, 19).replace('T', ' '),
        process: true,
      },
    });
  }

  const server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://provider.local');
    requests.push(`${url.pathname}${url.search}`);
    const host = request.headers.host ?? '127.0.0.1';
    if (url.pathname.endsWith('/get.php')) {
      response.writeHead(200, { 'content-type': 'audio/x-mpegurl' });
      response.end('#EXTM3U\n#EXTINF:-1,Canal\nhttp://example.invalid/live/1.ts\n');
      return;
    }
    if (!url.pathname.endsWith('/player_api.php')) {
      response.writeHead(404).end();
      return;
    }
    const current = behaviour;
    switch (current.kind) {
      case 'slow':
        setTimeout(() => login(url.searchParams, response, host), current.ms).unref();
        return;
      case 'huge':
        response.writeHead(200, { 'content-type': 'application/json' });
        response.end(`{"user_info":{"auth":1,"message":"${'x'.repeat(current.bytes)}"}}`);
        return;
      case 'html':
        response.writeHead(200, { 'content-type': 'text/html' });
        response.end('<html><body>Bem-vindo</body></html>');
        return;
      case 'error':
        response.writeHead(500).end();
        return;
      default:
        login(url.searchParams, response, host);
    }
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => resolve());
  });
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url: base,
    playlistUrl: (username, password) =>
      `${base}/get.php?username=${encodeURIComponent(username)}&password=${encodeURIComponent(password)}&type=m3u_plus&output=ts`,
    addAccount: (account) => accounts.set(account.username, account),
    setBehaviour: (next) => {
      behaviour = next;
    },
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
