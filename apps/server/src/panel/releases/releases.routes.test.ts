import { RELEASES_DAYS, RELEASES_MAX } from '@panel/shared/catalog/releases-api';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createCategory, createSeries, createStream } from '../../../test/content-factory';
import { createSignedInAccount } from '../../../test/factories';
import { useTestApp } from '../../../test/test-app';

const t = useTestApp();
const DAY_MS = 86_400_000;
const daysAgo = (days: number) => new Date(Date.now() - days * DAY_MS);

let library: Awaited<ReturnType<typeof seedLibrary>>;

/** Movies and series added at known times, with what the drawer must leave out beside them. */
async function seedLibrary() {
  const db = t.db;
  const films = await createCategory(db, { kind: 'movie', name: 'Filmes' });
  const news = await createCategory(db, { kind: 'live', name: 'Canais' });
  const shows = await createCategory(db, { kind: 'series', name: 'Séries' });
  const movie = (name: string, addedAt: Date, values: { icon?: string; retiredAt?: Date } = {}) =>
    createStream(db, { kind: 'movie', categoryId: films.id, name, addedAt, ...values });
  const older = await movie('Duna', daysAgo(RELEASES_DAYS - 1), { icon: 'http://img/duna.jpg' });
  const newest = await movie('Matrix', daysAgo(0.5));
  const sameTime = await movie('Up', daysAgo(0.5));
  await movie('Filme Antigo', daysAgo(RELEASES_DAYS + 1));
  await movie('Filme Retirado', daysAgo(1), { retiredAt: new Date() });
  await createStream(db, { kind: 'live', categoryId: news.id, name: 'Notícias', addedAt: daysAgo(1) });
  const episode = { season: 1, episode: 1, name: 'Episódio Novo', sourceUrls: [] };
  const drama = await createSeries(
    db,
    { categoryId: shows.id, name: 'Drama', cover: 'http://img/drama.jpg', addedAt: daysAgo(2) },
    [episode],
  );
  const comedy = await createSeries(db, { categoryId: shows.id, name: 'Comédia', addedAt: daysAgo(1) }, [
    episode,
  ]);
  await createSeries(db, { categoryId: shows.id, name: 'Série Antiga', addedAt: daysAgo(40) }, [episode]);
  await createSeries(
    db,
    { categoryId: shows.id, name: 'Série Retirada', addedAt: daysAgo(1), retiredAt: new Date() },
    [],
  );
  return { older, newest, sameTime, drama: drama.series, comedy: comedy.series };
}

beforeAll(async () => {
  library = await seedLibrary();
});

describe('GET /api/catalog/releases (decision 0058)', () => {
  it('lists the movies and series added in the window, newest first, without retired or other kinds', async () => {
    const response = await t.as(t.adminToken).get('/api/catalog/releases');
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json();
    expect(body.days).toBe(RELEASES_DAYS);
    // Added at the same instant: the later id first.
    expect(body.movies.map((movie: { title: string }) => movie.title)).toEqual(['Up', 'Matrix', 'Duna']);
    expect(body.movies[2]).toEqual({
      id: library.older.id,
      title: 'Duna',
      image: 'http://img/duna.jpg',
      added_at: library.older.addedAt.toISOString(),
    });
    expect(body.series).toEqual([
      { id: library.comedy.id, title: 'Comédia', image: '', added_at: library.comedy.addedAt.toISOString() },
      {
        id: library.drama.id,
        title: 'Drama',
        image: 'http://img/drama.jpg',
        added_at: library.drama.addedAt.toISOString(),
      },
    ]);
  });

  it('answers every role the same (the library is not split by reseller) and nobody signed out', async () => {
    const admin = (await t.as(t.adminToken).get('/api/catalog/releases')).json();
    for (const role of ['reseller', 'publisher'] as const) {
      const { token } = await createSignedInAccount(t.app, { role });
      const response = await t.as(token).get('/api/catalog/releases');
      expect(response.statusCode, `${role}: ${response.body}`).toBe(200);
      expect(response.json()).toEqual(admin);
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/catalog/releases' })).statusCode).toBe(401);
  });

  it(`stops at ${RELEASES_MAX} of each, the newest`, async () => {
    const films = await createCategory(t.db, { kind: 'movie', name: 'Lote' });
    await t.db.execute(sql`
      insert into content_streams (kind, category_id, name, added_at)
      select 'movie', ${films.id}, 'Lote ' || g, now() - (g || ' minutes')::interval
      from generate_series(1, ${RELEASES_MAX + 10}) g`);
    const body = (await t.as(t.adminToken).get('/api/catalog/releases')).json();
    expect(body.movies).toHaveLength(RELEASES_MAX);
    expect(body.movies[0].title).toBe('Lote 1');
    expect(body.movies.at(-1).title).toBe(`Lote ${RELEASES_MAX}`);
  });
});
