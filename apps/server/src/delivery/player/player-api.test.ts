import type { AddressInfo } from 'node:net';
import { Xtream } from '@iptv/xtream-api';
import { standardizedSerializer } from '@iptv/xtream-api/standardized';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contentCategories, contentStreams } from '../../db/schema';
import {
  createCategory,
  createGuide,
  createSeries,
  createStream,
  libraryFromUpstream,
} from '../../../test/content-factory';
import { createAccount, createLine, daysFromNow } from '../../../test/factories';
import { useTestApp } from '../../../test/test-app';
import { startXtreamUpstream, type XtreamUpstream } from '../../../test/upstream/xtream-upstream';

/**
 * The player API through the real server on a real port, read by the real client library
 * (@iptv/xtream-api 1.4.1, raw and standardized) and checked field by field against the contract's types
 * (docs/product/api.md#player-api, decision 0039).
 */
const t = useTestApp();
let upstream: XtreamUpstream;
let base = '';
let library: Awaited<ReturnType<typeof libraryFromUpstream>>;
const line = { username: '', password: '' };
const foreign = { movie: 0, live: 0, series: 0 };
const adult = { movie: 0, category: 0 };
const retired = { movie: 0, series: 0, episode: 0, categoryMovie: 0 };

type Json = Record<string, unknown>;

async function api(
  query: string,
  credentials = line,
): Promise<{ status: number; body: unknown; headers: Headers }> {
  const response = await fetch(
    `${base}/player_api.php?username=${encodeURIComponent(credentials.username)}` +
      `&password=${encodeURIComponent(credentials.password)}${query}`,
  );
  return { status: response.status, body: await response.json(), headers: response.headers };
}

// ---- The contract's types, as a table ----
type Check = (value: unknown) => boolean;
const digits: Check = (value) => typeof value === 'string' && /^\d+$/.test(value);
const string: Check = (value) => typeof value === 'string';
const nonEmpty: Check = (value) => typeof value === 'string' && value.length > 0;
const number: Check = (value) => typeof value === 'number' && Number.isFinite(value);
const integer: Check = (value) => Number.isInteger(value);
const stringOrNull: Check = (value) => value === null || typeof value === 'string';
const numberArray: Check = (value) => Array.isArray(value) && value.every((item) => typeof item === 'number');
const stringArray: Check = (value) => Array.isArray(value) && value.every((item) => typeof item === 'string');
const object: Check = (value) => typeof value === 'object' && value !== null && !Array.isArray(value);
const exactly =
  (expected: unknown): Check =>
  (value) =>
    value === expected;
const dateTime: Check = (value) =>
  typeof value === 'string' && /^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/.test(value);
const base64: Check = (value) =>
  typeof value === 'string' && Buffer.from(value, 'base64').toString('base64') === value;
const zeroOrOne: Check = (value) => value === 0 || value === 1;
const intDigitsOrEmpty: Check = (value) => value === '' || (typeof value === 'string' && /^\d+$/.test(value));

