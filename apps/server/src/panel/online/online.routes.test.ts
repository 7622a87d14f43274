import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  createAccount,
  createLine,
  createResellerTree,
  createSignedInAccount,
} from '../../../test/factories';
import { createRedirectedMovie } from '../../../test/content-factory';
import { planOf } from '../../../test/explain';
import { useTestApp } from '../../../test/test-app';
import { liveConnections, p2pSessions, streamingServers, type LineRow } from '../../db/schema';
import { subtreePattern } from '../scope/caller-scope';
import { ONLINE_TOTAL_CAP, onlineConnectionStatements, p2pSessionsQuery } from './online.repository';

const t = useTestApp();

const secondsAgo = (seconds: number) => new Date(Date.now() - seconds * 1000);

/** A first page's meta; countries come from the database installed with the panel (decision 0074). */
const meta = { page: 1, pages: 1, per: 10, total: 0, total_exact: true, geoip_source: 'dbip_lite' };

/** A connection of `line`, as a stream start or an edge would leave it. */
async function connect(
  line: LineRow,
  overrides: Partial<typeof liveConnections.$inferInsert> = {},
): Promise<number> {
  const [row] = await t.db
    .insert(liveConnections)
    .values({
      lineId: line.id,
      ownerPath: line.ownerPath,
      streamId: 1,
      delivery: 'redirect',
      ip: '203.0.113.7',
      userAgent: 'VLC/3.0.20 LibVLC/3.0.20',
      watching: 'Canal Teste HD',
      ...overrides,
    })
    .returning({ id: liveConnections.id });
  if (!row) throw new Error('connection not inserted');
  return row.id;
}

async function streamingServer(): Promise<number> {
  const [row] = await t.db
    .insert(streamingServers)
    .values({ name: 'p2p', tokenHash: `h${Math.random()}`, tokenHint: 'abcd' })
    .returning({ id: streamingServers.id });
  if (!row) throw new Error('server not inserted');
  return row.id;
}

async function p2pSession(
  serverId: number,
  line: LineRow,
  overrides: Partial<typeof p2pSessions.$inferInsert> = {},
): Promise<void> {
  await t.db.insert(p2pSessions).values({
    serverId,
    sessionKey: `s${Math.random()}`,
    lineId: line.id,
    ownerPath: line.ownerPath,
    username: line.username,
    channelName: 'Globo SP',
    durationSeconds: 3725,
    externalIp: '198.51.100.4',
    appName: 'XCloud P2P Player',
    appVersion: '2.4.1',
    ...overrides,
  });
}

