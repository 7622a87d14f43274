/**
 * P11, its online-list half (docs/benchmarks.md, decision 0046): the two online screens' reads and the
 * dashboard counters through the real server process over HTTP, with 300,000 live connections (and 30,000
 * P2P sessions) spread over the lines of seed:large. Target: p95 ≤ 25 ms, as every list of the panel.
 *
 * The connections are seeded once (idempotent; marked by their user agent) and made active again on every
 * run. The server runs with CONNECTION_TTL_SECONDS at its maximum (a day) so that no row expires while it
 * is measured; what is read is the same partial-index range as with the default 90 s.
 *
 *   DATABASE_URL=postgres://…/panel_bench node --import tsx scripts/bench/online-lists.ts [--runs 200]
 */
import { parseArgs } from 'node:util';
import pg from 'pg';
import { BIG_MASTER_USERNAME } from '../large-dataset';
import { accountId, emitResult, openSession, rawHttpConnection, startServerProcess } from './bench-env';
import { round, summarise } from './stats';

const { values } = parseArgs({
  options: {
    runs: { type: 'string' },
    warmup: { type: 'string' },
    connections: { type: 'string' },
    sessions: { type: 'string' },
  },
});
const RUNS = Number(values.runs ?? 200);
const WARMUP = Number(values.warmup ?? 20);
const CONNECTIONS = Number(values.connections ?? 300_000);
const SESSIONS = Number(values.sessions ?? 30_000);
const MARK = 'bench-online/1 (VLC/3.0.20 LibVLC/3.0.20)';
const url = process.env.DATABASE_URL;
if (!url) throw new Error('DATABASE_URL: the database seeded by seed:large');

const pool = new pg.Pool({ connectionString: url, max: 2 });
const count = async (text: string, params: unknown[] = []) =>
  (await pool.query<{ n: number }>(text, params)).rows[0]?.n ?? 0;

// ---- The viewers: every line whose id ends in 0, 3 or 6 watches something (a third of a million lines).
const seeded = await count(`select count(*)::int as n from live_connections where user_agent = $1`, [MARK]);
if (seeded < CONNECTIONS) {
  const started = performance.now();
  await pool.query(
    `insert into live_connections (line_id, owner_path, stream_id, delivery, ip, user_agent, country, watching,
                                   divergence, started_at, last_seen_at)
     select l.id, l.owner_path, 1 + l.id % 10000, case when l.id % 4 = 0 then 'proxy' else 'redirect' end,
            '198.18.' || (l.id / 250 % 250) || '.' || (1 + l.id % 250), $1, 'BR', 'Canal ' || (l.id % 500),
            (l.id * 7) % 100, now() - (l.id % 21600) * interval '1 second', now()
     from lines l
     where l.id % 10 in (0, 3, 6)
       and not exists (select 1 from live_connections c where c.line_id = l.id and c.user_agent = $1)
     order by l.id
     limit $2`,
    [MARK, CONNECTIONS - seeded],
  );
  console.error(`live connections: seeded in ${round((performance.now() - started) / 1000)} s`);
}
// Active again: not ended (a sweeper may have ended them since the last run) and seen now.
await pool.query(
  `update live_connections set ended_at = null, end_reason = null, last_seen_at = now()
   where user_agent = $1 and (ended_at is not null or last_seen_at < now() - interval '6 hours')`,
  [MARK],
);
await pool.query(
  `insert into streaming_servers (name, token_hash, token_hint)
   select 'bench-online p2p', 'bench-online-p2p', 'p2p0'
   where not exists (select 1 from streaming_servers where token_hash = 'bench-online-p2p')`,
);
const serverId = await count(`select id as n from streaming_servers where token_hash = 'bench-online-p2p'`);
await pool.query(
  `insert into p2p_sessions (server_id, session_key, line_id, owner_path, username, channel_name,
                             duration_seconds, external_ip, app_name, app_version, last_seen_at)
   select $1, 'bench-' || l.id, l.id, l.owner_path, l.username, 'Canal ' || (l.id % 500), l.id % 14400,
          '203.0.113.' || (1 + l.id % 250), 'XCloud P2P Player', '2.' || (l.id % 9), now()
   from lines l where l.id % 33 = 1 order by l.id limit $2
   on conflict (server_id, session_key) do update set ended_at = null, last_seen_at = now()`,
  [serverId, SESSIONS],
);
await pool.query('vacuum analyze live_connections');
await pool.query('vacuum analyze p2p_sessions');

