/**
 * The analytics screens and the content-removal queue at size (decisions 0047, 0056): a 100,000-item
 * library (P7–P10's, `library-dataset.ts`) with a year of daily views and a removal queue, in a scratch
 * PostgreSQL database; prints, for each read the two screens make, the median time of a few runs and the
 * access path PostgreSQL takes. A script printing numbers (docs/benchmarks.md), not a timed test.
 *
 *   node --import tsx scripts/bench/analytics-removals.ts [--share 5] [--days 365] [--runs 7] [--fresh]
 *
 * `--share N`: each day every N-th item (shifted by the day) was viewed, ~100,000 / N items a day.
 * The database (`panel_bench_analytics` on TEST_DATABASE_URL's server) is kept for the next run.
 */
import { parseArgs } from 'node:util';
import { ANALYTICS_TYPES, type AnalyticsType } from '@panel/shared/analytics/analytics-api';
import {
  contentRemovalQuerySchema,
  type ContentRemovalQuery,
} from '@panel/shared/content-removal/content-removal-api';
import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { openDatabase } from '../../src/db/database';
import { seedDatabase } from '../../src/db/seed';
import { removalListStatements } from '../../src/panel/content-removal/content-removal.repository';
import { rankingStatement } from '../../src/panel/analytics/analytics-ranking.repository';
import { viewDay } from '../../src/delivery/views/views.repository';
import { seedLibrary } from '../library-dataset';
import { DEFAULT_PG_SERVER, ensureDatabase, redact } from './bench-env';

const { values: args } = parseArgs({
  options: {
    share: { type: 'string', default: '5' },
    days: { type: 'string', default: '365' },
    runs: { type: 'string', default: '7' },
    fresh: { type: 'boolean', default: false },
  },
});
const share = Number(args.share);
const days = Number(args.days);
const runs = Number(args.runs);

const url = await ensureDatabase(
  process.env.TEST_DATABASE_URL ?? DEFAULT_PG_SERVER,
  'panel_bench_analytics',
  {
    fresh: args.fresh,
  },
);
console.error(`database ${redact(url)}`);
const handle = await openDatabase({ url, dataDir: '' });
const pool = new pg.Pool({ connectionString: url, max: 1 });

async function scalar(statement: string): Promise<number> {
  const result = await pool.query<{ value: string }>(statement);
  return Number(result.rows[0]?.value ?? 0);
}

// ---- Seeding (skipped when already there) ----
await seedDatabase(handle.db, { username: 'admin', password: 'Bench-admin-2026' });
const library = await seedLibrary(handle, { log: (message) => console.error(message) });
// 24-hour channels: one live channel in five, as a provider's "24h" categories would hold.
await pool.query(
  `update content_streams set is_24h = true where kind = 'live' and id % 5 = 0 and not is_24h`,
);
if ((await scalar('select count(*) as value from content_views_daily')) === 0) {
  const started = performance.now();
  // Day d: the items whose (id + d) is a multiple of `share`, each with 1–50 views.
  await pool.query(
    `insert into content_views_daily (day, stream_id, views)
     select current_date - d, s.id, 1 + (s.id * 31 + d) % 50
     from generate_series(0, $1::int - 1) d cross join content_streams s
     where (s.id + d) % $2::int = 0`,
    [days, share],
  );
  console.error(`views seeded in ${((performance.now() - started) / 1000).toFixed(1)} s`);
}
if ((await scalar('select count(*) as value from content_removals')) === 0) {
  // 10,000 movies and 500 series queued over the last 30 days; the oldest 2,000 movies removed for good.
  await pool.query(`insert into content_removals (media_type, stream_id, requested_by, status, created_at, updated_at)
    select 2, s.id, (select min(id) from accounts), 0, now() - (row_number() over (order by s.id)) * interval '4 minutes',
      now() - (row_number() over (order by s.id)) * interval '4 minutes'
    from content_streams s where s.kind = 'movie' and s.id % 6 = 0 limit 10000`);
  await pool.query(`insert into content_removals (media_type, series_id, requested_by, status, created_at, updated_at)
    select 5, id, (select min(id) from accounts), 0, now() - id * interval '1 minute', now() - id * interval '1 minute'
    from content_series where id % 6 = 0 limit 500`);
  await pool.query(`with oldest as (
      update content_removals set status = 1 where id in (
        select id from content_removals where media_type = 2 order by created_at limit 2000)
      returning stream_id)
    update content_streams set removed_at = now(), retired_at = coalesce(retired_at, now())
    where id in (select stream_id from oldest)`);
}
await pool.query('vacuum analyze');