describe('GET /api/users/connections', () => {
  it('lists the active connections of the subtree, newest first, with user, master and the server clock', async () => {
    const tree = await createResellerTree(t.app);
    const masterLine = await createLine(t.app, tree.master.account);
    const subLine = await createLine(t.app, tree.sub.account, { isTrial: 1 });
    const otherLine = await createLine(t.app, tree.other.account);
    const older = await connect(masterLine, { startedAt: secondsAgo(60), divergence: 30, country: 'BR' });
    const newer = await connect(subLine, { startedAt: secondsAgo(5), userAgent: null });
    await connect(otherLine);
    // Ended, or silent past the TTL (90 s): not online any more.
    await connect(masterLine, { endedAt: new Date(), endReason: 'closed' });
    await connect(masterLine, { lastSeenAt: secondsAgo(91), startedAt: secondsAgo(200) });

    const before = Date.now();
    const response = await t.as(tree.master.token).get('/api/users/connections');
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.meta).toEqual({ ...meta, total: 2 });
    expect(body.data.map((row: { id: number }) => row.id)).toEqual([newer, older]);
    expect(body.data[0]).toMatchObject({
      user_id: subLine.id,
      username: subLine.username,
      master_username: tree.sub.account.username,
      is_trial: 1,
      user_agent: '',
      divergence: 0,
      geoip_country_code: null,
      geoip_missing: 'not_found',
      watching: 'Canal Teste HD',
    });
    expect(body.data[1]).toMatchObject({
      username: masterLine.username,
      master_username: tree.master.account.username,
      divergence: 30,
      is_trial: 0,
      geoip_country_code: 'BR',
      geoip_missing: null,
      user_agent: 'VLC/3.0.20 LibVLC/3.0.20',
    });
    expect(Date.parse(body.data[0].server_time)).toBeGreaterThanOrEqual(before - 1000);
    expect(Date.parse(body.data[1].date_start)).toBeLessThan(Date.parse(body.data[0].date_start));

    // A page past the end answers no rows and the pages that exist: the panel steps back to them.
    const past = (await t.as(tree.master.token).get('/api/users/connections?page=2')).json();
    expect(past).toEqual({ data: [], meta: { ...meta, page: 2, total: 2 } });

    const sub = (await t.as(tree.sub.token).get('/api/users/connections')).json();
    expect(sub.data.map((row: { id: number }) => row.id)).toEqual([newer]);
    const admin = (await t.as(t.adminToken).get('/api/users/connections?per=100')).json();
    const ids = admin.data.map((row: { id: number }) => row.id);
    expect(ids).toEqual(expect.arrayContaining([newer, older]));
    expect(ids).toHaveLength(admin.meta.total);
  });

  it("gives each stream start its client's country, or says why there is none (decision 0074)", async () => {
    const { account, token } = await createSignedInAccount(t.app);
    const movie = await createRedirectedMovie(t.db, 'Filme País');
    // A start from Brazil's registry (NIC.br), one from a home network, one from a documentation range.
    const clients = { brazil: '200.160.2.3', home: '192.168.1.20', nowhere: '203.0.113.7' };
    const lineOf: Record<string, LineRow> = {};
    for (const [name, address] of Object.entries(clients)) {
      const line = await createLine(t.app, account);
      lineOf[name] = line;
      const start = await t.app.inject({
        method: 'GET',
        url: `/movie/${encodeURIComponent(line.username)}/${encodeURIComponent(line.password)}/${movie.id}.mp4`,
        headers: { 'user-agent': 'VLC/3.0.20 LibVLC/3.0.20' },
        remoteAddress: address,
      });
      expect(start.statusCode).toBe(302);
    }
    const body = (await t.as(token).get('/api/users/connections')).json();
    const countryOf = (line: LineRow | undefined) => {
      const row = body.data.find((connection: { user_id: number }) => connection.user_id === line?.id);
      return [row?.geoip_country_code, row?.geoip_missing];
    };
    expect(countryOf(lineOf.brazil)).toEqual(['BR', null]);
    expect(countryOf(lineOf.home)).toEqual([null, 'local_network']);
    expect(countryOf(lineOf.nowhere)).toEqual([null, 'not_found']);
    expect(body.meta).toEqual({ ...meta, total: 3 });
  });

  it('pages by 10 by default and says "more than 1.000" past the cap, whichever shape reads it', async () => {
    const { account, token } = await createSignedInAccount(t.app);
    const line = await createLine(t.app, account);
    // Nobody watching yet: the subtree's small shape is remembered, and must still page right once it grew.
    expect((await t.as(token).get('/api/users/connections')).json().meta.total).toBe(0);
    await t.db.execute(sql`
      insert into ${liveConnections} (line_id, owner_path, stream_id, delivery, started_at)
      select ${line.id}::int, ${line.ownerPath}::text, 1, 'proxy', now() - (g || ' seconds')::interval
      from generate_series(1, ${ONLINE_TOTAL_CAP + 5}::int) as g`);
    const first = (await t.as(token).get('/api/users/connections')).json();
    expect(first.data).toHaveLength(10);
    expect(first.meta).toEqual({ ...meta, pages: 100, total: 1000, total_exact: false });
    const far = (await t.as(token).get('/api/users/connections?page=100')).json();
    expect(far.meta.pages).toBe(101);
    const last = (await t.as(token).get('/api/users/connections?page=101')).json();
    expect(last.data).toHaveLength(5);
    expect(last.meta.pages).toBe(101);
    const times = first.data.map((row: { date_start: string }) => Date.parse(row.date_start));
    expect(times).toEqual([...times].sort((a, b) => b - a));
  });

  it('refuses publishers and bad pages in Portuguese', async () => {
    const publisher = await createSignedInAccount(t.app, { role: 'publisher' });
    expect((await t.as(publisher.token).get('/api/users/connections')).statusCode).toBe(403);
    const bad = await t.as(t.adminToken).get('/api/users/connections?page=0');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('Página inválida');
    expect((await t.as(t.adminToken).get('/api/users/connections?per=101')).json().message).toBe(
      'Quantidade por página inválida',
    );
  });

  it('reads pages and counts from the partial indexes of active connections', async () => {
    const owner = await createAccount(t.app);
    const elsewhere = await createAccount(t.app);
    const ownLine = await createLine(t.app, owner);
    const otherLine = await createLine(t.app, elsewhere);
    await t.db.execute(sql`
      insert into ${liveConnections} (line_id, owner_path, stream_id, delivery, started_at, ended_at, end_reason)
      select case when g % 20 = 0 then ${ownLine.id}::int else ${otherLine.id}::int end,
             case when g % 20 = 0 then ${owner.path}::text else ${elsewhere.path}::text end,
             1, 'redirect', now() - (g || ' seconds')::interval,
             case when g % 3 = 0 then now() end, case when g % 3 = 0 then 'closed' end
      from generate_series(1, 20000) as g`);
    await t.db.execute(sql`analyze ${liveConnections}`);
    const since = secondsAgo(90);
    const shapes = [
      { scope: null, shape: 'all', page: /live_connections_started_active_idx/ },
      {
        scope: subtreePattern(owner.path),
        shape: 'walk',
        page: /live_connections_(started|owner)_active_idx/,
      },
      { scope: subtreePattern(owner.path), shape: 'range', page: /live_connections_owner_active_idx/ },
    ] as const;
    for (const { scope, shape, page: expected } of shapes) {
      const statements = onlineConnectionStatements(t.db, scope, since, { offset: 0, limit: 10 }, shape);
      const page = await planOf(t.db, statements.page);
      expect(page, `${shape}\n${page}`).not.toContain('Seq Scan on "live_connections"');
      expect(page, `${shape}\n${page}`).toMatch(expected);
      const count = await planOf(t.db, statements.count);
      expect(count, count).not.toContain('Seq Scan');
      // Any partial index of the active rows (migration 0013 dropped the one on last_seen_at).
      expect(count, count).toMatch(/live_connections_\w+_active_idx/);
    }
    const p2p = await planOf(t.db, p2pSessionsQuery(t.db, subtreePattern(owner.path), since, 1000).toSQL());
    expect(p2p, p2p).toMatch(/p2p_sessions_(owner|seen)_active_idx/);
  });
});

