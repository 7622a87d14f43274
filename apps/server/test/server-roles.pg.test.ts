import { randomBytes } from 'node:crypto';
import { get as httpGet, type ClientRequest } from 'node:http';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contentSources } from '../src/db/schema';
import { executeRows } from '../src/db/execute-rows';
import { openDatabase, type DatabaseHandle } from '../src/db/database';
import {
  DEFAULT_PG_SERVER,
  dropDatabase,
  ensureDatabase,
  startServerProcess,
  type ServerProcess,
} from '../scripts/bench/bench-env';
import { callServer } from './server-call';
import { createCategory, createStream } from './content-factory';
import { startEndlessLive, type EndlessLive } from './upstream/endless-live';
import { startXtreamUpstream, type XtreamUpstream } from './upstream/xtream-upstream';

/**
 * Server roles on PostgreSQL (decision 0076): one process with the panel and the workers, two delivery
 * processes, nothing shared but the database. A line made on the panel plays through both; its screens
 * are counted across them; a disconnect, a block and a deletion on the panel end a relay on a delivery
 * process within 2 s (LISTEN/NOTIFY); a delivery process killed with SIGKILL loses nothing and the other
 * keeps serving. `npm run test:pg` runs it (TEST_DATABASE_URL); `npm test` on PGlite skips it.
 */
const pgServer = process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL;
const ADMIN = { username: 'admin', password: 'Adm1n@roles' };
const METRICS_TOKEN = 'roles-metrics-token-0001';
const TTL_SECONDS = 10;
const CUT_WITHIN_MS = 2000;

let databaseName = '';
let database: DatabaseHandle;
let upstream: XtreamUpstream;
let endless: EndlessLive;
let panel: ServerProcess;
let deliveries: [ServerProcess, ServerProcess];
let adminToken = '';
let resellerToken = '';
let endlessStreamId = 0;

async function signIn(username: string, password: string): Promise<string> {
  const answer = await callServer(panel, 'POST', '/api/auth/sign-in', {
    body: { username, password, 'g-recaptcha-response': 'none' },
  });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.token as string;
}

interface Line {
  id: number;
  username: string;
  password: string;
}

let serial = 0;
async function createLine(): Promise<Line> {
  const username = `papel${Date.now() % 100_000}${serial++}`;
  const answer = await callServer<{ line: Line }>(panel, 'POST', '/api/users', {
    token: resellerToken,
    body: { username, password: 'Zq8Wm5Tp', package_id: 17 },
  });
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  return answer.body.line;
}

const streamUrl = (node: ServerProcess, line: Line, file: string) =>
  `${node.url}/live/${encodeURIComponent(line.username)}/${encodeURIComponent(line.password)}/${file}`;

interface Watcher {
  request: ClientRequest;
  /** Resolves with the time the relay ended (the server closed it). */
  ended: Promise<number>;
}

/** A player on the endless live channel through `node`: resolves once the relay is flowing. */
function watch(node: ServerProcess, line: Line, device: string): Promise<Watcher> {
  return new Promise((resolve, reject) => {
    const request = httpGet(streamUrl(node, line, `${endlessStreamId}.ts`), {
      headers: { 'user-agent': device },
    });
    request.on('response', (response) => {
      if (response.statusCode !== 200) {
        response.resume();
        reject(new Error(`status ${response.statusCode}`));
        return;
      }
      const ended = new Promise<number>((done) => {
        response.once('close', () => done(Date.now()));
        response.once('error', () => done(Date.now()));
      });
      let bytes = 0;
      const onData = (chunk: Buffer) => {
        bytes += chunk.length;
        if (bytes > 32 * 1024) {
          response.off('data', onData);
          response.resume();
          resolve({ request, ended });
        }
      };
      response.on('data', onData);
    });
    request.on('error', (error) => {
      if (!request.destroyed) reject(error);
    });
  });
}

/** The status a device gets for the endless channel through `node` (the answer is read and dropped). */
async function startStatus(node: ServerProcess, line: Line, device: string): Promise<number> {
  const controller = new AbortController();
  const response = await fetch(streamUrl(node, line, `${endlessStreamId}.ts`), {
    headers: { 'user-agent': device },
    signal: controller.signal,
  });
  controller.abort();
  return response.status;
}