const CONTRACT: Record<string, Record<string, Check>> = {
  user_info: {
    username: string,
    password: string,
    message: string,
    auth: exactly(1),
    status: exactly('Active'),
    exp_date: digits,
    is_trial: (value) => value === '0' || value === '1',
    active_cons: exactly('0'),
    created_at: digits,
    max_connections: digits,
    allowed_output_formats: (value) =>
      stringArray(value) && (value as string[]).includes('ts') && (value as string[]).includes('m3u8'),
  },
  server_info: {
    url: nonEmpty,
    port: digits,
    https_port: digits,
    server_protocol: (value) => value === 'http' || value === 'https',
    rtmp_port: digits,
    timezone: exactly('UTC'),
    timestamp_now: integer,
    time_now: dateTime,
    process: exactly(true),
  },
  category: { category_id: digits, category_name: nonEmpty, parent_id: exactly(0) },
  live: {
    num: number,
    name: nonEmpty,
    stream_type: exactly('live'),
    stream_id: integer,
    stream_icon: string,
    epg_channel_id: stringOrNull,
    added: digits,
    category_id: digits,
    category_ids: numberArray,
    custom_sid: stringOrNull,
    tv_archive: zeroOrOne,
    direct_source: string,
    tv_archive_duration: (value) => number(value) || digits(value),
  },
  vod: {
    num: number,
    name: nonEmpty,
    stream_type: exactly('movie'),
    stream_id: integer,
    stream_icon: string,
    rating: (value) => string(value) || number(value),
    rating_5based: number,
    added: digits,
    category_id: digits,
    category_ids: numberArray,
    container_extension: nonEmpty,
    custom_sid: stringOrNull,
    direct_source: string,
  },
  series: {
    num: number,
    name: nonEmpty,
    series_id: integer,
    cover: string,
    plot: stringOrNull,
    cast: stringOrNull,
    director: stringOrNull,
    genre: stringOrNull,
    releaseDate: stringOrNull,
    last_modified: digits,
    rating: intDigitsOrEmpty,
    rating_5based: number,
    backdrop_path: stringArray,
    youtube_trailer: string,
    episode_run_time: string,
    category_id: digits,
    category_ids: numberArray,
  },
  movie_data: {
    stream_id: integer,
    name: nonEmpty,
    added: digits,
    category_id: digits,
    category_ids: numberArray,
    container_extension: nonEmpty,
    direct_source: string,
  },
  vod_info: {
    backdrop_path: stringArray,
    duration_secs: number,
    duration: (value) => typeof value === 'string' && /^\d\d:\d\d:\d\d$/.test(value),
    bitrate: number,
    tmdb_id: (value) => string(value) || number(value),
  },
  season: { id: integer, name: nonEmpty, season_number: integer },
  episode: {
    id: digits,
    episode_num: integer,
    title: nonEmpty,
    container_extension: nonEmpty,
    info: object,
    season: integer,
    added: digits,
    custom_sid: stringOrNull,
    direct_source: string,
  },
  epg: {
    id: digits,
    epg_id: digits,
    title: base64,
    description: base64,
    lang: string,
    start: dateTime,
    end: dateTime,
    stop: dateTime,
    start_timestamp: digits,
    stop_timestamp: digits,
    channel_id: nonEmpty,
  },
};

/** The fields of `value` that break the contract's table `name` (empty when all fit). */
function contractErrors(name: string, value: unknown): string[] {
  if (!object(value)) return [`${name}: not an object`];
  const record = value as Json;
  return Object.entries(CONTRACT[name]!)
    .filter(([field, check]) => !(field in record) || !check(record[field]))
    .map(([field]) => `${name}.${field} = ${JSON.stringify(record[field])}`);
}

function expectContract(name: string, items: unknown): void {
  const list = Array.isArray(items) ? items : [items];
  expect(list.flatMap((item) => contractErrors(name, item))).toEqual([]);
}

