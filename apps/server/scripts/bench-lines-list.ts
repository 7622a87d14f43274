/**
 * Measures the /api/users list query on a million lines (docs/decisions/0012-lines.md). Creates a
 * scratch database on the PostgreSQL server of TEST_DATABASE_URL, fills it, times the repository's
 * list (page + capped count) for typical filters, and drops it. About a minute to fill.
 *
 *   TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres node --import tsx scripts/bench-lines-list.ts
 */
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { openDatabase } from '../src/db/database';
import { listLineRecords } from '../src/modules/lines/lines-list.repository';

const server = process.env.TEST_DATABASE_URL;
if (!server)
  throw new Error('Set TEST_DATABASE_URL to a PostgreSQL server (a scratch database is created there)');
const name = `panel_bench_${Date.now()}`;
const scratch = new URL(server);
scratch.pathname = `/${name}`;
const admin = new pg.Client({ connectionString: server });
await admin.connect();
await admin.query(`create database ${name}`);
const handle = await openDatabase({ url: scratch.toString(), dataDir: '' });
const db = handle.db;
try {
  await db.execute(
    sql`insert into packages (id, package_name, official_duration, official_credits) values (17, 'p', 1, 1)`,
  );
  await db.execute(
    sql`insert into accounts (id, username, password_hash, role, path) values (1, 'admin', 'x', 'admin', '/1/')`,
  );
  // 10 masters, 1000 resellers spread under them.
  await db.execute(sql`insert into accounts (id, username, password_hash, role, parent_id, path)
    select g, 'master' || g, 'x', 'reseller', 1, '/1/' || g || '/' from generate_series(2, 11) g`);
  await db.execute(sql`insert into accounts (id, username, password_hash, role, parent_id, path)
    select g, 'rev' || g, 'x', 'reseller', (g % 10) + 2, '/1/' || ((g % 10) + 2) || '/' || g || '/' from generate_series(12, 1011) g`);
  await db.execute(sql`select setval('accounts_id_seq', 2000)`);
  const t0 = Date.now();
  // Skewed like real panels: reseller 12 owns ~100k lines, the rest about 900 each.
  await db.execute(sql`insert into lines (reseller_id, owner_path, username, password, full_name, reseller_notes, exp_date, created_at, package_id, enabled, is_trial, system)
    select r, a.path, 'user' || g, 'pw', 'Nome ' || md5(g::text), case when g % 7 = 0 then 'nota ' || g else null end,
           now() + ((g % 120) - 30) * interval '1 day' + (g % 86400) * interval '1 second', now() - (g % 400) * interval '1 day', 17,
           case when g % 20 = 0 then 0 else 1 end, case when g % 15 = 0 then 1 else 0 end, 1 + g % 3
    from generate_series(1, 1000000) g
    cross join lateral (select case when g % 10 = 0 then 12 else 12 + (g % 1000) end as r) pick
    join accounts a on a.id = pick.r`);
  await db.execute(sql`analyze lines`);
  console.log('inserted 1M in', Date.now() - t0, 'ms');
  const now = new Date();
  const cases: [
    string,
    Parameters<typeof listLineRecords>[1],
    Parameters<typeof listLineRecords>[2]['orderBy'],
  ][] = [
    ['admin, default sort', { now }, { field: 'id', direction: 'desc' }],
    ['admin, exp_date asc', { now }, { field: 'exp_date', direction: 'asc' }],
    [
      'master /1/3/ (100 subs, ~100k), id desc',
      { now, scopePath: '/1/3/' },
      { field: 'id', direction: 'desc' },
    ],
    [
      'big reseller 12 (~100k), exp asc',
      { now, scopePath: '/1/4/12/' },
      { field: 'exp_date', direction: 'asc' },
    ],
    [
      'small reseller 500 (~900), username',
      { now, scopePath: '/1/2/500/' },
      { field: 'username', direction: 'asc' },
    ],
    ['admin, search "user12345"', { now, search: 'user12345' }, { field: 'id', direction: 'desc' }],
    ['admin, search "nome a"', { now, search: 'nome a' }, { field: 'id', direction: 'desc' }],
    [
      'master search "nota 1"',
      { now, scopePath: '/1/3/', search: 'nota 1' },
      { field: 'id', direction: 'desc' },
    ],
    ['admin, status expired', { now, status: 3 }, { field: 'exp_date', direction: 'desc' }],
    [
      'admin, 7 days window',
      { now, expiringBy: new Date(Date.now() + 7 * 86400e3) },
      { field: 'exp_date', direction: 'asc' },
    ],
    ['admin, page 500 (offset 4990)', { now }, { field: 'id', direction: 'desc' }],
  ];
  for (const [label, filters, orderBy] of cases) {
    const offset = label.includes('page 500') ? 4990 : 0;
    await listLineRecords(db, filters, { offset, limit: 10, orderBy });
    const start = performance.now();
    const result = await listLineRecords(db, filters, { offset, limit: 10, orderBy });
    console.log(
      `${label}: ${(performance.now() - start).toFixed(1)} ms, counted ${result.counted}, rows ${result.rows.length}`,
    );
  }
} finally {
  await handle.close();
  await admin.query(`drop database if exists ${name} with (force)`);
  await admin.end();
}
