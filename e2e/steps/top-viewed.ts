import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import type { PanelApi } from '../fixtures/api';
import { addM3uSource } from '../fixtures/library';

const PASSWORD = 'Vw7Kp3Lm';
/** The most one view report may carry (the ingest API's `count`). */
const MAX_COUNT = 100_000;

/** A title of the seeded library and the views an edge reports for it today. */
export interface Viewed {
  title: string;
  views: number;
}

/**
 * Movies and series in an order that is neither alphabetical nor the playlist's, so a chart sorted by
 * anything but views shows it. Eleven of each: admins see ten, everyone else five.
 */
const MOVIE_VIEWS = [500, 250_000, 999, 45_000, 50, 1_234, 120_000, 300, 15_950, 100, 200];
const SERIES_VIEWS = [999, 2_500, 300_000, 10, 700, 80_000, 60, 1_000, 30, 400, 90];

/** Most viewed first: what the charts must show. */
export const byViews = (items: readonly Viewed[]) => items.toSorted((a, b) => b.views - a.views);

/**
 * docs/product/screens.md#dashboard: imports eleven movies and eleven one-episode series from an M3U
 * playlist (video URLs make movies; "Name S01 E01" episodes), finds their ids in a line's playlist as a
 * player does, and reports their views through the ingest API with a streaming server's token (decision
 * 0047). Answers the titles with their views.
 */
export async function seedViewedLibrary(
  request: APIRequestContext,
  adminApi: PanelApi,
  tag: string,
): Promise<{ movies: Viewed[]; series: Viewed[] }> {
  const letter = (index: number) => String.fromCharCode(65 + index);
  const movies = MOVIE_VIEWS.map((views, index) => ({ title: `Filme ${tag} ${letter(index)}`, views }));
  const series = SERIES_VIEWS.map((views, index) => ({ title: `Série ${tag} ${letter(index)}`, views }));
  const vod = `http://127.0.0.1:9/vod-${tag}`;
  await addM3uSource(adminApi, `vod-${tag}`, [
    ...movies.map((movie, index) => ({
      title: movie.title,
      url: `${vod}/m${index}.mp4`,
      group: `Filmes ${tag}`,
    })),
    ...series.map((show, index) => ({
      title: `${show.title} S01 E01`,
      url: `${vod}/s${index}e1.mp4`,
      group: `Séries ${tag}`,
    })),
  ]);

  // A line's playlist names every movie and episode with the id its URL carries.
  const username = `vw${tag}`;
  await adminApi.call('POST', '/users', { username, password: PASSWORD, package_id: 17 });
  const playlist = await (
    await request.get(`/get.php?username=${username}&password=${PASSWORD}&type=m3u_plus&output=ts`)
  ).text();
  const lines = playlist.split('\n');
  const idOf = (kind: 'movie' | 'series', title: string) => {
    const at = lines.findIndex((line) => line.startsWith('#EXTINF') && line.includes(title));
    const match = lines[at + 1]?.match(new RegExp(`/${kind}/[^/]+/[^/]+/(\\d+)\\.`));
    expect(match, `${title} in the playlist`).toBeTruthy();
    return Number(match?.[1]);
  };

  const server = await adminApi.call<{ token: string }>('POST', '/admin/streaming-servers', {
    name: `Views ${tag}`,
  });
  const views = [
    ...movies.map((movie) => ({ streamId: idOf('movie', movie.title), views: movie.views })),
    ...series.map((show) => ({ streamId: idOf('series', `${show.title} S01 E01`), views: show.views })),
  ].flatMap(({ streamId, views: total }) =>
    Array.from({ length: Math.ceil(total / MAX_COUNT) }, (_, part) => ({
      stream_id: streamId,
      count: Math.min(MAX_COUNT, total - part * MAX_COUNT),
    })),
  );
  const response = await request.post('/api/ingest/v1/views', {
    headers: { authorization: `Bearer ${server.token}` },
    data: { batch_id: `views-${tag}`, views },
  });
  expect(response.status(), await response.text()).toBe(200);
  const total = views.reduce((sum, view) => sum + view.count, 0);
  expect(await response.json()).toMatchObject({ counted: total, unknown_stream_ids: [] });
  return { movies, series };
}

/** One of the dashboard's bar charts: 'movies' or 'series'. */
export function topViewedChart(page: Page, kind: 'movies' | 'series'): Locator {
  return page.getByTestId(`top-viewed-${kind}-chart`);
}

/**
 * What a chart draws, top to bottom: the titles on its axis, the value printed on each bar and each bar's
 * length in px.
 */
export async function readChart(
  chart: Locator,
): Promise<{ titles: string[]; values: string[]; lengths: number[] }> {
  await expect(chart.locator('.recharts-bar-rectangle').first()).toBeVisible();
  const titles = await chart
    .locator('.recharts-yAxis-tick-labels .recharts-cartesian-axis-tick-value')
    .allTextContents();
  const values = await chart.locator('.recharts-label-list text').allTextContents();
  const boxes = await chart.locator('.recharts-bar-rectangle path').evaluateAll((paths) =>
    paths.map((path) => {
      const box = path.getBoundingClientRect();
      return { top: box.top, width: box.width };
    }),
  );
  const lengths = boxes.toSorted((a, b) => a.top - b.top).map((box) => Math.round(box.width));
  return { titles, values, lengths };
}
