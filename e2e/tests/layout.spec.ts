import type { Locator, Page } from '@playwright/test';
import { panelApi, storedToken } from '../fixtures/api';
import { uniqueUsername } from '../fixtures/resellers';
import { loginAs, logout, openSettingsMenu } from '../fixtures/session';
import { expect, RESELLER_PASSWORD as PASSWORD, test } from '../fixtures/test';
import { LAPTOP, openPhone, PHONE } from '../fixtures/devices';
import { shot } from '../fixtures/shot';

// Layout and list-state defects (decision 0028): what a person sees on a 1366×768 laptop and a 390×844 phone.
// Screenshots are of the viewport, i.e. exactly what fits on that screen.
// A list page's first answer: chunks, profile and list on a machine other suites load too.
const FIRST_LOAD = { timeout: 30_000 };
/** The lists of the panel and what the first row offers to click (none for the logs). */
const LISTS = [
  { path: '/users', table: 'users-table', actions: 'line-actions' },
  { path: '/resellers', table: 'resellers-table', actions: 'reseller-actions' },
  { path: '/logs', table: 'logs-table', actions: null },
  { path: '/resellers/logs', table: 'reseller-logs-table', actions: null },
] as const;

test.use({ viewport: LAPTOP });

/**
 * In the viewport as it is (no scrolling, Playwright's checks never scroll) and on top: the point at its
 * centre belongs to it, not to a cell scrolled over it or to the edge of a dialog.
 */
async function expectReachable(page: Page, target: Locator): Promise<void> {
  await expect(target).toBeVisible();
  const box = await target.boundingBox();
  const viewport = page.viewportSize();
  if (!box || !viewport) throw new Error('No box or viewport');
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.y).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(viewport.width);
  expect(box.y + box.height).toBeLessThanOrEqual(viewport.height);
  const onTop = await target.evaluate((element) => {
    const rect = element.getBoundingClientRect();
    const hit = document.elementFromPoint(rect.x + rect.width / 2, rect.y + rect.height / 2);
    return hit !== null && element.contains(hit);
  });
  expect(onTop, 'nothing covers it').toBe(true);
}

/** Every list of the role: its first row's actions (or last column) reachable without scrolling sideways. */
async function checkLists(page: Page, role: string): Promise<void> {
  for (const list of LISTS) {
    await page.goto(list.path);
    const firstRow = page.getByTestId(`${list.table}-row`).first();
    await expect(firstRow).toBeVisible(FIRST_LOAD);
    expect(await page.evaluate(() => window.scrollX)).toBe(0);
    if (list.actions) await expectReachable(page, firstRow.getByTestId(list.actions));
    else await expectReachable(page, page.getByTestId(list.table).getByRole('columnheader').last());
    await shot(page, `60-layout-${role}-${list.path.slice(1).replace('/', '-')}-1366`);
  }
}

test('at 1366×768 the row actions of every list are in view without scrolling sideways, for admin and master', async ({
  page,
  signIn,
  api,
  adminApi,
  newReseller,
}) => {
  test.setTimeout(180_000);
  const masterAccount = await newReseller(50, 'largura');
  const blockedAccount = await newReseller(10, 'bloq');
  const blocked = blockedAccount.username;
  await adminApi.call('POST', `/resellers/${blockedAccount.id}/block`, {});
  // Long names and notes: the widest rows the table has to hold.
  for (const packageId of [17, 57]) {
    await adminApi.call('POST', '/users', {
      package_id: packageId,
      reseller_id: masterAccount.id,
      full_name: 'Maria Aparecida dos Santos Oliveira',
      reseller_notes: 'cliente indicado pela vizinha do terceiro andar',
    });
  }
  await signIn();
  await expect(page).toHaveURL(/\/dashboard$/, FIRST_LOAD);

  await checkLists(page, 'admin');

  // Decision 0028: the admin's /resellers shows 'BLOQUEADO' whole, not 'BLOQUEA...'.
  await page.goto('/resellers');
  const badge = page
    .getByTestId('resellers-table-row')
    .filter({ hasText: blocked })
    .getByTestId('reseller-status');
  await expect(badge).toHaveText('BLOQUEADO');
  const cut = await badge.evaluate((element) =>
    [element, ...Array.from(element.querySelectorAll('*'))].some(
      (node) => node.scrollWidth > node.clientWidth,
    ),
  );
  expect(cut, 'the badge text is cut').toBe(false);
  await shot(page, '61-layout-resellers-blocked-badge-1366');
  await logout(page);

  // Signing in again lands on the last page visited (/resellers), not on the dashboard.
  await signIn(masterAccount);
  await expect(page.getByTestId('credit-balance')).toHaveText('50,00', FIRST_LOAD);
  // A sub-reseller, so the master's /resellers and its logs have rows.
  await api.createReseller({ username: uniqueUsername('sub'), password: PASSWORD, credits: 10 });
  await checkLists(page, 'master');

  // Dark mode: the actions column that stays in view keeps an opaque background over the scrolled cells.
  await page.goto('/users');
  await page.getByRole('switch', { name: 'Alternar tema' }).click({ force: true });
  await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'dark');
  const actionsCell = page.getByTestId('users-table-row').first().locator('td').last();
  const background = await actionsCell.evaluate((cell) => getComputedStyle(cell).backgroundColor);
  expect(background).not.toBe('rgba(0, 0, 0, 0)');
  await expectReachable(page, page.getByTestId('users-table-row').first().getByTestId('line-actions'));
  await shot(page, '62-layout-master-users-dark-1366');
});

