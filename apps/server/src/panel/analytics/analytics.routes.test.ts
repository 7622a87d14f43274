import { ANALYTICS_MESSAGES } from '@panel/shared/analytics/analytics-api';
import { LIST_MESSAGES } from '@panel/shared/lists/list-query';
import { beforeAll, describe, expect, it } from 'vitest';
import { createCategory, createSeries, createStream } from '../../../test/content-factory';
import { createSignedInAccount } from '../../../test/factories';
import { useTestApp } from '../../../test/test-app';
import { addViews, viewDay } from '../../delivery/for-panel';

const t = useTestApp();
const DAY_MS = 86_400_000;
const daysAgo = (days: number) => viewDay(new Date(Date.now() - days * DAY_MS));

/** The library of these tests and its views: today, yesterday, 6, 10, 89, 90 and 100 days ago. */
let library: Awaited<ReturnType<typeof seedLibrary>>;

async function seedLibrary() {
  const db = t.db;
  const films = await createCategory(db, { kind: 'movie', name: 'Filmes' });
  const news = await createCategory(db, { kind: 'live', name: 'Canais' });
  const shows = await createCategory(db, { kind: 'series', name: 'Séries' });
  const movie = (name: string, values: { icon?: string; retiredAt?: Date } = {}) =>
    createStream(db, { kind: 'movie', categoryId: films.id, name, icon: values.icon ?? '', ...values });
  const matrix = await movie('Matrix', { icon: 'http://img/matrix.jpg' });
  const up = await movie('Up');
  const retired = await movie('Filme Retirado', { retiredAt: new Date() });
  const unseen = await movie('Nunca Visto');
  const channel = await createStream(db, {
    kind: 'live',
    categoryId: news.id,
    name: 'Notícias',
    icon: 'logo',
  });
  const allDay = await createStream(db, {
    kind: 'live',
    categoryId: news.id,
    name: 'Simpsons 24h',
    is24h: true,
  });
  const episode = (season: number, number: number) => ({
    season,
    episode: number,
    name: `E${number}`,
    sourceUrls: [],
  });
  const drama = await createSeries(
    db,
    { categoryId: shows.id, name: 'Drama', cover: 'http://img/drama.jpg' },
    [episode(1, 1), episode(1, 2), episode(2, 1)],
  );
  const comedy = await createSeries(db, { categoryId: shows.id, name: 'Comédia' }, [episode(1, 1)]);
  const [d1, d2, d3] = drama.episodes;
  const [c1] = comedy.episodes;
  const at = (days: number, streamId: number, views: number) => ({ day: daysAgo(days), streamId, views });
  await addViews(db, [
    at(0, matrix.id, 5),
    at(1, matrix.id, 3),
    at(0, up.id, 2),
    at(10, up.id, 10),
    at(6, retired.id, 1),
    at(89, retired.id, 4),
    at(90, matrix.id, 50),
    at(100, up.id, 70),
    at(0, channel.id, 7),
    at(0, allDay.id, 9),
    at(0, d1!.id, 4),
    at(1, d2!.id, 4),
    at(20, d3!.id, 2),
    at(0, c1!.id, 6),
  ]);
  return { matrix, up, retired, unseen, channel, allDay, drama: drama.series, comedy: comedy.series };
}

const views = (query: string, token = t.adminToken) => t.as(token).get(`/api/analytics/views?${query}`);

describe('GET /api/analytics/views before anything was watched', () => {
  it('answers an empty list and an empty chart', async () => {
    for (const type of ['streams', 'series', 'channels', 'lives']) {
      expect((await views(`type=${type}`)).json()).toEqual({
        data: [],
        meta: { page: 1, pages: 1, per: 10, total: 0 },
      });
    }
    expect((await t.as(t.adminToken).get('/api/dashboard/top-viewed?period=90')).json()).toEqual({
      period: 90,
      movies: [],
      series: [],
    });
  });
});