async function openConnectionIds(line: Line): Promise<number[]> {
  const rows = await executeRows<{ id: string }>(
    database.db,
    sql`select id from live_connections where line_id = ${line.id} and ended_at is null order by id`,
  );
  return rows.map((row) => Number(row.id));
}

/** Runs `action` while `watcher` relays, and answers how long after it the relay ended. */
async function cutTime(watcher: Watcher, action: () => Promise<void>): Promise<number> {
  const started = Date.now();
  await action();
  const ended = await Promise.race([
    watcher.ended,
    new Promise<number>((resolve) => setTimeout(() => resolve(Number.POSITIVE_INFINITY), 10_000)),
  ]);
  return ended - started;
}

beforeAll(async () => {
  if (!pgServer) return;
  databaseName = `panel_roles_${randomBytes(4).toString('hex')}`;
  const url = await ensureDatabase(pgServer, databaseName, { fresh: true });
  [upstream, endless] = await Promise.all([startXtreamUpstream(), startEndlessLive()]);
  const env = {
    DATABASE_URL: url,
    ADMIN_USERNAME: ADMIN.username,
    ADMIN_PASSWORD: ADMIN.password,
    SIGNING_SECRET: 'roles-signing-secret-0000000001',
    METRICS_TOKEN,
    CONNECTION_TTL_SECONDS: String(TTL_SECONDS),
    CONNECTION_GRACE_SECONDS: '2',
    // The workers' sweep (in the panel process) expires what nobody refreshes within the TTL.
    CONNECTION_SWEEP_MS: '500',
    PLAYER_CACHE_DIR: 'off',
  };
  const command = [process.execPath, '--import', 'tsx', 'src/server.ts'];
  // All three start together: their migrations meet under the advisory lock. The delivery processes sweep
  // every 8 s, so a relay cut within 2 s was cut by the notice, not by a sweep finding its row ended.
  const delivery = { ...env, SERVER_ROLES: 'delivery', CONNECTION_SWEEP_MS: '8000' };
  const [panelProcess, first, second] = await Promise.all([
    startServerProcess({ ...env, SERVER_ROLES: 'panel,workers' }, { command, timeoutMs: 120_000 }),
    startServerProcess(delivery, { command, timeoutMs: 120_000 }),
    startServerProcess(delivery, { command, timeoutMs: 120_000 }),
  ]);
  panel = panelProcess;
  deliveries = [first, second];
  database = await openDatabase({ url, dataDir: '' });
  adminToken = await signIn(ADMIN.username, ADMIN.password);
  const reseller = { username: `revenda${Date.now() % 100_000}`, password: 'Senha@forte9' };
  const created = await callServer(panel, 'POST', '/api/resellers', {
    token: adminToken,
    body: { ...reseller, credits: 50 },
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  resellerToken = await signIn(reseller.username, reseller.password);
}, 180_000);

afterAll(async () => {
  if (!pgServer) return;
  await Promise.all([panel, ...(deliveries ?? [])].map((node) => node?.stop()));
  await database?.close();
  await upstream?.close();
  await endless?.close();
  await dropDatabase(pgServer ?? DEFAULT_PG_SERVER, databaseName);
}, 60_000);

describe.skipIf(!pgServer)('server roles: one panel process, two delivery processes', () => {
  it('each process answers only its role’s routes', async () => {
    for (const node of [panel, ...deliveries]) {
      expect((await callServer(node, 'GET', '/api/health')).status).toBe(200);
      expect((await callServer(node, 'GET', '/api/ready')).status).toBe(200);
      const metrics = await fetch(`${node.url}/metrics`, {
        headers: { authorization: `Bearer ${METRICS_TOKEN}` },
      });
      expect(metrics.status).toBe(200);
      await metrics.arrayBuffer();
    }
    const [delivery] = deliveries;
    // A delivery process has no panel: no sign-in, no API of the panel, no page.
    const signInThere = await callServer(delivery, 'POST', '/api/auth/sign-in', {
      body: { ...ADMIN, 'g-recaptcha-response': 'none' },
    });
    expect(signInThere.status).toBe(404);
    expect((await callServer(delivery, 'GET', '/api/profile', { token: adminToken })).status).toBe(404);
    expect((await callServer(delivery, 'GET', '/dashboard')).status).toBe(404);
    expect((await callServer(delivery, 'GET', '/api/profile/branding', { token: adminToken })).status).toBe(
      404,
    );
    // The customer page's API answers on both, wherever a reseller's domain points (decision 0179).
    for (const node of [panel, delivery]) {
      expect((await callServer(node, 'GET', '/cliente/api/brand')).status).toBe(200);
      expect((await callServer(node, 'GET', '/cliente/api/me')).status).toBe(401);
    }
    // The panel process serves no customer's app.
    expect((await callServer(panel, 'GET', '/player_api.php?username=a&password=b')).status).toBe(404);
    expect((await callServer(panel, 'GET', '/get.php?username=a&password=b')).status).toBe(404);
    expect((await callServer(panel, 'GET', '/live/a/b/1.ts')).status).toBe(404);
    expect((await callServer(panel, 'GET', '/api/profile', { token: adminToken })).status).toBe(200);
  });

  it('a line created on the panel plays through both delivery processes', async () => {
    // The library: the upstream imported through the panel's API (a proxied source), and an endless live
    // channel beside it for relays that last.
    const source = await callServer<{ id: number }>(panel, 'POST', '/api/admin/content/sources', {
      token: adminToken,
      body: {
        kind: 'xtream',
        name: 'Provedor de teste',
        url: upstream.url,
        username: upstream.username,
        password: upstream.password,
        delivery_mode: 'proxy',
      },
    });
    expect(source.status, JSON.stringify(source.body)).toBe(201);
    const sync = await callServer(panel, 'POST', `/api/admin/content/sources/${source.body.id}/sync`, {
      token: adminToken,
    });
    expect(sync.status).toBe(202);
    for (let attempt = 0; ; attempt++) {
      const state = await callServer(panel, 'GET', `/api/admin/content/sources/${source.body.id}`, {
        token: adminToken,
      });
      if (state.body.sync_status !== 'running') {
        expect(state.body.sync_status, String(state.body.sync_error)).toBe('ok');
        break;
      }
      expect(attempt).toBeLessThan(300);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const [endlessSource] = await database.db
      .insert(contentSources)
      .values({ kind: 'm3u', name: 'Sem fim', url: endless.url, deliveryMode: 'proxy' })
      .returning();
    const category = await createCategory(database.db, {
      kind: 'live',
      name: 'Ao vivo',
      sourceId: endlessSource?.id,
    });
    endlessStreamId = (
      await createStream(database.db, {
        kind: 'live',
        categoryId: category.id,
        name: 'Ao vivo sem fim',
        sourceUrls: [endless.url],
        sourceId: endlessSource?.id,
      })
    ).id;

    const line = await createLine();
    const credentials = `username=${line.username}&password=${line.password}`;
    for (const node of deliveries) {
      const login = await callServer(node, 'GET', `/player_api.php?${credentials}`);
      expect(login.body).toMatchObject({ user_info: { auth: 1, status: 'Active' } });
      const playlist = await fetch(`${node.url}/get.php?${credentials}&type=m3u_plus&output=ts`).then((r) =>
        r.text(),
      );
      const movie = playlist.split('\n').find((row) => row.startsWith(`${node.url}/movie/`));
      expect(movie, playlist).toBeTruthy();
      // One device (the same address and user agent) on either process: its one screen, the film relayed.
      const film = await fetch(movie!, { headers: { 'user-agent': 'Filme/1' } });
      expect(film.status).toBe(200);
      expect((await film.arrayBuffer()).byteLength).toBeGreaterThan(1000);
    }
    const starts = await executeRows<{ n: number }>(
      database.db,
      sql`select count(*)::int as n from stream_starts where line_id = ${line.id}`,
    );
    expect(starts[0]?.n).toBeGreaterThanOrEqual(2);
  });

  it('counts a line’s screens across the processes, and a disconnect on the panel cuts the relay at once', async () => {
    const line = await createLine();
    const [first, second] = deliveries;
    const tv = await watch(first, line, 'TV/1');
    // A 1-screen line: the second device is refused by the other process.
    expect(await startStatus(second, line, 'Phone/1')).toBe(403);

    const [connectionId] = await openConnectionIds(line);
    const disconnect = await cutTime(tv, async () => {
      const answer = await callServer(panel, 'POST', `/api/users/connections/${connectionId}/disconnect`, {
        token: resellerToken,
      });
      expect(answer.status).toBe(204);
    });
    expect(disconnect).toBeLessThan(CUT_WITHIN_MS);
    // The screen is free: the other device plays through the other process.
    const phone = await watch(second, line, 'Phone/1');
    phone.request.destroy();
  });

  it('a block and a deletion on the panel end the line’s relays on the delivery processes within 2 s', async () => {
    const [first, second] = deliveries;
    const blocked = await createLine();
    const watching = await watch(second, blocked, 'TV/2');
    const block = await cutTime(watching, async () => {
      expect(
        (await callServer(panel, 'POST', `/api/users/${blocked.id}/block`, { token: resellerToken })).status,
      ).toBe(200);
    });
    expect(block).toBeLessThan(CUT_WITHIN_MS);
    expect(await openConnectionIds(blocked)).toEqual([]);
    expect(await startStatus(second, blocked, 'TV/2')).toBe(403);

    const deleted = await createLine();
    const viewer = await watch(first, deleted, 'TV/3');
    const deletion = await cutTime(viewer, async () => {
      expect(
        (await callServer(panel, 'DELETE', `/api/users/${deleted.id}`, { token: resellerToken })).status,
      ).toBe(204);
    });
    expect(deletion).toBeLessThan(CUT_WITHIN_MS);
  });

  it('a delivery process killed with SIGKILL loses no data, and the other keeps serving', async () => {
    const [doomed, survivor] = deliveries;
    const line = await createLine();
    const tv = await watch(doomed, line, 'TV/4');
    const before = await executeRows<{ connections: number; starts: number; views: number }>(
      database.db,
      sql`select (select count(*)::int from live_connections where line_id = ${line.id}) as connections,
                 (select count(*)::int from stream_starts where line_id = ${line.id}) as starts,
                 (select coalesce(sum(views), 0)::int from content_views_daily where stream_id = ${endlessStreamId}) as views`,
    );
    await doomed.kill9();
    await tv.ended;
    const killedAt = Date.now();

    // The other process serves on: the player API, and its screen rule from what the database holds.
    const login = await callServer(
      survivor,
      'GET',
      `/player_api.php?username=${line.username}&password=${line.password}`,
    );
    expect(login.body).toMatchObject({ user_info: { auth: 1, active_cons: '1' } });
    expect(await startStatus(survivor, line, 'Phone/4')).toBe(403);
    const after = await executeRows<{ connections: number; starts: number; views: number }>(
      database.db,
      sql`select (select count(*)::int from live_connections where line_id = ${line.id}) as connections,
                 (select count(*)::int from stream_starts where line_id = ${line.id}) as starts,
                 (select coalesce(sum(views), 0)::int from content_views_daily where stream_id = ${endlessStreamId}) as views`,
    );
    expect(after).toEqual(before);
    expect(before[0]).toMatchObject({ connections: 1, starts: 1 });

    // Nobody refreshes the killed process's connection: it expires after the TTL (the workers' sweep) and
    // the screen is free for another device.
    for (;;) {
      const status = await startStatus(survivor, line, 'Phone/4');
      if (status === 200) break;
      expect(status).toBe(403);
      expect(Date.now() - killedAt).toBeLessThan((TTL_SECONDS + 5) * 1000);
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    expect(Date.now() - killedAt).toBeGreaterThan((TTL_SECONDS - 4) * 1000);
  }, 40_000);
});