test('a list that fails to load says why and offers "Tentar novamente", which asks again', async ({
  page,
  signIn,
}) => {
  test.setTimeout(120_000);
  await signIn();
  await expect(page).toHaveURL(/\/dashboard$/, FIRST_LOAD);

  // A server error on /api/users (the panel retries twice, then gives up and says so).
  const usersList = (url: URL) => url.pathname === '/api/users';
  await page.route(usersList, (route) =>
    route.fulfill({
      status: 500,
      contentType: 'application/json',
      body: JSON.stringify({
        status: 500,
        code: 'internal_error',
        message: 'Erro no servidor. Por favor, tente novamente mais tarde.',
      }),
    }),
  );
  await page.goto('/users');
  const failure = page.getByTestId('users-table-error');
  await expect(failure).toContainText('Erro no Servidor', FIRST_LOAD);
  await expect(page.getByTestId('users-table-error-message')).toHaveText(
    'Erro no servidor. Por favor, tente novamente mais tarde.',
  );
  await expect(page.getByTestId('users-table').locator('[aria-busy]')).toHaveCount(0);
  await shot(page, '63-layout-users-load-failed');

  // The server answers again: 'Tentar novamente' brings the list.
  await page.unroute(usersList);
  await failure.getByRole('button', { name: 'Tentar novamente' }).click();
  await expect(failure).toBeHidden();
  await expect(
    page.getByTestId('users-table-empty').or(page.getByTestId('users-table-row').first()),
  ).toBeVisible();

  // No answer at all on another list: the connection text of the catalogue.
  const resellersList = (url: URL) => url.pathname === '/api/resellers';
  await page.route(resellersList, (route) => route.abort('internetdisconnected'));
  await page.goto('/resellers');
  await expect(page.getByTestId('resellers-table-error-message')).toHaveText(
    'Erro de conexão. Verifique sua internet e tente novamente.',
    FIRST_LOAD,
  );
  await shot(page, '64-layout-resellers-network-failed');
  await page.unroute(resellersList);
  await page.getByTestId('resellers-table-error-retry').click();
  await expect(page.getByTestId('resellers-table-row').first()).toBeVisible();
});

