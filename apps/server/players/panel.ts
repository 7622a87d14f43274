import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { parseM3U } from '@iptv/playlist';
import { apiOf, type CallerApi } from '../test/api';
import { createSession, createSignedInAccount } from '../test/factories';
import { startTestApp, TEST_ADMIN, type TestApp } from '../test/test-app';

/**
 * The panel as a customer's player meets it, for the real-players matrix (decision 0065): the real server
 * listening on 127.0.0.1 (a fresh database), an admin and a reseller using its API, every request the
 * players send recorded with the headers that matter and the answer's status, so a failed check can say
 * what the player asked and what it got.
 */
export interface SeenRequest {
  /** ms since the epoch when the request arrived. */
  at: number;
  method: string;
  /** Path and query, the line's password masked. */
  url: string;
  userAgent: string;
  range?: string;
  status?: number;
  type?: string;
  contentRange?: string;
  /** A redirect's target (origin and path only: its token is long). */
  location?: string;
}

export interface Panel {
  base: string;
  app: TestApp['app'];
  admin: CallerApi;
  requests: SeenRequest[];
  /** Hide this password in recorded URLs. */
  mask(password: string): void;
  close(): Promise<void>;
}

export async function startPanel(env: Record<string, string> = {}): Promise<Panel> {
  // Settings the server of this checkout may not know yet are ignored by loadConfig (an object, not strict).
  const testApp = await startTestApp(env as Parameters<typeof startTestApp>[0]);
  const { app } = testApp;
  await app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  const requests: SeenRequest[] = [];
  const secrets: [string, string][] = [];
  // Passwords hidden; proxy tokens (long) shortened.
  const masked = (url: string) =>
    secrets
      .reduce((text, [secret, shown]) => text.split(secret).join(shown), url)
      .replace(/\/hls\/([\w-]{12})[\w-]{20,}/, '/hls/$1…');
  // An observer beside Fastify's own handler on the same HTTP server: it changes nothing.
  (app.server as Server).on('request', (request, response) => {
    if (request.url?.startsWith('/api/')) return;
    const seen: SeenRequest = {
      at: Date.now(),
      method: request.method ?? '',
      url: masked(request.url ?? ''),
      userAgent: request.headers['user-agent'] ?? '',
      range: request.headers.range,
    };
    if (requests.length < 50_000) requests.push(seen);
    response.on('finish', () => {
      seen.status = response.statusCode;
      seen.type = String(response.getHeader('content-type') ?? '');
      seen.contentRange = response.getHeader('content-range') as string | undefined;
      const location = response.getHeader('location');
      if (typeof location === 'string') {
        const target = new URL(location, base);
        seen.location = `${target.origin}${masked(target.pathname)}`;
      }
    });
    response.on('close', () => {
      seen.status ??= response.headersSent ? response.statusCode : undefined;
    });
  });
  return {
    base,
    app,
    admin: apiOf(app)(await createSession(app, TEST_ADMIN.id)),
    requests,
    mask: (password) => secrets.push([`/${password}/`, '/***/'], [`password=${password}`, 'password=***']),
    close: () => testApp.close(),
  };
}

/** One line of a recorded request, for a report. */
export function describeRequest(request: SeenRequest): string {
  const answer = [
    request.status ?? 'no answer',
    request.type,
    request.contentRange && `Content-Range: ${request.contentRange}`,
    request.location && `Location: ${request.location}`,
  ]
    .filter(Boolean)
    .join(' ');
  return `${request.method} ${request.url}${request.range ? ` (Range: ${request.range})` : ''} UA="${request.userAgent}" → ${answer}`;
}

export interface PanelLine {
  id: number;
  username: string;
  password: string;
}

/** A reseller with credits, signed in; lines are created through its API as the panel's screens do. */
export async function createReseller(panel: Panel, credits = '100'): Promise<CallerApi> {
  const { token } = await createSignedInAccount(panel.app, { credits });
  return apiOf(panel.app)(token);
}

export async function createLine(
  panel: Panel,
  reseller: CallerApi,
  line: { username: string; password: string; screens?: number },
): Promise<PanelLine> {
  const created = await reseller.post('/api/users', {
    username: line.username,
    password: line.password,
    package_id: 17,
  });
  if (created.statusCode !== 201) throw new Error(`line not created: ${created.statusCode} ${created.body}`);
  const row = created.json<{ line: PanelLine }>().line;
  if (line.screens && line.screens > 1) {
    const screens = await reseller.post(`/api/users/${row.id}/screens`, { screens: line.screens - 1 });
    if (screens.statusCode !== 200)
      throw new Error(`screens not added: ${screens.statusCode} ${screens.body}`);
  }
  panel.mask(row.password);
  return row;
}

/** The admin adds a content source and syncs it; answers its id once the library is imported. */
export async function importLibrary(panel: Panel, source: Record<string, unknown>): Promise<number> {
  const created = await panel.admin.post('/api/admin/content/sources', source);
  if (created.statusCode !== 201)
    throw new Error(`source not created: ${created.statusCode} ${created.body}`);
  const id = created.json<{ id: number }>().id;
  const sync = await panel.admin.post(`/api/admin/content/sources/${id}/sync`);
  if (sync.statusCode !== 202) throw new Error(`sync not started: ${sync.statusCode} ${sync.body}`);
  for (let attempt = 0; attempt < 300; attempt++) {
    const state = (await panel.admin.get(`/api/admin/content/sources/${id}`)).json<{
      sync_status: string;
      sync_error: string | null;
    }>();
    if (state.sync_status === 'ok') return id;
    if (state.sync_status !== 'running') throw new Error(`sync ${state.sync_status}: ${state.sync_error}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('the sync did not finish in 30 s');
}

export async function setDeliveryMode(
  panel: Panel,
  sourceId: number,
  mode: 'proxy' | 'redirect',
): Promise<void> {
  const changed = await panel.admin.patch(`/api/admin/content/sources/${sourceId}`, { delivery_mode: mode });
  if (changed.statusCode !== 200)
    throw new Error(`delivery not changed: ${changed.statusCode} ${changed.body}`);
}

/** The line's get.php playlist as players read it: its entries' names and URLs, in order. */
export async function linePlaylist(
  panel: Panel,
  line: PanelLine,
): Promise<{ url: string; entries: string[]; channels: { name: string; url: string }[] }> {
  const url = `${panel.base}/get.php?username=${line.username}&password=${line.password}&type=m3u_plus&output=ts`;
  const text = await fetch(url).then((response) => response.text());
  const channels = parseM3U(text).channels.map((channel) => ({
    name: channel.name ?? '',
    url: channel.url ?? '',
  }));
  return { url, entries: channels.map((channel) => channel.url), channels };
}
