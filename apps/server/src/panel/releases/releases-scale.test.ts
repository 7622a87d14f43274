import { RELEASES_DAYS, RELEASES_MAX } from '@panel/shared/catalog/releases-api';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createCategory } from '../../../test/content-factory';
import { planOf } from '../../../test/explain';
import { useTestApp } from '../../../test/test-app';
import { newestMovies, newestSeries } from './releases.repository';

/**
 * The drawer's reads on a 100,000-movie library with as many episodes and 10,000 series, added over two
 * years (decision 0058): the planner walks the releases indexes backwards and stops after 50 rows, whatever
 * the library's size.
 */
const t = useTestApp();
const MOVIES = 100_000;
const since = () => new Date(Date.now() - RELEASES_DAYS * 86_400_000);

beforeAll(async () => {
  const films = await createCategory(t.db, { kind: 'movie', name: 'Acervo' });
  const shows = await createCategory(t.db, { kind: 'series', name: 'Séries' });
  await t.db.execute(sql`
    insert into content_streams (kind, category_id, name, added_at)
    select 'movie', ${films.id}, 'Filme ' || g, now() - (g * 10 || ' minutes')::interval
    from generate_series(1, ${MOVIES}) g`);
  await t.db.execute(sql`
    insert into content_series (category_id, name, added_at)
    select ${shows.id}, 'Série ' || g, now() - (g * 100 || ' minutes')::interval
    from generate_series(1, ${MOVIES / 10}) g`);
  await t.db.execute(sql`
    insert into content_streams (kind, series_id, season_number, episode_number, name, added_at)
    select 'episode', s.id, 1, e, 'E' || e, s.added_at
    from content_series s, generate_series(1, 10) e`);
  await t.db.execute(sql`analyze content_streams`);
  await t.db.execute(sql`analyze content_series`);
}, 120_000);

describe('the content-updates reads at 100,000 movies (decision 0058)', () => {
  it('walk the releases indexes as planned for production', async () => {
    const movies = await planOf(t.db, newestMovies(t.db, since(), RELEASES_MAX).toSQL(), { asPlanned: true });
    expect(movies).toMatch(/Index Scan Backward using content_streams_releases_idx/);
    expect(movies).not.toMatch(/Seq Scan|Sort/);
    const series = await planOf(t.db, newestSeries(t.db, since(), RELEASES_MAX).toSQL(), { asPlanned: true });
    expect(series).toMatch(/Index Scan Backward using content_series_releases_idx/);
    expect(series).not.toMatch(/Seq Scan|Sort/);
  });

  it('answers in milliseconds', async () => {
    await t.as(t.adminToken).get('/api/catalog/releases');
    const started = performance.now();
    const response = await t.as(t.adminToken).get('/api/catalog/releases');
    const elapsed = performance.now() - started;
    expect(response.statusCode).toBe(200);
    expect(response.json().movies).toHaveLength(RELEASES_MAX);
    expect(response.json().movies[0].title).toBe('Filme 1');
    expect(elapsed).toBeLessThan(250);
  });
});
