import type { APIRequestContext, Page } from '@playwright/test';
import type { TopViewed } from '@panel/shared/analytics/analytics-api';
import { formatChartCount } from '@panel/shared/ui/ui-constants';
import type { PanelApi } from '../fixtures/api';
import { LAPTOP, openPhone } from '../fixtures/devices';
import { loginAs } from '../fixtures/session';
import { expect, test } from '../fixtures/test';
import { byViews, readChart, seedViewedLibrary, topViewedChart, type Viewed } from '../steps/top-viewed';
import { shot } from '../fixtures/shot';

// docs/product/screens.md#dashboard and #top-bar (decision 0058): the top-viewed bar charts fed by views an
// edge reports through the ingest API — most viewed on top, values as k above 999, ten rows for the admin and
// five for a reseller — and the content-updates drawer: its two lists of the library's newest movies and
// series scrolling at 180 px, 'Copiar' (the real clipboard) and 'Enviar no WhatsApp' (a wa.me link carrying
// the list). The chart library and the drawer are lazy chunks. Screenshots at 1366×768 and 390×844.
const K = {
  250_000: '250k',
  120_000: '120k',
  45_000: '45k',
  15_950: '16k',
  1_234: '1,2k',
  300_000: '300k',
  80_000: '80k',
  2_500: '2,5k',
  1_000: '1k',
} as Record<number, string>;
const label = (item: Viewed) => K[item.views] ?? String(item.views);

let library: Promise<{ movies: Viewed[]; series: Viewed[] }> | undefined;
/** One library for the file: the first journey to run seeds it. */
function seeded(request: APIRequestContext, adminApi: PanelApi) {
  library ??= seedViewedLibrary(request, adminApi, String(Date.now() % 1_000_000));
  return library;
}

/** The dashboard's own request for the charts: what the page draws. */
function topViewedAnswer(page: Page): Promise<TopViewed> {
  return page
    .waitForResponse((response) => new URL(response.url()).pathname === '/api/dashboard/top-viewed')
    .then((response) => response.json() as Promise<TopViewed>);
}

/**
 * The charts draw the server's ranking row for row: titles most viewed on top, each bar's value as k above
 * 999, bars shorter down the chart. The ranking is the whole library's, which the other journeys' views
 * share, so this file's titles are checked within it: each with the views the edge reported, in views order,
 * the most viewed of them (250k movies, 300k series, above any other journey's) on the chart.
 */
async function expectCharts(
  page: Page,
  answer: TopViewed,
  seededLibrary: { movies: Viewed[]; series: Viewed[] },
  rows: number,
) {
  for (const kind of ['movies', 'series'] as const) {
    const ranked = answer[kind];
    expect(ranked).toHaveLength(rows);
    const chart = await readChart(topViewedChart(page, kind));
    const seededViews = new Map(seededLibrary[kind].map((item) => [item.title, item.views]));
    // The axis cuts long titles with '...' (other journeys' titles may be long; this file's are not).
    expect(chart.titles, `${kind}: titles, most viewed on top`).toEqual(
      ranked.map((row, index) => {
        const drawn = chart.titles[index] ?? '';
        const cut = !seededViews.has(row.title) && drawn.endsWith('...');
        return cut && row.title.startsWith(drawn.slice(0, -3)) ? drawn : row.title;
      }),
    );
    expect(chart.values, `${kind}: values, k above 999`).toEqual(
      ranked.map((row) => {
        const views = seededViews.get(row.title);
        return views === undefined ? formatChartCount(row.total) : label({ title: row.title, views });
      }),
    );
    const ours = ranked.filter((row) => seededViews.has(row.title));
    for (const row of ours) expect(row.total, row.title).toBe(seededViews.get(row.title));
    expect(ours.map((row) => row.title)).toEqual(
      byViews(seededLibrary[kind])
        .map((item) => item.title)
        .filter((title) => ours.some((row) => row.title === title)),
    );
    expect(chart.titles).toContain(byViews(seededLibrary[kind])[0]?.title);
    expect(chart.lengths).toHaveLength(rows);
    expect(chart.lengths, `${kind}: bars shorter down the chart`).toEqual(
      chart.lengths.toSorted((a, b) => b - a),
    );
    expect(chart.lengths[0]).toBeGreaterThan(chart.lengths[rows - 1] ?? 0);
  }
}