beforeAll(async () => {
  upstream = await startXtreamUpstream();
  library = await libraryFromUpstream(t.app, upstream, { deliveryMode: 'redirect' });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  const owner = await createAccount(t.app);
  // A password the panel allows but raw URLs choke on (decision 0037).
  const row = await createLine(t.app, owner, { password: 'a?b@c!9', bouquets: [1, 2] });
  Object.assign(line, { username: row.username, password: row.password });

  const db = t.db;
  // Bouquet 3 is not the line's: everything there stays invisible.
  const otherLive = await createCategory(db, { kind: 'live', name: 'Outro Pacote', bouquetIds: [3] });
  const otherMovies = await createCategory(db, { kind: 'movie', name: 'Filmes Outros', bouquetIds: [3] });
  const otherSeries = await createCategory(db, { kind: 'series', name: 'Séries Outras', bouquetIds: [3] });
  foreign.live = (
    await createStream(db, {
      kind: 'live',
      categoryId: otherLive.id,
      name: 'Canal Alheio',
      epgChannelId: 'alheio.br',
    })
  ).id;
  await createGuide(db, 'alheio.br', 'Canal Alheio');
  foreign.movie = (
    await createStream(db, {
      kind: 'movie',
      categoryId: otherMovies.id,
      name: 'Filme Alheio',
      containerExtension: 'mkv',
    })
  ).id;
  foreign.series = (
    await createSeries(db, { categoryId: otherSeries.id, name: 'Série Alheia' }, [
      { season: 1, episode: 1, name: 'Série Alheia - S01E01', sourceUrls: [] },
    ])
  ).series.id;
  // Bouquet 6 is the adult one.
  const adultMovies = await createCategory(db, {
    kind: 'movie',
    name: 'Adultos',
    bouquetIds: [6],
    isAdult: true,
  });
  adult.category = adultMovies.id;
  adult.movie = (
    await createStream(db, { kind: 'movie', categoryId: adultMovies.id, name: 'Filme Adulto' })
  ).id;
  // Retired rows inside the line's bouquets.
  retired.movie = (
    await createStream(db, {
      kind: 'movie',
      categoryId: library.categories.action.id,
      name: 'Filme Aposentado',
      retiredAt: new Date(),
    })
  ).id;
  const gone = await createSeries(
    db,
    { categoryId: library.categories.drama.id, name: 'Série Aposentada', retiredAt: new Date() },
    [{ season: 1, episode: 1, name: 'Série Aposentada - S01E01', sourceUrls: [] }],
  );
  retired.series = gone.series.id;
  const retiredEpisode = await createStream(db, {
    kind: 'episode',
    seriesId: library.series.id,
    seasonNumber: 3,
    episodeNumber: 1,
    name: 'Série Teste - S03E01',
    retiredAt: new Date(),
  });
  retired.episode = retiredEpisode.id;
  const retiredCategory = await createCategory(db, {
    kind: 'movie',
    name: 'Categoria Aposentada',
    bouquetIds: [1],
  });
  await db
    .update(contentCategories)
    .set({ retiredAt: new Date() })
    .where(eq(contentCategories.id, retiredCategory.id));
  retired.categoryMovie = (
    await createStream(db, {
      kind: 'movie',
      categoryId: retiredCategory.id,
      name: 'Filme de Categoria Aposentada',
    })
  ).id;
});

afterAll(async () => {
  await upstream?.close();
});

describe('player_api.php: login block [a1, a2]', () => {
  it('answers the same login block for no action, empty, unknown, get_profile and get_server_info', async () => {
    for (const query of ['', '&action=', '&action=nope', '&action=get_profile', '&action=get_server_info']) {
      const { status, body, headers } = await api(query);
      expect(status).toBe(200);
      expect(headers.get('content-type')).toMatch(/^application\/json/);
      const login = body as Json;
      expectContract('user_info', login.user_info);
      expectContract('server_info', login.server_info);
      const user = login.user_info as Json;
      expect(user.username).toBe(line.username);
      expect(user.password).toBe(line.password);
      expect(Number(user.exp_date) * 1000).toBeGreaterThan(Date.now());
      const server = login.server_info as Json;
      expect(server.url).toBe('127.0.0.1');
      expect(server.port).toBe(new URL(base).port);
      expect(Math.abs((server.timestamp_now as number) - Date.now() / 1000)).toBeLessThan(3600);
    }
  });

  it('is read by @iptv/xtream-api (raw and standardized)', async () => {
    const raw = new Xtream({ url: base, username: line.username, password: line.password });
    const profile = await raw.getProfile();
    expect(profile.username).toBe(line.username);
    expect(profile.auth).toBe(1);
    const server = await raw.getServerInfo();
    expect(server.timezone).toBe('UTC');

    const standard = new Xtream({
      url: base,
      username: line.username,
      password: line.password,
      serializer: standardizedSerializer,
    });
    const standardProfile = await standard.getProfile();
    expect(standardProfile.maxConnections).toBe(1);
    expect(standardProfile.activeConnections).toBe(0);
    expect(standardProfile.expiresAt.getTime()).toBeGreaterThan(Date.now());
    expect((await standard.getServerInfo()).serverProtocol).toBe('http');
  });
});