const sizes = {
  items: await scalar(`select count(*) as value from content_streams where kind <> 'episode'`),
  series: await scalar('select count(*) as value from content_series'),
  episodes: await scalar(`select count(*) as value from content_streams where kind = 'episode'`),
  viewRows: await scalar('select count(*) as value from content_views_daily'),
  removals: await scalar('select count(*) as value from content_removals'),
  removed: await scalar('select count(*) as value from content_removals where status = 1'),
};
console.error(JSON.stringify({ library: library.totals, sizes }));

// ---- Measuring ----
const median = (values: number[]) => {
  const sorted = values.toSorted((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
};

/** The plan's nodes on the tables that matter, e.g. "Index Scan Backward using content_removals_created_idx". */
async function accessPaths(text: string, params: unknown[]): Promise<string> {
  const result = await pool.query<{ 'QUERY PLAN': string }>(`explain ${text}`, params);
  const lines = result.rows.map((row) => row['QUERY PLAN']);
  const wanted = lines
    .map((line) => line.trim().replace(/^->\s*/, ''))
    .filter((line) => /content_views_daily|content_removals|Seq Scan/.test(line))
    .map((line) => line.replace(/\s+\(cost=.*$/, ''));
  return [...new Set(wanted)].join('; ');
}

async function timed(text: string, params: unknown[]): Promise<{ ms: number; rows: number }> {
  const times: number[] = [];
  let rows = 0;
  for (let run = 0; run < runs; run++) {
    const started = performance.now();
    const result = await pool.query(text, params);
    times.push(performance.now() - started);
    rows = result.rowCount ?? 0;
  }
  return { ms: Math.round(median(times) * 10) / 10, rows };
}

const dialect = new PgDialect();
const DAY_MS = 86_400_000;
const results: Record<string, unknown>[] = [];

for (const type of ANALYTICS_TYPES as readonly AnalyticsType[]) {
  for (const period of [1, 7, 30, 90]) {
    const statement: SQL = rankingStatement({
      type,
      from: viewDay(new Date(Date.now() - (period - 1) * DAY_MS)),
      to: viewDay(new Date()),
    });
    const query = dialect.sqlToQuery(statement);
    const measured = await timed(query.sql, query.params);
    results.push({
      read: `ranking ${type}, ${period} day(s)`,
      ...measured,
      plan: await accessPaths(query.sql, query.params),
    });
  }
}

const removalCases: [string, Record<string, string>][] = [
  ['queue, first page (newest first)', {}],
  ['queue, page 50', { page: '50' }],
  ['queue, status 1', { status: '1' }],
  ['queue, title contains "Noite"', { text_search: 'Noite' }],
  ['queue, series only', { media_type: '5' }],
  ['queue, requester "adm"', { reseller: 'adm' }],
];
for (const [label, input] of removalCases) {
  const query: ContentRemovalQuery = contentRemovalQuerySchema.parse(input);
  const statements = removalListStatements(handle.db, query);
  for (const [part, builder] of [
    ['page', statements.page],
    ['count', statements.count],
  ] as const) {
    const compiled = builder.toSQL();
    const measured = await timed(compiled.sql, compiled.params);
    results.push({
      read: `${label} — ${part}`,
      ...measured,
      plan: await accessPaths(compiled.sql, compiled.params),
    });
  }
}

console.log(JSON.stringify({ sizes, share, days, runs, results }, null, 2));
console.error('\n| read | median (ms) | rows | access path |\n| --- | --- | --- | --- |');
for (const row of results) console.error(`| ${row.read} | ${row.ms} | ${row.rows} | ${row.plan} |`);

await pool.end();
await handle.close();
