import pg from 'pg';
import { PgDialect } from 'drizzle-orm/pg-core';
import { playlistEntryStatements } from '../src/delivery/content/content-read.repository';
const pool = new pg.Pool({ connectionString: 'postgres://postgres@127.0.0.1:5432/panel_bench_starts', max: 1 });
const { rows: [line] } = await pool.query(`select * from lines where username='benchplay001'`);
const rendering = { plus: true, urlPrefix: { live: 'http://x/live/u/p/', movie: 'http://x/movie/u/p/', series: 'http://x/series/u/p/' }, liveExtension: 'ts' };
const d = new PgDialect();
for (const st of playlistEntryStatements(line.bouquets, rendering)) {
  const q = d.sqlToQuery(st);
  await pool.query('set work_mem = \'32MB\''); const { rows } = await pool.query({ text: 'explain (analyze, buffers, costs off) ' + q.sql, values: q.params });
  console.log(rows.map((r) => r['QUERY PLAN']).join('\n')); console.log('----');
}
await pool.end();
