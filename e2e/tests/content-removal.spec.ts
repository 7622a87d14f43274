import { expect, test } from '../fixtures/test';
import { LAPTOP, PHONE } from '../fixtures/devices';
import { loginAs } from '../fixtures/session';
import { syncSource } from '../fixtures/library';
import { analyticsRow, playerList, removalRow, reportViews, seedLibrary } from '../steps/content-removal';
import { shot } from '../fixtures/shot';

// docs/product/screens.md#analytics and #content-removal (decisions 0056, 0057): the admin reads the views
// of a library imported from a real M3U source (views reported by a streaming server), sends a film and a
// series to the removal queue from the analytics screens, cancels one and removes the other for good; the
// film then leaves a line's player_api lists and playlist, and a re-sync does not bring it back. A
// publisher reads analytics but has neither the queue's menu item nor its API. Screenshots at 1366×768
// and 390×844.
const PASSWORD = 'Rm7Kx2Qp';

test.use({ viewport: LAPTOP });

test('admin: analytics → trash → content removal → cancel and permanent removal; the line loses the film', async ({
  adminPage: page,
  adminApi,
  newReseller,
  baseURL,
}) => {
  test.setTimeout(180_000);
  const tag = String(Date.now() % 1_000_000);
  const library = await seedLibrary(adminApi, tag, `${baseURL}/logo.svg`);
  const owner = await newReseller(10, 'remocao');
  const line = { username: `rem${tag}`, password: PASSWORD };
  await adminApi.call('POST', '/users', { ...line, package_id: 17, reseller_id: owner.id });

  // What the line sees before: both films, the series, the channel.
  const movies = await playerList(page.request, line, 'get_vod_streams');
  const idOf = (name: string) => movies.find((item) => item.name === name)?.stream_id ?? 0;
  expect(idOf(library.movie)).toBeGreaterThan(0);
  expect(idOf(library.otherMovie)).toBeGreaterThan(0);
  const series = (await playerList(page.request, line, 'get_series')).find(
    (item) => item.name === library.series,
  );
  expect(series?.series_id).toBeGreaterThan(0);
  const info = await page.request.get(
    `/player_api.php?username=${line.username}&password=${line.password}&action=get_series_info&series_id=${series?.series_id}`,
  );
  const episodes = Object.values(
    ((await info.json()) as { episodes: Record<string, { id: string }[]> }).episodes,
  ).flat();
  expect(episodes).toHaveLength(2);
  await reportViews(page.request, adminApi, tag, [
    { streamId: idOf(library.movie), count: 90_000 },
    { streamId: idOf(library.otherMovie), count: 80_000 },
    ...episodes.map((episode) => ({ streamId: Number(episode.id), count: 70_000 })),
  ]);

  // Analytics from the menu: the most viewed films first, with the poster.
  await page.getByText('Admin', { exact: true }).click();
  await page.getByRole('link', { name: 'Filmes', exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/analytics\/streams$/);
  await expect(page.getByRole('heading', { name: 'Analytics - Filmes' })).toBeVisible();
  // Most viewed first (other journeys' films may have views too: only the order of these two is ours).
  await expect(analyticsRow(page, library.otherMovie)).toBeVisible();
  const titles = await page.getByTestId('analytics-table-row').allTextContents();
  const at = (title: string) => titles.findIndex((text) => text.includes(title));
  expect(at(library.movie)).toBeGreaterThanOrEqual(0);
  expect(at(library.movie)).toBeLessThan(at(library.otherMovie));
  await expect(analyticsRow(page, library.movie).getByTestId('analytics-views')).toContainText('90.000');
  await expect(analyticsRow(page, library.movie).getByRole('img', { name: library.movie })).toBeVisible();
  await expect(page.getByTestId('sort-total')).toHaveAttribute('data-sort', 'descending');
  await shot(page, '100-analytics-movies-1366');

  // Views ascending, then the 'Hoje' period: today's views are all there is.
  await page.getByTestId('sort-total').click();
  await page.getByTestId('sort-total').click();
  await expect(page.getByTestId('sort-total')).toHaveAttribute('data-sort', 'ascending');
  await page.getByTestId('analytics-period').click();
  await page.getByRole('option', { name: 'Hoje' }).click();
  await expect(analyticsRow(page, library.movie)).toBeVisible();

  // The trash action queues the film; the row then says so and offers it no more.
  await analyticsRow(page, library.movie).getByTestId('analytics-trash').click();
  await expect(page.getByText('Título enviado para a lixeira')).toBeVisible();
  await expect(analyticsRow(page, library.movie).getByTestId('analytics-queued')).toHaveText(
    'Na fila de exclusão',
  );
  await expect(analyticsRow(page, library.movie).getByTestId('analytics-trash')).toBeDisabled();

  // The series screen: the series (its episodes' views summed) goes to the queue too.
  await page.getByRole('link', { name: 'Séries', exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/analytics\/series$/);
  await expect(analyticsRow(page, library.series).getByTestId('analytics-views')).toContainText('140.000');
  await analyticsRow(page, library.series).getByTestId('analytics-trash').click();
  await expect(page.getByText('Título enviado para a lixeira').first()).toBeVisible();

  // Queued is a proposal: the line still has both.
  expect((await playerList(page.request, line, 'get_vod_streams')).map((item) => item.name)).toContain(
    library.movie,
  );

  // The queue, from the menu, filtered by the journey's titles.
  await page.getByText('Remoções de Conteúdo', { exact: true }).click();
  await expect(page).toHaveURL(/\/catalog\/garbage$/);
  await expect(page.getByRole('heading', { name: 'Remoções de Conteúdo' })).toBeVisible();
  await page.getByTestId('filter-title').fill(tag);
  await page.getByTestId('filter-title').press('Enter');
  await expect(page.getByTestId('removals-table-row')).toHaveCount(2);
  const movieRow = removalRow(page, library.movie);
  await expect(movieRow).toContainText('Filme');
  await expect(movieRow).toContainText('admin');
  await expect(movieRow.getByTestId('removal-status')).toHaveText('Na fila de exclusão');
  await expect(removalRow(page, library.series)).toContainText('Série');
  await shot(page, '101-content-removal-1366');

  // 'Cancelar exclusão' on the series: its row goes.
  await removalRow(page, library.series).getByTestId('removal-cancel').click();
  await expect(page.getByText('Título removido da lixeira')).toBeVisible();
  await expect(page.getByTestId('removals-table-row')).toHaveCount(1);

  // Permanent removal asks first, then the film is 'Excluído permanentemente'.
  await movieRow.getByTestId('removal-remove').click();
  const confirm = page.getByTestId('removal-confirm');
  await expect(confirm).toContainText('Deseja realmente excluir permanentemente este título?');
  await shot(page, '102-content-removal-confirm-1366');
  await confirm.getByRole('button', { name: 'Excluir' }).click();
  await expect(page.getByText('Título excluído permanentemente')).toBeVisible();
  await expect(movieRow.getByTestId('removal-status')).toHaveText('Excluído permanentemente');
  await expect(movieRow.getByTestId('removal-remove')).toHaveCount(0);

  // The line: the film is gone from player_api and the playlist; the restored series is still there.
  const after = (await playerList(page.request, line, 'get_vod_streams')).map((item) => item.name);
  expect(after).not.toContain(library.movie);
  expect(after).toContain(library.otherMovie);
  expect((await playerList(page.request, line, 'get_series')).map((item) => item.name)).toContain(
    library.series,
  );
  const playlist = await page.request.get(
    `/get.php?username=${line.username}&password=${line.password}&type=m3u_plus&output=ts`,
  );
  const text = await playlist.text();
  expect(text).toContain(library.otherMovie);
  expect(text).not.toContain(library.movie);

  // A re-sync from the source, which still lists the film, does not bring it back.
  await syncSource(adminApi, library.sourceId);
  expect((await playerList(page.request, line, 'get_vod_streams')).map((item) => item.name)).not.toContain(
    library.movie,
  );

  // Analytics no longer lists it either.
  await page.goto('/admin/analytics/streams');
  await expect(analyticsRow(page, library.otherMovie)).toBeVisible();
  await expect(analyticsRow(page, library.movie)).toHaveCount(0);

  // An unknown analytics type goes to the films.
  await page.goto('/admin/analytics/outro');
  await expect(page).toHaveURL(/\/admin\/analytics\/streams$/);

  // The phone: cards of both screens.
  await page.setViewportSize(PHONE);
  await page.reload();
  await expect(analyticsRow(page, library.otherMovie)).toBeVisible();
  await shot(page, '103-analytics-movies-390');
  await page.goto('/catalog/garbage');
  await expect(removalRow(page, library.movie)).toBeVisible();
  await shot(page, '104-content-removal-390');
});

test('publisher: analytics allowed, the removal queue not (menu hidden, page redirected, API 403)', async ({
  page,
  adminApi,
  newReseller,
}) => {
  const publisher = await newReseller(10, 'publisher');
  // The admin makes the account a publisher (docs/decisions/0054-publishers.md).
  const made = await page.request.put(`/api/resellers/${publisher.id}/publisher`, {
    headers: { authorization: `Bearer ${await adminApi.token()}` },
    data: { is_publisher: true },
  });
  expect(made.ok(), await made.text()).toBe(true);

  await loginAs(page, publisher);
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.getByText('Admin', { exact: true }).click();
  await expect(page.getByRole('link', { name: 'Filmes', exact: true })).toBeVisible();
  await expect(page.getByText('Remoções de Conteúdo', { exact: true })).toHaveCount(0);
  await page.getByRole('link', { name: 'Canais 24h', exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/analytics\/lives$/);
  await expect(page.getByRole('heading', { name: 'Analytics - Canais 24h' })).toBeVisible();
  await expect(
    page.getByTestId('analytics-table-empty').or(page.getByTestId('analytics-table-row').first()),
  ).toBeVisible();
  await shot(page, '105-analytics-publisher-1366');

  await page.goto('/catalog/garbage');
  await expect(page).toHaveURL(/\/dashboard$/);
  const token = (
    JSON.parse((await page.evaluate(() => localStorage.getItem('auth'))) ?? '{}') as { token: string }
  ).token;
  const listed = await page.request.get('/api/catalog/garbage', {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(listed.status()).toBe(403);
});