describe('player_api.php: library [b1–b7, c1, c2]', () => {
  it('lists categories, live streams, movies and series with the contract types', async () => {
    for (const action of ['get_live_categories', 'get_vod_categories', 'get_series_categories']) {
      const { body } = await api(`&action=${action}`);
      expect((body as unknown[]).length).toBe(1);
      expectContract('category', body);
    }
    const live = (await api('&action=get_live_streams')).body as Json[];
    expectContract('live', live);
    expect(live.map((item) => item.stream_id)).toEqual([library.live.id]);
    expect(live[0]).toMatchObject({
      name: 'Notícias Um',
      epg_channel_id: 'noticias1.br',
      category_id: String(library.categories.news.id),
      category_ids: [library.categories.news.id],
    });

    const movies = (await api('&action=get_vod_streams')).body as Json[];
    expectContract('vod', movies);
    expect(movies.map((item) => item.stream_id)).toEqual([library.movie.id]);
    expect(movies[0]).toMatchObject({ container_extension: 'mp4', name: 'Filme Teste' });

    const series = (await api('&action=get_series')).body as Json[];
    expectContract('series', series);
    expect(series.map((item) => item.series_id)).toEqual([library.series.id]);
    expect(series[0]!.backdrop_path).toEqual([]);
  });

  it('filters by category_id and puts every item under its category', async () => {
    const news = library.categories.news.id;
    const inNews = (await api(`&action=get_live_streams&category_id=${news}`)).body as Json[];
    expect(inNews.map((item) => item.stream_id)).toEqual([library.live.id]);
    const elsewhere = (await api(`&action=get_live_streams&category_id=${library.categories.action.id}`))
      .body as Json[];
    expect(elsewhere).toEqual([]);
    const movies = (await api(`&action=get_vod_streams&category_id=${library.categories.action.id}`))
      .body as Json[];
    expect(movies.map((item) => item.stream_id)).toEqual([library.movie.id]);
    expect((await api('&action=get_series&category_id=abc')).body).toEqual([]);
    expect((await api('&action=get_vod_streams&category_id=99999999999')).body).toEqual([]);
  });

  it('answers get_vod_info with info and movie_data objects', async () => {
    const { body } = await api(`&action=get_vod_info&vod_id=${library.movie.id}`);
    const answer = body as Json;
    expectContract('movie_data', answer.movie_data);
    expectContract('vod_info', answer.info);
    expect(answer.movie_data).toMatchObject({ stream_id: library.movie.id, container_extension: 'mp4' });
    expect(answer.info).toMatchObject({
      tmdb_id: '603',
      duration_secs: 4,
      duration: '00:00:04',
      backdrop_path: [],
    });
  });

  it('answers get_series_info with seasons, info and episodes keyed by season', async () => {
    const { body } = await api(`&action=get_series_info&series_id=${library.series.id}`);
    const answer = body as Json;
    expect(Object.keys(answer).sort()).toEqual(['episodes', 'info', 'seasons']);
    expectContract('season', answer.seasons);
    expect((answer.seasons as Json[]).map((season) => season.season_number)).toEqual([1, 2]);
    const info = answer.info as Json;
    expect(info.backdrop_path).toEqual([]);
    expect(info.category_id).toBe(String(library.categories.drama.id));
    const episodes = answer.episodes as Record<string, Json[]>;
    expect(Array.isArray(episodes)).toBe(false);
    expect(Object.keys(episodes)).toEqual(['1', '2']);
    for (const [season, list] of Object.entries(episodes)) {
      expectContract('episode', list);
      for (const episode of list) expect(episode.season).toBe(Number(season));
    }
    expect(episodes['1']!.map((episode) => episode.id)).toEqual(
      library.episodes.slice(0, 2).map((episode) => String(episode.id)),
    );
    expect(episodes['1']!.map((episode) => episode.episode_num)).toEqual([1, 2]);
    // The retired episode (season 3) is not there.
    expect(JSON.stringify(answer)).not.toContain(String(retired.episode) + '"');
  });

  it('answers get_short_epg (default limit 4, base64) and get_simple_data_table', async () => {
    const short = (await api(`&action=get_short_epg&stream_id=${library.live.id}`)).body as Json;
    const listings = short.epg_listings as Json[];
    // createGuide wrote 4 hour slots from an hour ago: the first one ended already.
    expect(listings.length).toBe(3);
    expectContract('epg', listings);
    expect(Buffer.from(listings[0]!.title as string, 'base64').toString('utf8')).toBe(
      'Notícias Um programa 2',
    );
    expect(Buffer.from(listings[0]!.description as string, 'base64').toString('utf8')).toBe(
      'Descrição 2 & mais',
    );
    expect(Number(listings[0]!.stop_timestamp)).toBeGreaterThan(Date.now() / 1000);
    for (const listing of listings) {
      expect(listing.channel_id).toBe('noticias1.br');
      expect(Number(listing.stop_timestamp)).toBeGreaterThan(Number(listing.start_timestamp));
    }
    const limited = (await api(`&action=get_short_epg&stream_id=${library.live.id}&limit=1`)).body as Json;
    expect((limited.epg_listings as unknown[]).length).toBe(1);

    const table = (await api(`&action=get_simple_data_table&stream_id=${library.live.id}`)).body as Json;
    const rows = table.epg_listings as Json[];
    expect(rows.length).toBe(4);
    expectContract('epg', rows);
    expect(rows.map((row) => row.now_playing)).toEqual([0, 1, 0, 0]);
    expect(rows.every((row) => row.has_archive === 0)).toBe(true);

    const none = (await api(`&action=get_short_epg&stream_id=${library.movie.id}`)).body;
    expect(none).toEqual({ epg_listings: [] });
  });

  it('is read by @iptv/xtream-api with its standardized serializer', async () => {
    const xtream = new Xtream({
      url: base,
      username: line.username,
      password: line.password,
      serializer: standardizedSerializer,
    });
    const categories = await xtream.getChannelCategories();
    expect(categories).toEqual([{ id: String(library.categories.news.id), name: 'Notícias', parentId: '0' }]);
    expect((await xtream.getMovieCategories()).map((category) => category.name)).toEqual(['Filmes de Ação']);
    expect((await xtream.getShowCategories()).map((category) => category.name)).toEqual(['Séries Drama']);

    const channels = await xtream.getChannels();
    expect(channels).toHaveLength(1);
    expect(channels[0]).toMatchObject({
      id: String(library.live.id),
      epgId: 'noticias1.br',
      name: 'Notícias Um',
    });
    // The client builds live URLs from allowed_output_formats; credentials go in unencoded (its choice).
    expect(channels[0]!.url).toBe(`${base}/live/${line.username}/${line.password}/${library.live.id}.ts`);

    const movies = await xtream.getMovies({ categoryId: String(library.categories.action.id) });
    expect(movies.map((movie) => movie.id)).toEqual([String(library.movie.id)]);
    const movie = await xtream.getMovie({ movieId: library.movie.id });
    expect(movie).toMatchObject({ id: String(library.movie.id), tmdbId: '603', duration: 4 });
    expect(movie.url).toBe(`${base}/movie/${line.username}/${line.password}/${library.movie.id}.mp4`);

    const shows = await xtream.getShows();
    expect(shows.map((show) => show.id)).toEqual([String(library.series.id)]);
    const show = await xtream.getShow({ showId: library.series.id });
    expect(show.seasons.map((season) => season.episodes?.length)).toEqual([2, 1]);
    expect(show.seasons[0]!.episodes![0]!.url).toBe(
      `${base}/series/${line.username}/${line.password}/${library.episodes[0]!.id}.mp4`,
    );

    const epg = await xtream.getShortEPG({ channelId: library.live.id });
    // The library decodes with atob (bytes as Latin-1); the bytes are the UTF-8 of the titles.
    expect(epg.map((item) => Buffer.from(item.title, 'latin1').toString('utf8'))).toEqual([
      'Notícias Um programa 2',
      'Notícias Um programa 3',
      'Notícias Um programa 4',
    ]);
    const full = await xtream.getFullEPG({ channelId: library.live.id });
    const playing = full.filter((item) => item.nowPlaying);
    expect(playing.map((item) => Buffer.from(item.title, 'latin1').toString('utf8'))).toEqual([
      'Notícias Um programa 2',
    ]);
  });

  it('is read by @iptv/xtream-api without a serializer, and reports what it cannot find', async () => {
    const xtream = new Xtream({ url: base, username: line.username, password: line.password });
    const movies = await xtream.getMovies();
    expect(movies.map((movie) => movie.stream_id)).toEqual([library.movie.id]);
    const show = await xtream.getShow({ showId: library.series.id });
    expect(Object.keys(show.episodes)).toEqual(['1', '2']);
    await expect(xtream.getMovie({ movieId: foreign.movie })).rejects.toThrow('Movie Not Found');
    await expect(xtream.getShow({ showId: foreign.series })).rejects.toThrow('Show Not Found');
  });
});