async function openDrawer(page: Page, movies: readonly Viewed[], series: readonly Viewed[]) {
  await page.getByRole('button', { name: 'Novidades' }).click();
  const drawer = page.getByRole('dialog', { name: 'Novidades' });
  await expect(drawer).toBeVisible();
  await expect(drawer.getByRole('heading', { name: 'Novos filmes' })).toBeVisible();
  await expect(drawer.getByRole('heading', { name: 'Novas séries' })).toBeVisible();
  const movieList = drawer.getByTestId('releases-movies');
  const seriesList = drawer.getByTestId('releases-series');
  for (const movie of movies) await expect(movieList).toContainText(movie.title);
  for (const show of series) await expect(seriesList).toContainText(show.title);
  // Eleven titles and more do not fit in 180 px: each list scrolls.
  for (const list of [movieList, seriesList]) {
    const box = await list.evaluate((element) => ({
      height: element.clientHeight,
      scroll: element.scrollHeight,
      overflow: getComputedStyle(element).overflowY,
    }));
    expect(box.height).toBe(180);
    expect(box.scroll).toBeGreaterThan(180);
    expect(box.overflow).toBe('auto');
  }
  return { drawer, movieList, seriesList };
}

test('the admin sees ten rows of each chart in views order, and shares the newest titles', async ({
  page,
  context,
  baseURL,
  request,
  adminApi,
  signIn,
}) => {
  test.setTimeout(180_000);
  const { movies, series } = await seeded(request, adminApi);
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL });
  await page.setViewportSize(LAPTOP);
  const chunks: string[] = [];
  page.on('request', (sent) => chunks.push(new URL(sent.url()).pathname));

  const answer = topViewedAnswer(page);
  await signIn();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { name: 'Filmes mais assistidos' })).toBeVisible({
    timeout: 30_000,
  });
  await expect(page.getByRole('heading', { name: 'Séries mais assistidas' })).toBeVisible();
  await expect(page.getByTestId('top-viewed-movies-period')).toHaveText('Últimos 7 dias');
  await expectCharts(page, await answer, { movies, series }, 10);
  // The charting library came as its own chunk once there were bars to draw; the drawer's is not here yet.
  expect(chunks.filter((path) => /\/assets\/top-viewed-chart-[\w-]+\.js$/.test(path))).toHaveLength(1);
  expect(chunks.some((path) => path.includes('releases-drawer'))).toBe(false);
  await topViewedChart(page, 'movies').scrollIntoViewIfNeeded();
  await page.mouse.move(0, 0);
  await shot(page, 'c1-dashboard-charts-admin-1366');

  // The drawer: asked for on the first click.
  const { drawer, movieList } = await openDrawer(page, movies, series);
  expect(chunks.some((path) => /\/assets\/releases-drawer-[\w-]+\.js$/.test(path))).toBe(true);
  await shot(page, 'c2-content-updates-drawer-1366');

  // 'Copiar': the list as text in the clipboard, the copy toast.
  const listed = await movieList.getByTestId('releases-movies-title').allTextContents();
  await drawer.getByRole('button', { name: 'Copiar' }).click();
  await expect(page.getByText('Copiado para a área de transferência!')).toBeVisible();
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  expect(
    copied.startsWith(
      `*Novos filmes*\n${listed.map((title) => `- ${title}`).join('\n')}\n\n*Novas séries*\n`,
    ),
  ).toBe(true);
  for (const item of [...movies, ...series]) expect(copied).toContain(`- ${item.title}\n`.trimEnd());

  // 'Enviar no WhatsApp': a wa.me link carrying the same text.
  const whatsapp = drawer.getByRole('link', { name: 'Enviar no WhatsApp' });
  const href = (await whatsapp.getAttribute('href')) ?? '';
  expect(href.startsWith('https://wa.me/?text=')).toBe(true);
  expect(decodeURIComponent(href.slice('https://wa.me/?text='.length))).toBe(copied);
  await expect(whatsapp).toHaveAttribute('target', '_blank');

  await drawer.getByRole('button', { name: 'Fechar' }).click();
  await expect(drawer).toBeHidden();
});

test('a reseller on a phone sees five rows of each chart and the drawer', async ({
  browser,
  baseURL,
  request,
  csp,
  adminApi,
  newReseller,
}) => {
  test.setTimeout(180_000);
  const { movies, series } = await seeded(request, adminApi);
  const reseller = await newReseller(10, 'charts');
  const { phone, mobile } = await openPhone(browser, baseURL, csp);
  try {
    const answer = topViewedAnswer(mobile);
    await loginAs(mobile, reseller);
    await expect(mobile).toHaveURL(/\/dashboard$/);
    await expect(mobile.getByRole('heading', { name: 'Filmes mais assistidos' })).toBeVisible({
      timeout: 30_000,
    });
    await expectCharts(mobile, await answer, { movies, series }, 5);
    await topViewedChart(mobile, 'movies').scrollIntoViewIfNeeded();
    await shot(mobile, 'c3-dashboard-charts-reseller-390');
    await topViewedChart(mobile, 'series').scrollIntoViewIfNeeded();
    await shot(mobile, 'c4-dashboard-series-chart-reseller-390');

    const { drawer } = await openDrawer(mobile, movies, series);
    const box = await drawer.boundingBox();
    expect(box?.width).toBeLessThanOrEqual(390);
    await shot(mobile, 'c5-content-updates-drawer-390');
  } finally {
    await phone.close();
  }
});