test('on a phone the date groups follow the expiry order and the create dialog keeps its buttons in view', async ({
  browser,
  baseURL,
  csp,
  newReseller,
}) => {
  test.setTimeout(120_000);
  const reseller = await newReseller(50, 'grupos');
  const { phone, mobile } = await openPhone(browser, baseURL, csp);
  const mobileApi = panelApi(mobile.request, () => storedToken(mobile));
  try {
    await loginAs(mobile, reseller);
    await expect(mobile).toHaveURL(/\/dashboard$/, FIRST_LOAD);
    await mobileApi.call('POST', '/profile', { mobile_table_mode: 1 });
    // Created out of date order (12, 1, 6, 3 months, then a trial expiring today): the newest first is
    // the server's default order, which put the dates out of order.
    for (const packageId of [57, 17, 55, 53]) {
      await mobileApi.call('POST', '/users', { package_id: packageId });
    }
    await mobileApi.createTrialLine();

    await mobile.goto('/users');
    const headings = mobile.getByTestId('users-table-group-heading');
    await expect(headings).toHaveCount(5, FIRST_LOAD);
    const dates = (await headings.allTextContents()).map((text) => {
      const [day, month, year] = text.split('/');
      return `${year}-${month}-${day}`;
    });
    expect(dates).toEqual([...dates].sort());
    await shot(mobile, '65-layout-phone-groups-by-expiry');

    await mobile.getByTestId('new-user-button-mobile').click();
    const dialog = mobile.getByTestId('create-line-modal');
    await expect(dialog).toBeVisible();
    const dialogBox = await dialog.boundingBox();
    for (const button of [
      dialog.getByRole('button', { name: 'Cancelar' }),
      dialog.getByTestId('create-line-submit'),
    ]) {
      await expectReachable(mobile, button);
      // Inside the dialog's visible frame, not under its bottom edge (the dialog scrolls inside itself).
      const box = await button.boundingBox();
      expect((box?.y ?? 0) + (box?.height ?? 0)).toBeLessThanOrEqual(
        (dialogBox?.y ?? 0) + (dialogBox?.height ?? 0),
      );
    }
    await shot(mobile, '66-layout-phone-create-dialog');
    await dialog.getByRole('button', { name: 'Cancelar' }).click();

    // The sidebar is the phone's menu: hidden until the top bar's button opens it over the page, closed
    // again once a page is chosen.
    const menu = mobile.getByRole('navigation', { name: 'Menu principal' });
    await expect(menu).toBeHidden();
    await mobile.getByRole('button', { name: 'Abrir menu' }).click();
    await expect(menu).toBeVisible();
    expect((await menu.boundingBox())?.width).toBeGreaterThan(PHONE.width - 40);
    await shot(mobile, '66b-layout-phone-menu-open');
    await menu.getByRole('link', { name: 'Dashboard' }).click();
    await expect(mobile).toHaveURL(/\/dashboard$/);
    await expect(menu).toBeHidden();
  } finally {
    await phone.close();
  }
});

test('login and lock show the product, the favicon is served and the captcha is as wide as the inputs', async ({
  page,
  signIn,
}) => {
  test.setTimeout(120_000);
  for (const file of ['/favicon.ico', '/logo.svg']) {
    const response = await page.request.get(file);
    expect(response.status(), file).toBe(200);
  }

  await page.goto('/login');
  const brand = page.getByTestId('brand');
  await expect(brand).toHaveText('Painel de Revendas');
  await expect
    .poll(() => brand.locator('img').evaluate((image: HTMLImageElement) => image.naturalWidth))
    .toBeGreaterThan(0);
  const username = await page.getByLabel('Usuário').boundingBox();
  const captcha = await page.getByTestId('altcha-widget').boundingBox();
  expect(Math.round(captcha?.width ?? 0)).toBe(Math.round(username?.width ?? -1));
  await shot(page, '67-layout-login-brand');

  await signIn();
  await expect(page).toHaveURL(/\/dashboard$/, FIRST_LOAD);
  await openSettingsMenu(page);
  await page.getByRole('menuitem', { name: 'Bloquear painel' }).click();
  await expect(page.getByRole('button', { name: 'Desbloquear' })).toBeVisible();
  await expect(page.getByTestId('brand')).toHaveText('Painel de Revendas');
  // The full-width button spans the form (the password box itself is narrowed by its eye button).
  const unlock = await page.getByRole('button', { name: 'Desbloquear' }).boundingBox();
  const lockCaptcha = await page.getByTestId('altcha-widget').boundingBox();
  expect(Math.round(lockCaptcha?.width ?? 0)).toBe(Math.round(unlock?.width ?? -1));
  await shot(page, '68-layout-lock-brand');
});

test('right after sign-in the balance has a placeholder as wide as the number', async ({ page, signIn }) => {
  test.setTimeout(120_000);
  // The profile (and so the balance) is slow to arrive, as on a busy connection.
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/profile', async (route) => {
    await held;
    await route.continue();
  });
  await signIn();
  const placeholder = page.getByTestId('credit-balance-placeholder');
  await expect(placeholder).toBeVisible(FIRST_LOAD);
  const waiting = await placeholder.boundingBox();
  await shot(page.locator('header'), '69-layout-balance-placeholder');
  release();
  const balance = page.getByTestId('credit-balance');
  await expect(balance).toHaveText(/^\d[\d.]*,\d{2}$/);
  const loaded = await balance.boundingBox();
  expect(Math.round(waiting?.width ?? 0)).toBe(Math.round(loaded?.width ?? -1));
  expect(waiting?.x).toBe(loaded?.x);
});
