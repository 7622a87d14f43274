import type { Page } from '@playwright/test';
import type { CatalogWork } from '../../packages/shared/src/dashboard/catalog-work';
import { startFakeTmdb, type FakeTmdb } from '../../apps/server/test/metadata/fake-tmdb';
import { LAPTOP, PHONE } from '../fixtures/devices';
import { FAKE_KEYS, FAKE_PORTS } from '../fixtures/fake-ports';
import { expect, test } from '../fixtures/test';
import { failAndRecover } from '../steps/list-failure';
import { shot } from '../fixtures/shot';

// docs/product/roles.md#who-may-open-which-screen (decision 0068): a screen a role may not use sends it to
// /dashboard from the one route table, before the screen mounts: no dialog, no request, no toast (each
// role's whole table is walked by apps/web/src/app/route-table.test.ts). A publisher's dashboard is its
// catalog work. Screenshots of it at 1366×768 and 390×844. One sign-in: the account is a publisher, then
// the admin makes it a reseller again (the role is read on every request, decision 0054).
const FIRST_LOAD = { timeout: 30_000 };

let tmdb: FakeTmdb;
test.beforeAll(async () => {
  tmdb = await startFakeTmdb(FAKE_KEYS.metadata, FAKE_PORTS.metadata);
});
test.afterAll(async () => {
  await tmdb?.close();
});

test.use({ viewport: LAPTOP });

/**
 * Opens `path` by its address and expects /dashboard without a word: no dialog, no 'Sem Permissão', and
 * no call the server would refuse.
 */
async function expectSentToDashboard(page: Page, path: string): Promise<void> {
  const refusedCalls: string[] = [];
  const watch = (request: { url(): string }) => {
    const { pathname } = new URL(request.url());
    if (/^\/api\/(users|p2p-users|resellers|logs|catalog\/garbage|admin|analytics)(\/|$)/.test(pathname)) {
      refusedCalls.push(pathname);
    }
  };
  page.on('request', watch);
  await page.goto(path);
  await expect(page).toHaveURL(/\/dashboard$/, FIRST_LOAD);
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
  page.off('request', watch);
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(page.getByText('Sem Permissão')).toHaveCount(0);
  expect(refusedCalls, `${path} asked the server for what the role may not see`).toEqual([]);
}

test('a publisher sees its catalog work on /dashboard and lands there from screens of lines or resellers; a reseller from the analytics', async ({
  page,
  signIn,
  api,
  adminApi,
  newReseller,
}) => {
  test.setTimeout(150_000);
  const account = await newReseller(10, 'publicador');
  await adminApi.call('PUT', `/resellers/${account.id}/publisher`, { is_publisher: true });
  // A request the admin gives this publisher: the head of its queue ('Sua').
  const { request } = await adminApi.call<{ request: { id: number } }>('POST', '/catalog', {
    tmdb_id: 550,
    media_type: 'movie',
  });
  await adminApi.call('PUT', `/catalog/${request.id}`, { status: 2, publisher_id: account.id });
  await signIn(account);
  await expect(page).toHaveURL(/\/dashboard$/, FIRST_LOAD);

  // Its dashboard: every request by status with its own share, and its queue; nothing of lines.
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
  await expect(page.getByTestId('counter-users')).toHaveCount(0);
  await expect(page.getByTestId('expiring-card')).toHaveCount(0);
  await expect(page.getByTestId('profile-tree-users')).toHaveCount(0);
  await expect(page.getByTestId('profile-type')).toHaveText('Publisher');
  await shot(page, '130-dashboard-publisher-1366');

  await page.setViewportSize(PHONE);
  await page.reload();
  await expect(page.getByTestId('catalog-status-2-total')).toBeVisible(FIRST_LOAD);
  await expect(page.getByTestId('catalog-queue-row').first()).toBeVisible();
  await shot(page, '131-dashboard-publisher-390');
  await page.getByTestId('catalog-queue-see-all').click();
  await expect(page).toHaveURL(/\/requests\/catalog$/);
  await page.setViewportSize(LAPTOP);

  // The screens of lines and resellers, opened by their address (the first three are the ones a
  // publisher used to get as a reseller's screen, with the create dialog and two 'Sem Permissão' toasts).
  for (const path of [
    '/users',
    '/users/create',
    '/resellers',
    '/resellers/create',
    '/users/iptv/connections',
  ]) {
    await expectSentToDashboard(page, path);
  }

  // Its queue fails like every list: says why once, with 'Tentar novamente' (list-errors.spec.ts).
  await page.clock.install();
  await failAndRecover(page, {
    path: '/dashboard',
    api: '/api/dashboard/catalog',
    error: 'catalog-queue-error',
    loaded: ['catalog-queue-row', 'catalog-queue-empty'],
  });

  // A reseller again: the analytics are not its screens; its dashboard is the line counters again.
  await adminApi.call('PUT', `/resellers/${account.id}/publisher`, { is_publisher: false });
  for (const path of ['/admin/analytics/streams', '/admin/analytics'])
    await expectSentToDashboard(page, path);
  await expect(page.getByTestId('counter-users')).toBeVisible();
});