describe('player_api.php: what a line sees (docs/product/rules.md#line-content)', () => {
  it('never shows items of other bouquets, adult ones, retired ones, in any action', async () => {
    const live = (await api('&action=get_live_streams')).body as Json[];
    const movies = (await api('&action=get_vod_streams')).body as Json[];
    const series = (await api('&action=get_series')).body as Json[];
    expect(live.map((item) => item.stream_id)).toEqual([library.live.id]);
    expect(movies.map((item) => item.stream_id)).toEqual([library.movie.id]);
    expect(series.map((item) => item.series_id)).toEqual([library.series.id]);
    const listed = JSON.stringify([live, movies, series]);
    for (const name of ['Alheio', 'Alheia', 'Adulto', 'Aposentad']) expect(listed).not.toContain(name);
    const categories = await Promise.all(
      ['get_live_categories', 'get_vod_categories', 'get_series_categories'].map(
        async (action) => (await api(`&action=${action}`)).body as Json[],
      ),
    );
    const names = categories.flat().map((category) => category.category_name);
    expect(names).toEqual(['Notícias', 'Filmes de Ação', 'Séries Drama']);

    for (const id of [foreign.movie, adult.movie, retired.movie, retired.categoryMovie, library.live.id, 0]) {
      expect((await api(`&action=get_vod_info&vod_id=${id}`)).body).toEqual({ info: [], movie_data: [] });
    }
    for (const id of [foreign.series, retired.series]) {
      const answer = (await api(`&action=get_series_info&series_id=${id}`)).body as Json;
      expect(answer.seasons).toEqual([]);
      expect((answer.info as Json).name).toBeNull();
      expect(answer.episodes).toEqual({});
    }
    const foreignGuide = (await api(`&action=get_short_epg&stream_id=${foreign.live}`)).body;
    expect(foreignGuide).toEqual({ epg_listings: [] });
    const foreignTable = (await api(`&action=get_simple_data_table&stream_id=${foreign.live}`)).body;
    expect(foreignTable).toEqual({ epg_listings: [] });
    // A foreign category asked for by id shows nothing either.
    expect((await api(`&action=get_vod_streams&category_id=${adult.category}`)).body).toEqual([]);
  });

  it('shows the adult bouquet to a line that has it', async () => {
    const owner = await createAccount(t.app);
    const row = await createLine(t.app, owner, { bouquets: [1, 6] });
    const credentials = { username: row.username, password: row.password };
    const movies = (await api('&action=get_vod_streams', credentials)).body as Json[];
    expect(movies.map((item) => item.stream_id).sort()).toEqual([library.movie.id, adult.movie].sort());
    const info = (await api(`&action=get_vod_info&vod_id=${adult.movie}`, credentials)).body as Json;
    expect((info.movie_data as Json).stream_id).toBe(adult.movie);
  });

  it('follows a series’ category for its episodes and updates at once when a row retires', async () => {
    const episode = library.episodes[2]!;
    await t.db.update(contentStreams).set({ retiredAt: new Date() }).where(eq(contentStreams.id, episode.id));
    const answer = (await api(`&action=get_series_info&series_id=${library.series.id}`)).body as Json;
    expect(Object.keys(answer.episodes as Json)).toEqual(['1']);
    await t.db.update(contentStreams).set({ retiredAt: null }).where(eq(contentStreams.id, episode.id));
  });
});

