import { sql } from 'drizzle-orm';
import { executeRows } from '../../db/execute-rows';
import { PgDialect } from 'drizzle-orm/pg-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { createCategory } from '../../../test/content-factory';
import { planOf } from '../../../test/explain';
import { useTestApp } from '../../../test/test-app';
import { rankingStatement } from './analytics-ranking.repository';
import { addViews, viewDay } from '../../delivery/for-panel';

/**
 * A year of views of a 2,000-item library, every item viewed every day (decision 0047): the daily
 * counters hold one row per item and day whatever the number of views, and a period's read walks the
 * (day, stream_id) key range of its days only. docs/data-model.md (content_views_daily) carries the
 * arithmetic for a 100,000-item library.
 */
const t = useTestApp();
const ITEMS = 2_000;
const DAYS = 365;
const DAY_MS = 86_400_000;
const daysAgo = (days: number) => viewDay(new Date(Date.now() - days * DAY_MS));
let firstId = 0;

async function rows(): Promise<number> {
  const [counted] = await executeRows<{ n: number }>(
    t.db,
    sql`select count(*)::int as n from content_views_daily`,
  );
  return counted?.n ?? 0;
}

beforeAll(async () => {
  const category = await createCategory(t.db, { kind: 'movie', name: 'Acervo' });
  const inserted = await executeRows<{ id: number }>(
    t.db,
    sql`insert into content_streams (kind, category_id, name)
        select 'movie', ${category.id}, 'Filme ' || g from generate_series(1, ${ITEMS}) g
        returning id`,
  );
  firstId = Math.min(...inserted.map((row) => row.id));
}, 60_000);

describe('a year of daily view counters (decision 0047)', () => {
  it('keeps one row per item and day however many views arrive', async () => {
    // Five views of each item today, in batches of 500 as the ingest API sends them: 10,000 views.
    const today = viewDay();
    for (let batch = 0; batch < 20; batch++) {
      await addViews(
        t.db,
        Array.from({ length: 500 }, (_, index) => ({
          streamId: firstId + ((batch * 500 + index) % ITEMS),
          day: today,
          views: 1,
        })),
      );
    }
    expect(await rows()).toBe(ITEMS);
    const [viewed] = await executeRows<{ views: number }>(
      t.db,
      sql`select sum(views)::int as views from content_views_daily where day = ${today}::date`,
    );
    expect(viewed?.views).toBe(10_000);
  }, 60_000);

  it(`stays at items × days (${ITEMS} × ${DAYS}), about 100 bytes a row with its two indexes`, async () => {
    await t.db.execute(sql`
      insert into content_views_daily (day, stream_id, views)
      select current_date - d, ${firstId} + i, 1 + (i * 7 + d) % 40
      from generate_series(1, ${DAYS - 1}) d, generate_series(0, ${ITEMS - 1}) i`);
    await t.db.execute(sql`analyze content_views_daily`);
    expect(await rows()).toBe(ITEMS * DAYS);
    const [size] = await executeRows<{ bytes: number }>(
      t.db,
      sql`select pg_total_relation_size('content_views_daily')::float8 as bytes`,
    );
    const bytesPerRow = (size?.bytes ?? 0) / (ITEMS * DAYS);
    // Heap ~44 bytes, primary key ~31, (stream_id, day) index ~26 measured (docs/data-model.md).
    expect(bytesPerRow).toBeGreaterThan(40);
    expect(bytesPerRow).toBeLessThan(130);
  }, 120_000);

  // 90 days of a one-year table is a quarter of it: PostgreSQL may rightly read that sequentially (PGlite
  // still takes the key range); the shorter presets must not touch the other days: through the primary
  // key's day range, or item by item through (stream_id, day) bounded by the days (decision 0057).
  it('reads a period through an index bounded by its days', async () => {
    for (const period of [1, 7, 30]) {
      const statement = rankingStatement({
        type: 'streams',
        from: daysAgo(period - 1),
        to: daysAgo(0),
      });
      const plan = await planOf(t.db, new PgDialect().sqlToQuery(statement), { asPlanned: true });
      expect(plan, `period ${period}`).toMatch(
        /(Index Scan using|Bitmap Index Scan on) content_views_daily_(day_stream_id_pk|stream_idx)[^\n]*\n\s*Index Cond: \([^\n]*\bday >= /,
      );
      expect(plan, `period ${period}`).not.toContain('Seq Scan on content_views_daily');
    }
  });

  it('answers the whole period (90 days: 180,000 rows) and a week through the API', async () => {
    const started = performance.now();
    const whole = await t.as(t.adminToken).get('/api/analytics/views?type=streams&period=90&per=100');
    const wholeMs = performance.now() - started;
    expect(whole.statusCode).toBe(200);
    expect(whole.json().meta).toEqual({ page: 1, pages: 20, per: 100, total: ITEMS });
    const [sum] = await executeRows<{ views: number }>(
      t.db,
      sql`select sum(views)::float8 as views from content_views_daily
          where stream_id = ${whole.json().data[0].id} and day > current_date - 90`,
    );
    expect(whole.json().data[0].total).toBe(sum?.views);
    const week = await t.as(t.adminToken).get('/api/analytics/views?type=streams&period=7');
    expect(week.json().meta.total).toBe(ITEMS);
    // Generous on purpose (a shared machine); measured figures are in docs/data-model.md.
    expect(wholeMs).toBeLessThan(5_000);
  }, 60_000);

  it('keeps a ranking of 2,000 items or more for a minute: the next pages come from it', async () => {
    const first = (await t.as(t.adminToken).get('/api/analytics/views?type=streams&period=3')).json();
    const last = first.data[0];
    // A burst of views for the least viewed item: the kept ranking does not move within the minute.
    const least = (
      await t.as(t.adminToken).get('/api/analytics/views?type=streams&period=3&order_by=total,asc')
    ).json().data[0];
    await addViews(t.db, [{ streamId: least.id, day: viewDay(), views: 1_000_000 }]);
    const again = (await t.as(t.adminToken).get('/api/analytics/views?type=streams&period=3')).json();
    expect(again.data[0]).toEqual(last);
    expect(again.meta.total).toBe(ITEMS);
    // Another period is summed now, and sees it.
    const fortnight = (await t.as(t.adminToken).get('/api/analytics/views?type=streams&period=14')).json();
    expect(fortnight.data[0].id).toBe(least.id);
  });
});
