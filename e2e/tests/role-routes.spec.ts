import type { Page } from '@playwright/test';
import type { CatalogWork } from '../../packages/shared/src/dashboard/catalog-work';
import { startFakeTmdb, type FakeTmdb } from '../../apps/server/test/metadata/fake-tmdb';
import type { SeededReseller } from '../fixtures/api';
import { LAPTOP, PHONE } from '../fixtures/devices';
import { FAKE_KEYS, FAKE_PORTS } from '../fixtures/fake-ports';
import { expect, test } from '../fixtures/test';
import { failAndRecover } from '../steps/list-failure';

// docs/product/roles.md#who-may-open-which-screen (decision 0068): a screen a role may not use sends it to
// /dashboard from the one route table, before the screen mounts: no dialog, no request, no toast. A
// publisher's dashboard is its catalog work. Screenshots of it at 1366×768 and 390×844.
const FIRST_LOAD = { timeout: 30_000 };
const shot = (name: string) => ({ path: `artifacts/screenshots/${name}.png` });

let tmdb: FakeTmdb;
test.beforeAll(async () => {
  tmdb = await startFakeTmdb(FAKE_KEYS.metadata, FAKE_PORTS.metadata);
});
test.afterAll(async () => {
  await tmdb?.close();
});

test.use({ viewport: LAPTOP });
test.describe.configure({ mode: 'serial' });

let publisher: SeededReseller;

/**
 * Opens `path` by its address and expects /dashboard without a word: no dialog opened, no 'Sem
 * Permissão' toast, and no call the server would refuse (the API of users and resellers).
 */
async function expectSentToDashboard(page: Page, path: string): Promise<void> {
  const refusedCalls: string[] = [];
  const watch = (request: { url(): string }) => {
    const { pathname } = new URL(request.url());
    if (/^\/api\/(users|resellers|catalog\/garbage|admin|analytics)(\/|$)/.test(pathname))
      refusedCalls.push(pathname);
  };
  page.on('request', watch);
  await page.goto(path);
  await expect(page).toHaveURL(/\/dashboard$/, FIRST_LOAD);
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
  // Long enough for a refused call's toast to have shown.
  await page.waitForTimeout(500);
  page.off('request', watch);
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(page.getByText('Sem Permissão')).toHaveCount(0);
  expect(refusedCalls, `${path} asked the server for what the role may not see`).toEqual([]);
}

test('a publisher who opens a screen of lines or resellers by its address lands on /dashboard, silently', async ({
  page,
  signIn,
  adminApi,
  newReseller,
}) => {
  test.setTimeout(120_000);
  publisher = await newReseller(10, 'publicador');
  await adminApi.call('PUT', `/resellers/${publisher.id}/publisher`, { is_publisher: true });
  await signIn(publisher);
  await expect(page).toHaveURL(/\/dashboard$/, FIRST_LOAD);

  for (const path of [
    '/users',
    '/users/create',
    '/users/iptv/connections',
    '/users/p2p/connections',
    '/resellers',
    '/resellers/create',
    '/resellers/logs',
    '/catalog/garbage',
    '/admin/settings',
  ]) {
    await expectSentToDashboard(page, path);
  }
  // What a publisher works on still opens.
  await page.goto('/requests/catalog');
  await expect(page).toHaveURL(/\/requests\/catalog$/);
  await page.goto('/admin/analytics/streams');
  await expect(page).toHaveURL(/\/admin\/analytics\/streams$/);
});

test('a publisher’s dashboard shows the requests by status and its queue, not line counters', async ({
  page,
  signIn,
  api,
  adminApi,
}) => {
  test.setTimeout(120_000);
  // A request the admin gives this publisher: the head of its queue ('Sua').
  const { request } = await adminApi.call<{ request: { id: number } }>('POST', '/catalog', {
    tmdb_id: 550,
    media_type: 'movie',
  });
  await adminApi.call('PUT', `/catalog/${request.id}`, { status: 2, publisher_id: publisher.id });
  await signIn(publisher);
  await expect(page).toHaveURL(/\/dashboard$/, FIRST_LOAD);

  const work = await api.call<CatalogWork>('GET', '/dashboard/catalog');
  for (const { status, total, mine } of work.statuses) {
    await expect(page.getByTestId(`catalog-status-${status}-total`)).toHaveText(
      total.toLocaleString('pt-BR'),
    );
    await expect(page.getByTestId(`catalog-status-${status}-mine`)).toHaveText(
      `Atribuídas a você: ${mine.toLocaleString('pt-BR')}`,
    );
  }
  await expect(page.getByTestId('catalog-status-2-mine')).not.toHaveText('Atribuídas a você: 0');
  const first = page.getByTestId('catalog-queue-row').first();
  await expect(first.getByTestId('catalog-queue-title')).toHaveText('Clube da Luta');
  await expect(first.getByTestId('catalog-queue-mine')).toHaveText('Sua');
  await expect(page.getByTestId('catalog-queue-row')).toHaveCount(work.queue.length);
  // None of the line counters, expirations or tree totals of an account that has no lines.
  await expect(page.getByTestId('counter-users')).toHaveCount(0);
  await expect(page.getByTestId('expiring-card')).toHaveCount(0);
  await expect(page.getByTestId('profile-tree-users')).toHaveCount(0);
  await expect(page.getByTestId('profile-type')).toHaveText('Publisher');
  await page.screenshot(shot('130-dashboard-publisher-1366'));

  await page.setViewportSize(PHONE);
  await page.reload();
  await expect(page.getByTestId('catalog-status-2-total')).toBeVisible(FIRST_LOAD);
  await expect(page.getByTestId('catalog-queue-row').first()).toBeVisible();
  await page.screenshot(shot('131-dashboard-publisher-390'));
  await page.getByTestId('catalog-queue-see-all').click();
  await expect(page).toHaveURL(/\/requests\/catalog$/);

  // Its queue fails like every list: says why once, with 'Tentar novamente' (list-errors.spec.ts).
  await page.setViewportSize(LAPTOP);
  await page.clock.install();
  await failAndRecover(page, {
    path: '/dashboard',
    api: '/api/dashboard/catalog',
    error: 'catalog-queue-error',
    loaded: ['catalog-queue-row', 'catalog-queue-empty'],
  });
});

test('a reseller who opens the analytics or the removal queue by its address lands on /dashboard, silently', async ({
  page,
  signIn,
  newReseller,
}) => {
  test.setTimeout(120_000);
  await signIn(await newReseller(10, 'semanalytics'));
  await expect(page).toHaveURL(/\/dashboard$/, FIRST_LOAD);
  for (const path of ['/admin/analytics/streams', '/admin/analytics', '/catalog/garbage', '/admin/news']) {
    await expectSentToDashboard(page, path);
  }
});