describe('player_api.php: refusals [g1–g5]', () => {
  it('answers auth 0 for an unknown user, a wrong password or no credentials', async () => {
    for (const credentials of [
      { username: 'ninguem', password: line.password },
      { username: line.username, password: 'errada' },
      { username: line.username, password: '' },
      { username: '', password: '' },
    ]) {
      for (const action of ['', '&action=get_live_streams', '&action=get_vod_streams']) {
        const { status, body } = await api(action, credentials);
        expect(status).toBe(200);
        expect(body).toEqual({ user_info: { auth: 0 } });
      }
    }
    const bare = await fetch(`${base}/player_api.php`);
    expect(await bare.json()).toEqual({ user_info: { auth: 0 } });
  });

  it('answers expired, banned and disabled lines with their status and never any content', async () => {
    const owner = await createAccount(t.app);
    const cases = [
      { status: 'Expired', overrides: { expDate: daysFromNow(-1) } },
      { status: 'Banned', overrides: { enabled: 0 } },
      { status: 'Disabled', overrides: { system: 2 } },
    ] as const;
    for (const { status, overrides } of cases) {
      const row = await createLine(t.app, owner, overrides);
      const credentials = { username: row.username, password: row.password };
      for (const action of [
        '',
        '&action=get_live_streams',
        '&action=get_vod_streams',
        '&action=get_series',
        '&action=get_live_categories',
        `&action=get_vod_info&vod_id=${library.movie.id}`,
        `&action=get_series_info&series_id=${library.series.id}`,
        `&action=get_short_epg&stream_id=${library.live.id}`,
      ]) {
        const { status: code, body } = await api(action, credentials);
        expect(code).toBe(200);
        const answer = body as Json;
        expect(Object.keys(answer).sort()).toEqual(['server_info', 'user_info']);
        expect(answer.user_info).toMatchObject({ auth: 1, status, username: row.username });
      }
    }
  });
});