describe('GET /api/p2p-users/online', () => {
  it('lists the active P2P sessions of the subtree, most recently reported first', async () => {
    const tree = await createResellerTree(t.app);
    const server = await streamingServer();
    const masterLine = await createLine(t.app, tree.master.account);
    const subLine = await createLine(t.app, tree.sub.account);
    const otherLine = await createLine(t.app, tree.other.account);
    await p2pSession(server, masterLine, { lastSeenAt: secondsAgo(30), channelName: 'ESPN' });
    await p2pSession(server, subLine, { lastSeenAt: secondsAgo(2), externalIp: null });
    await p2pSession(server, otherLine);
    await p2pSession(server, masterLine, { endedAt: new Date() });
    await p2pSession(server, masterLine, { lastSeenAt: secondsAgo(120) });

    const response = await t.as(tree.master.token).get('/api/p2p-users/online');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      data: [
        {
          username: subLine.username,
          channel_name: 'Globo SP',
          duration: 3725,
          external_ip: null,
          app_name: 'XCloud P2P Player',
          app_version: '2.4.1',
        },
        expect.objectContaining({ username: masterLine.username, channel_name: 'ESPN' }),
      ],
    });
    const sub = (await t.as(tree.sub.token).get('/api/p2p-users/online')).json();
    expect(sub.data.map((row: { username: string }) => row.username)).toEqual([subLine.username]);
    const publisher = await createSignedInAccount(t.app, { role: 'publisher' });
    expect((await t.as(publisher.token).get('/api/p2p-users/online')).statusCode).toBe(403);
  });
});
