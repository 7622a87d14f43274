import pg from 'pg';
import { openDatabase } from './src/db/database';
const base = 'postgres://postgres@127.0.0.1:5432/';
const admin = new pg.Client({ connectionString: base + 'postgres' });
await admin.connect();
await admin.query('drop database if exists views_scratch with (force)');
await admin.query('create database views_scratch');
await admin.end();
const handle = await openDatabase({ url: base + 'views_scratch', dataDir: '' });
await handle.close();
const c = new pg.Client({ connectionString: base + 'views_scratch' });
await c.connect();
await c.query('alter table live_connections drop constraint if exists live_connections_line_id_lines_id_fk');
await c.query('alter table p2p_sessions drop constraint if exists p2p_sessions_line_id_lines_id_fk');
await c.query('alter table p2p_sessions drop constraint if exists p2p_sessions_server_id_streaming_servers_id_fk');
// 300k active IPTV connections on ~250k lines of 400 resellers ('/1/<r>/'), 20k ended ones, 30k P2P sessions.
await c.query(`insert into live_connections (line_id, owner_path, stream_id, delivery, started_at, last_seen_at, ended_at)
  select (g % 250000) + 1, '/1/' || ((g % 250000) % 400 + 2) || '/', g % 5000, 'redirect', now() - interval '1 hour', now() - (random() * 60) * interval '1 second', null
  from generate_series(1, 300000) g`);
await c.query(`insert into live_connections (line_id, owner_path, stream_id, delivery, started_at, last_seen_at, ended_at, end_reason)
  select g, '/1/' || (g % 400 + 2) || '/', 1, 'redirect', now() - interval '2 hour', now() - interval '1 hour', now() - interval '1 hour', 'closed'
  from generate_series(1, 20000) g`);
await c.query(`insert into p2p_sessions (server_id, session_key, line_id, owner_path, username, last_seen_at)
  select 1, 's' || g, 300000 + g, '/1/' || (g % 400 + 2) || '/', 'u' || g, now() - (random() * 60) * interval '1 second' from generate_series(1, 30000) g`);
await c.query('vacuum analyze live_connections');
await c.query('vacuum analyze p2p_sessions');
console.log('seeded');
await c.end();