describe('player_api.php: credentials and CORS [a3]', () => {
  it('decodes percent-encoded credentials and takes raw `@` and `?` in the password', async () => {
    // fetch() leaves `?` and `@` of a query as they are: the raw form most clients send.
    const raw = await fetch(`${base}/player_api.php?username=${line.username}&password=${line.password}`);
    expect(((await raw.json()) as Json).user_info).toMatchObject({ auth: 1, password: 'a?b@c!9' });
    const encoded = await fetch(
      `${base}/player_api.php?username=${encodeURIComponent(line.username)}&password=a%3Fb%40c%219`,
    );
    expect(((await encoded.json()) as Json).user_info).toMatchObject({ auth: 1 });
  });

  it('sends Access-Control-Allow-Origin and answers the preflight', async () => {
    const { headers } = await api('&action=get_live_categories');
    expect(headers.get('access-control-allow-origin')).toBe('*');
    expect(headers.get('content-security-policy')).toContain("default-src 'none'");
    // Decision 0063 (was none in 0039): answers hold the line's password.
    expect(headers.get('cache-control')).toBe('no-store');
    for (const path of ['/player_api.php', '/get.php', '/xmltv.php']) {
      const preflight = await fetch(`${base}${path}?username=x&password=y`, {
        method: 'OPTIONS',
        headers: {
          Origin: 'https://player.example',
          'Access-Control-Request-Method': 'GET',
          'Access-Control-Request-Headers': 'content-type',
        },
      });
      expect(preflight.status).toBe(204);
      expect(preflight.headers.get('access-control-allow-origin')).toBe('*');
      expect(preflight.headers.get('access-control-allow-headers')?.toLowerCase()).toContain('content-type');
      expect(preflight.headers.get('access-control-allow-methods')).toContain('GET');
    }
  });
});