describe('GET /api/analytics/views (decision 0047)', () => {
  beforeAll(async () => {
    library = await seedLibrary();
  });

  it('ranks the movies viewed in the whole period (90 days), with their share of the period’s views', async () => {
    const response = await views('');
    expect(response.statusCode).toBe(200);
    const { matrix, up, retired } = library;
    // 8 + 12 + 5 = 25 views; the day 90 days ago and older ones are outside the period.
    expect(response.json()).toEqual({
      data: [
        { id: up.id, title: 'Up', image: '', total: 12, percentage: 48, removal_status: null },
        {
          id: matrix.id,
          title: 'Matrix',
          image: 'http://img/matrix.jpg',
          total: 8,
          percentage: 32,
          removal_status: null,
        },
        {
          id: retired.id,
          title: 'Filme Retirado',
          image: '',
          total: 5,
          percentage: 20,
          removal_status: null,
        },
      ],
      meta: { page: 1, pages: 1, per: 10, total: 3 },
    });
  });

  it('counts today and the days before it for shorter periods', async () => {
    const { matrix, up, retired } = library;
    const rows = async (period: number) =>
      (await views(`type=streams&period=${period}`))
        .json()
        .data.map((row: { id: number; total: number }) => [row.id, row.total]);
    expect(await rows(1)).toEqual([
      [matrix.id, 5],
      [up.id, 2],
    ]);
    expect(await rows(3)).toEqual([
      [matrix.id, 8],
      [up.id, 2],
    ]);
    expect(await rows(7)).toEqual([
      [matrix.id, 8],
      [up.id, 2],
      [retired.id, 1],
    ]);
    expect(await rows(14)).toEqual([
      [up.id, 12],
      [matrix.id, 8],
      [retired.id, 1],
    ]);
  });

  it('gives percentages with 2 decimals', async () => {
    const today = (await views('period=7')).json().data;
    // 8, 2 and 1 of 11 views.
    expect(today.map((row: { percentage: number }) => row.percentage)).toEqual([72.73, 18.18, 9.09]);
  });

  it('sums a series’ episodes under the series, with its name and cover', async () => {
    const { drama, comedy } = library;
    expect((await views('type=series&period=90')).json()).toEqual({
      data: [
        {
          id: drama.id,
          title: 'Drama',
          image: 'http://img/drama.jpg',
          total: 10,
          percentage: 62.5,
          removal_status: null,
        },
        { id: comedy.id, title: 'Comédia', image: '', total: 6, percentage: 37.5, removal_status: null },
      ],
      meta: { page: 1, pages: 1, per: 10, total: 2 },
    });
    expect((await views('type=series&period=3')).json().data).toEqual([
      {
        id: drama.id,
        title: 'Drama',
        image: 'http://img/drama.jpg',
        total: 8,
        percentage: 57.14,
        removal_status: null,
      },
      { id: comedy.id, title: 'Comédia', image: '', total: 6, percentage: 42.86, removal_status: null },
    ]);
  });

  it('keeps channels and 24-hour channels apart', async () => {
    const { channel, allDay } = library;
    expect((await views('type=channels&period=1')).json().data).toEqual([
      { id: channel.id, title: 'Notícias', image: 'logo', total: 7, percentage: 100, removal_status: null },
    ]);
    expect((await views('type=lives&period=1')).json().data).toEqual([
      { id: allDay.id, title: 'Simpsons 24h', image: '', total: 9, percentage: 100, removal_status: null },
    ]);
  });

  it('pages, counts only viewed items, and turns the order with the Views column', async () => {
    const { matrix, up, retired } = library;
    const second = (await views('period=90&per=2&page=2')).json();
    expect(second).toEqual({
      data: [
        {
          id: retired.id,
          title: 'Filme Retirado',
          image: '',
          total: 5,
          percentage: 20,
          removal_status: null,
        },
      ],
      meta: { page: 2, pages: 2, per: 2, total: 3 },
    });
    const beyond = (await views('period=90&per=2&page=5')).json();
    expect(beyond).toEqual({ data: [], meta: { page: 5, pages: 2, per: 2, total: 3 } });
    const fewestFirst = (await views('period=90&order_by=total,asc')).json().data;
    expect(fewestFirst.map((row: { id: number }) => row.id)).toEqual([retired.id, matrix.id, up.id]);
  });

  it('breaks ties by id, so pages never overlap', async () => {
    const channels = await createCategory(t.db, { kind: 'live', name: 'Empates' });
    const tied = [];
    for (const name of ['Empate A', 'Empate B', 'Empate C']) {
      tied.push(await createStream(t.db, { kind: 'live', categoryId: channels.id, name, is24h: true }));
    }
    await addViews(
      t.db,
      tied.map((stream) => ({ day: daysAgo(2), streamId: stream.id, views: 9 })),
    );
    const page = async (number: number) =>
      (await views(`type=lives&period=3&per=2&page=${number}`))
        .json()
        .data.map((row: { id: number }) => row.id);
    expect([...(await page(1)), ...(await page(2))]).toEqual([
      library.allDay.id,
      ...tied.map((row) => row.id),
    ]);
  });

  it('answers an empty page past the last one, with the period’s totals', async () => {
    expect((await views('type=streams&period=1&page=2')).json()).toEqual({
      data: [],
      meta: { page: 2, pages: 1, per: 10, total: 2 },
    });
  });

  it('sums a small ranking again on every read: a view shows at once', async () => {
    const before = (await views('type=channels&period=30')).json();
    expect(before.data).toEqual([
      {
        id: library.channel.id,
        title: 'Notícias',
        image: 'logo',
        total: 7,
        percentage: 100,
        removal_status: null,
      },
    ]);
    const category = await createCategory(t.db, { kind: 'live', name: 'Novos' });
    const fresh = await createStream(t.db, { kind: 'live', categoryId: category.id, name: 'Estreia' });
    await addViews(t.db, [{ day: daysAgo(0), streamId: fresh.id, views: 1 }]);
    expect((await views('type=channels&period=30')).json().data).toEqual([
      {
        id: library.channel.id,
        title: 'Notícias',
        image: 'logo',
        total: 7,
        percentage: 87.5,
        removal_status: null,
      },
      { id: fresh.id, title: 'Estreia', image: '', total: 1, percentage: 12.5, removal_status: null },
    ]);
  });

  it('opens for admins and publishers only', async () => {
    const publisher = await createSignedInAccount(t.app, { role: 'publisher' });
    const reseller = await createSignedInAccount(t.app);
    expect((await views('', publisher.token)).statusCode).toBe(200);
    expect((await views('', reseller.token)).statusCode).toBe(403);
    expect((await t.as(undefined).get('/api/analytics/views')).statusCode).toBe(401);
  });

  it('refuses unknown types, periods and orders in Portuguese, naming the field', async () => {
    const refusal = async (query: string) => {
      const response = await views(query);
      expect(response.statusCode, query).toBe(400);
      const { message, field } = response.json();
      return [message, field];
    };
    expect(await refusal('type=movies')).toEqual([ANALYTICS_MESSAGES.invalidType, 'type']);
    for (const period of ['5', '0', '-7', 'abc', '7.5', '']) {
      expect(await refusal(`period=${period}`)).toEqual([ANALYTICS_MESSAGES.invalidPeriod, 'period']);
    }
    expect(await refusal('order_by=title,asc')).toEqual([LIST_MESSAGES.invalidOrder, 'order_by']);
    expect(await refusal('per=1000')).toEqual([LIST_MESSAGES.invalidPer, 'per']);
  });
});

