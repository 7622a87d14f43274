import { CUSTOMER_PAGE_MESSAGES as M } from '@panel/shared/customer-page/customer-page-messages';
import type { Page } from '@playwright/test';
import { LAPTOP, openPhone } from '../fixtures/devices';
import { uniqueUsername } from '../fixtures/resellers';
import { shot } from '../fixtures/shot';
import { expect, test } from '../fixtures/test';

// docs/product/screens.md#customer-page (decisions 0175, 0180, 0181): a line's customer signs in at /cliente
// on a phone, sees its subscription, renews by a static PIX and sees the renewal once its reseller confirms
// the receipt; a session that ended sends it back to the sign-in. Screenshots at 390×844 and 1366×768.

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
