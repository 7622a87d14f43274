import { CUSTOMER_PAGE_MESSAGES as M } from '@panel/shared/customer-page/customer-page-messages';
import type { Page } from '@playwright/test';
import { startFakeDns } from '../../apps/server/test/fake-dns/fake-dns-server';
import { LAPTOP, openPhone } from '../fixtures/devices';
import { FAKE_PORTS } from '../fixtures/fake-ports';
import { panelPort } from '../fixtures/panel-port';
import { uniqueUsername } from '../fixtures/resellers';
import { shot } from '../fixtures/shot';
import { expect, test } from '../fixtures/test';
import { addAndVerifyDomain } from '../steps/domains';

// docs/product/screens.md#customer-page (decisions 0175, 0180, 0181): a line's customer signs in at /cliente
// on a phone, sees its subscription, renews by a static PIX and sees the renewal once its reseller confirms
// the receipt; a session that ended sends it back to the sign-in. Screenshots at 390×844 and 1366×768.
// On its reseller's verified domain the same page answers at '/' in the reseller's brand (decision 0177).

test.use({ viewport: LAPTOP });

async function signInCustomer(page: Page, username: string, password: string) {
  await page.getByTestId('customer-username').fill(username);
  await page.getByTestId('customer-password').fill(password);
  await page.getByTestId('customer-submit').click();
  await expect(page.getByTestId('customer-overview')).toBeVisible();
}

test('a customer renews its line by PIX at /cliente and sees it renewed once the reseller confirms', async ({
  page,
  api,
  browser,
  baseURL,
  csp,
  signIn,
  newReseller,
}) => {
  test.setTimeout(120_000);
  // The reseller: a static PIX key and a price for package 17 (Completo 1 mês), then a line.
  const reseller = await newReseller(10, 'cliente');
  await signIn(reseller);
  await expect(page).toHaveURL(/\/dashboard$/);
  await api.call('PUT', '/payments/settings', {
    provider: 'static_pix',
    pix_key: 'revenda@exemplo.com',
    merchant_name: 'Revenda Pix',
    merchant_city: 'São Paulo',
  });
  await api.call('PUT', '/payments/prices', { prices: [{ package_id: 17, price: '25.90' }] });
  const username = uniqueUsername('cli');
  const password = 'senha9x';
  await api.call('POST', '/users', { username, password, package_id: 17 });

  const { phone, mobile } = await openPhone(browser, baseURL, csp);
  try {
    // Sign-in: a wrong password is refused in its words; the line's own credentials open the overview.
    await mobile.goto('/cliente');
    await expect(mobile.getByTestId('customer-sign-in')).toBeVisible();
    await shot(mobile, '70-customer-sign-in');
    await mobile.getByTestId('customer-username').fill(username);
    await mobile.getByTestId('customer-password').fill('errada1');
    await mobile.getByTestId('customer-submit').click();
    await expect(mobile.getByTestId('customer-sign-in-error')).toHaveText(M.invalidCredentials);
    await signInCustomer(mobile, username, password);
    await expect(mobile.getByTestId('customer-status')).toHaveText(M.statusActive);
    await expect(mobile.getByTestId('customer-screens')).toHaveText('1');
    await expect(mobile.getByTestId('customer-nobody-watching')).toHaveText(M.nobodyWatching);
    const links = await mobile
      .getByTestId('customer-link')
      .evaluateAll((inputs) => inputs.map((input) => (input as HTMLInputElement).value));
    expect(links.some((url) => url.includes(`username=${username}`))).toBe(true);
    const expiry = await mobile.getByTestId('customer-expiry').textContent();
    await shot(mobile, '71-customer-overview', { fullPage: true });

    // 'Renovar': the plan at the reseller's price, then the PIX of its static key, waiting for the money.
    await mobile.getByTestId('customer-renew').click();
    await expect(mobile.getByTestId('customer-plan')).toHaveCount(1);
    await expect(mobile.getByTestId('customer-plan')).toContainText('R$ 25,90');
    await expect(mobile.getByTestId('customer-plan')).toContainText(M.months(1));
    await mobile.getByTestId('customer-pay').click();
    await expect(mobile.getByTestId('customer-pix-qr')).toBeVisible();
    await expect(mobile.getByTestId('customer-pix-code')).toHaveValue(/br\.gov\.bcb\.pix/);
    await expect(mobile.getByTestId('customer-payment-amount')).toHaveText('R$ 25,90');
    await expect(mobile.getByTestId('customer-payment-state')).toContainText(M.waitingPayment);
    await expect(mobile.getByTestId('customer-payment-state')).toContainText(M.waitingManualConfirmation);
    await shot(mobile, '72-customer-pix', { fullPage: true });

    // The reseller confirms the receipt in the panel; the page, polling, says the line was renewed.
    const payments = await api.call<{ data: { id: number; state: string }[] }>('GET', '/payments');
    const charge = payments.data.find((payment) => payment.state === 'pending');
    expect(charge).toBeDefined();
    await api.call('POST', `/payments/${charge?.id}/confirm`);
    await expect(mobile.getByTestId('customer-payment-state')).toHaveText(M.paidRenewed);
    await mobile.getByTestId('customer-back').click();
    await expect(mobile.getByTestId('customer-expiry')).not.toHaveText(expiry ?? '');

    // The session ended (its cookie gone): the next call sends the customer back to the sign-in.
    await phone.clearCookies();
    await mobile.getByTestId('customer-renew').click();
    await mobile.getByTestId('customer-pay').click();
    await expect(mobile.getByTestId('customer-notice')).toHaveText(M.sessionEnded);
  } finally {
    await phone.close();
  }

  // The same page on a laptop.
  await page.goto('/cliente');
  await signInCustomer(page, username, password);
  await shot(page, '73-customer-overview-laptop');
});