describe('GET /api/dashboard/top-viewed (decision 0047)', () => {
  it('lists the most viewed movies and series of the last 7 days: 10 rows for admins, 5 for others', async () => {
    const films = await createCategory(t.db, { kind: 'movie', name: 'Top' });
    const many = [];
    for (let index = 0; index < 12; index++) {
      many.push(await createStream(t.db, { kind: 'movie', categoryId: films.id, name: `Top ${index}` }));
    }
    // Top 0 has 100 views, Top 1 99 … all above the library's other movies (8 at most in 7 days).
    await addViews(
      t.db,
      many.map((stream, index) => ({ day: daysAgo(index % 7), streamId: stream.id, views: 100 - index })),
    );
    const reseller = await createSignedInAccount(t.app);

    const admin = (await t.as(t.adminToken).get('/api/dashboard/top-viewed')).json();
    expect(admin.period).toBe(7);
    expect(admin.movies).toHaveLength(10);
    expect(admin.movies[0]).toEqual({ id: many[0]!.id, title: 'Top 0', image: '', total: 100 });
    expect(admin.movies.map((row: { id: number }) => row.id)).toEqual(many.slice(0, 10).map((row) => row.id));
    expect(admin.series).toEqual([
      { id: library.drama.id, title: 'Drama', image: 'http://img/drama.jpg', total: 8 },
      { id: library.comedy.id, title: 'Comédia', image: '', total: 6 },
    ]);

    const others = (await t.as(reseller.token).get('/api/dashboard/top-viewed')).json();
    expect(others.movies).toEqual(admin.movies.slice(0, 5));
    expect(others.series).toEqual(admin.series);
    // A publisher sees the dashboard too, with a non-admin's five rows (decision 0058).
    const publisher = await createSignedInAccount(t.app, { role: 'publisher' });
    expect((await t.as(publisher.token).get('/api/dashboard/top-viewed')).json()).toEqual(others);

    const today = (await t.as(reseller.token).get('/api/dashboard/top-viewed?period=1')).json();
    expect(today.period).toBe(1);
    expect(today.movies.map((row: { total: number }) => row.total)).toEqual([100, 93, 5, 2]);
    expect((await t.as(reseller.token).get('/api/dashboard/top-viewed?period=2')).json()).toMatchObject({
      message: ANALYTICS_MESSAGES.invalidPeriod,
      field: 'period',
    });
    expect((await t.as(undefined).get('/api/dashboard/top-viewed')).statusCode).toBe(401);
  });
});