const adminId = await count(`select id as n from accounts where role = 'admin' order by id limit 1`);
const masterId = await accountId(pool, BIG_MASTER_USERNAME);
// A reseller of its own (no sub-resellers) with many lines: the usual shop.
const shopId = await count(
  `select a.id as n from accounts a
   where a.role = 'reseller' and not exists (select 1 from accounts c where c.parent_id = a.id)
   order by (select count(*) from live_connections c where c.owner_path = a.path and c.ended_at is null) desc
   limit 1`,
);
const pathOf = async (id: number) =>
  (await pool.query<{ path: string }>('select path from accounts where id = $1', [id])).rows[0]?.path ?? '';
const active = (pattern: string) =>
  count(`select count(*)::int as n from live_connections where ended_at is null and owner_path like $1`, [
    pattern,
  ]);
const sessionsIn = (pattern: string) =>
  count(`select count(*)::int as n from p2p_sessions where ended_at is null and owner_path like $1`, [
    pattern,
  ]);
const callerOf = async (id: number) => {
  const pattern = `${await pathOf(id)}%`;
  return {
    token: await openSession(pool, id),
    connections: await active(pattern),
    sessions: await sessionsIn(pattern),
  };
};
const callers = {
  admin: await callerOf(adminId),
  master: await callerOf(masterId),
  shop: await callerOf(shopId),
};
const totalSessions = await count(`select count(*)::int as n from p2p_sessions where ended_at is null`);

const CASES = [
  { id: 'iptv-admin', as: 'admin', path: '/api/users/connections?page=1&per=10' },
  { id: 'iptv-admin-p50', as: 'admin', path: '/api/users/connections?page=50&per=10' },
  { id: 'iptv-master', as: 'master', path: '/api/users/connections?page=1&per=10' },
  { id: 'iptv-shop', as: 'shop', path: '/api/users/connections?page=1&per=10' },
  { id: 'p2p-admin', as: 'admin', path: '/api/p2p-users/online' },
  { id: 'p2p-master', as: 'master', path: '/api/p2p-users/online' },
  { id: 'dashboard-admin', as: 'admin', path: '/api/dashboard/stats' },
  { id: 'dashboard-master', as: 'master', path: '/api/dashboard/stats' },
] as const;

const server = await startServerProcess({
  DATABASE_URL: url,
  CONNECTION_TTL_SECONDS: '86400',
  LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'warn',
});
const client = await rawHttpConnection(server.url);
const results = [];
try {
  for (const item of CASES) {
    const headers = { authorization: `Bearer ${callers[item.as].token}` };
    let last = '';
    const once = async () => {
      const start = performance.now();
      const response = await client.get(item.path, headers);
      const ms = performance.now() - start;
      if (response.status !== 200) throw new Error(`${item.id}: ${response.status} ${response.body}`);
      last = response.body;
      return ms;
    };
    for (let i = 0; i < WARMUP; i++) await once();
    const times: number[] = [];
    for (let i = 0; i < RUNS; i++) times.push(await once());
    const summary = summarise(times);
    const body = JSON.parse(last) as { data?: unknown[]; meta?: unknown } & Record<string, unknown>;
    const result = {
      id: item.id,
      request: `GET ${item.path} as ${item.as}`,
      scopeConnections: callers[item.as].connections,
      scopeSessions: callers[item.as].sessions,
      rows: Array.isArray(body.data) ? body.data.length : undefined,
      meta: body.meta ?? (Array.isArray(body.data) ? undefined : body),
      ms: { median: round(summary.median), p95: round(summary.p95), p99: round(summary.p99) },
      runs: RUNS,
    };
    results.push(result);
    console.error(
      `${item.id.padEnd(18)} ${result.ms.median} / ${result.ms.p95} ms  (${result.scopeConnections} connections, ${result.scopeSessions} P2P sessions in scope, ${result.rows ?? '-'} rows) ${JSON.stringify(result.meta)}`,
    );
  }
} finally {
  client.close();
  await server.stop();
}
await emitResult({
  liveConnections: callers.admin.connections,
  p2pSessions: totalSessions,
  cases: results,
});
await pool.end();