/** A 32×32 PNG (a green ring around an amber dot): the reseller's logo, sent as a data URL. */
const LOGO_PNG =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAACAAAAAgCAMAAABEpIrGAAAACVBMVEX///8Milr1sB77sAwzAAAAAXRSTlMAQObYZgAAAF1JREFUeNrV00EOACEIQ1E/9z+0iYsJMdDKcrozvI1a1hqEL3paG9ACtAAtQAvQAoxI5zjpQcQt6vklinkSCURU4m/AXrN9KPvUk8+aF+K1cr60vvZ+cfzq+eXtsgE8iQOBPlAltQAAAABJRU5ErkJggg==';

// Decisions 0069 and 0177: on a reseller's verified domain (verified through the journeys' DNS; Chromium maps
// *.painel-e2e.test to 127.0.0.1, e2e/chromium.ts) '/' is the customer page in that reseller's brand, only
// its own lines sign in, the links are built on the domain, and the panel itself is not there.
test('a customer opens its reseller’s verified domain on a phone: the brand, its line, and no panel', async ({
  page,
  api,
  adminApi,
  browser,
  csp,
  signIn,
  newReseller,
}) => {
  test.setTimeout(60_000);
  const dns = await startFakeDns({ port: FAKE_PORTS.dns, answers: { '*': ['127.0.0.1'] } });
  const domain = `assista-${Date.now()}.painel-e2e.test`;
  const password = 'senha9x';
  const mine = uniqueUsername('dom');
  const stranger = uniqueUsername('alheio');
  try {
    // The reseller: its domain verified, its brand, a line.
    const reseller = await newReseller(10, 'marca');
    await signIn(reseller);
    await expect(page).toHaveURL(/\/dashboard$/);
    await addAndVerifyDomain(page, domain);
    await api.call('PUT', '/profile/branding', {
      name: 'TV Aurora',
      color: '#0c8a5a',
      whatsapp: '(81) 98765-4321',
      logo: LOGO_PNG,
    });
    await api.call('POST', '/users', { username: mine, password, package_id: 17 });
    // A line of another reseller (created by the admin, then moved to it).
    const other = await newReseller(10, 'outra');
    const { line } = await adminApi.call<{ line: { id: number } }>('POST', '/users', {
      username: stranger,
      password,
      package_id: 17,
    });
    const move = await adminApi.call<{ id: number }>('POST', '/users/bulk', {
      action: { kind: 'move', reseller_id: other.id },
      line_ids: [line.id],
    });
    const moved = await adminApi.call<{ finished: boolean; done: number }>(
      'POST',
      `/users/bulk/${move.id}/run`,
      {},
    );
    expect([moved.finished, moved.done]).toEqual([true, 1]);
  } finally {
    await dns.close();
  }

  const { phone, mobile } = await openPhone(browser, `http://${domain}:${panelPort()}`, csp);
  try {
    // Before signing in: the reseller's name and logo (served on the domain too).
    await mobile.goto('/');
    await expect(mobile.getByTestId('customer-sign-in')).toBeVisible();
    const brand = mobile.getByTestId('customer-brand');
    await expect(brand).toContainText('TV Aurora');
    await expect(mobile.locator('.page')).toHaveAttribute('style', /--brand:\s*#0c8a5a/);
    const logo = brand.locator('img.logo');
    await expect(logo).toHaveAttribute('src', /^\/cliente\/api\/brand\/logo\/\d+\?v=/);
    await expect.poll(() => logo.evaluate((image) => (image as HTMLImageElement).naturalWidth)).toBe(32);
    await shot(mobile, '74-customer-domain-sign-in');

    // Another reseller's line answers as a wrong password; the domain's own line signs in.
    await mobile.getByTestId('customer-username').fill(stranger);
    await mobile.getByTestId('customer-password').fill(password);
    await mobile.getByTestId('customer-submit').click();
    await expect(mobile.getByTestId('customer-sign-in-error')).toHaveText(M.invalidCredentials);
    await signInCustomer(mobile, mine, password);
    await expect(brand).toContainText('TV Aurora');
    const links = await mobile
      .getByTestId('customer-link')
      .evaluateAll((inputs) => inputs.map((input) => (input as HTMLInputElement).value));
    // The server's address is the domain itself (SHORT_LINK_SCHEME, no port: customers' apps use 80/443).
    const origin = `http://${domain}`;
    expect(links[0]).toBe(origin);
    expect(links.length).toBeGreaterThan(1);
    for (const url of links.slice(1)) {
      expect(url.startsWith(`${origin}/`) && url.includes(`username=${mine}`), url).toBe(true);
    }
    await expect(mobile.getByTestId('customer-whatsapp')).toHaveAttribute(
      'href',
      /^https:\/\/wa\.me\/5581987654321(\?|$)/,
    );
    await shot(mobile, '75-customer-domain-overview', { fullPage: true });

    // The panel is not on the domain.
    const login = await mobile.goto('/login');
    expect(login?.status()).toBe(404);
    await expect(mobile.locator('body')).toHaveText('Link não encontrado.');
  } finally {
    await phone.close();
  }
});
