import { LAPTOP, openPhone } from '../fixtures/devices';
import { lineAction, lineRow } from '../fixtures/lines';
import { uniqueUsername } from '../fixtures/resellers';
import { loginAs } from '../fixtures/session';
import { shot } from '../fixtures/shot';
import { expect, test } from '../fixtures/test';

// docs/product/screens.md#payments (decisions 0160–0164): a reseller sets its customer prices and a static
// PIX key, charges a line by PIX from its row menu, confirms the receipt and sees the line renewed with its
// credits, then the 'Pagamentos' screen with the period's totals. Screenshots at 1366×768 and 390×844.

test.use({ viewport: LAPTOP });

test('a reseller charges a line by PIX, confirms the receipt, the line is renewed; Pagamentos totals it', async ({
  page,
  api,
  browser,
  baseURL,
  csp,
  signIn,
  newReseller,
}) => {
  test.setTimeout(150_000);
  const reseller = await newReseller(10, 'pix');
  await signIn(reseller);
  await expect(page).toHaveURL(/\/dashboard$/);
  const username = uniqueUsername('pix');
  const { line } = await api.call<{ line: { exp_date: number } }>('POST', '/users', {
    username,
    password: 'senha9x',
    package_id: 17,
  });

  // 'Recebimentos': the PIX key (checked by the shared rule), name and city; a price for one package.
  await page.getByText('Pagamentos', { exact: true }).first().click();
  await expect(page).toHaveURL(/\/payments$/);
  await page.getByTestId('payments-tab-settings').click();
  const account = page.getByTestId('payment-account-card');
  await account.getByTestId('payment-provider').click();
  await page.getByRole('option', { name: /PIX estático/ }).click();
  await account.getByTestId('payment-pix-key').fill('revenda@exemplo.com');
  await account.getByTestId('payment-merchant-name').fill('Revenda Pix');
  await account.getByTestId('payment-merchant-city').fill('São Paulo');
  await account.getByTestId('payment-account-save').click();
  await expect(page.getByText('Recebimentos salvos.')).toBeVisible();
  const prices = page.getByTestId('payment-prices-card');
  await prices.getByTestId('payment-price-17').fill('25,90');
  await prices.getByTestId('payment-prices-save').click();
  await expect(page.getByText('Preços salvos.')).toBeVisible();
  await shot(page, '60-payments-settings', { fullPage: true });

  // 'Cobrar por PIX' from the line's menu: the QR code and 'PIX copia e cola' of the reseller's key.
  await page.goto('/users');
  await lineAction(page, username, 'pix-charge');
  const modal = page.getByTestId('pix-charge-modal');
  await expect(modal.getByTestId('pix-charge-package')).toHaveValue('Completo 1 mês - R$ 25,90');
  await modal.getByTestId('pix-charge-start').click();
  await expect(modal.getByTestId('pix-charge-qr')).toBeVisible();
  await expect(modal.getByTestId('pix-charge-code')).toContainText('br.gov.bcb.pix');
  await expect(modal.getByTestId('pix-charge-code')).toContainText('revenda@exemplo.com');
  await expect(modal.getByTestId('pix-charge-amount')).toHaveText('R$ 25,90');
  await shot(page, '61-payments-pix-charge');

  // The money arrived: the reseller confirms, the line is renewed by a month for its 1,00 credit.
  await modal.getByTestId('pix-charge-confirm').click();
  await expect(page.getByText('Pagamento confirmado: usuário renovado.')).toBeVisible();
  await expect(modal.getByTestId('pix-charge-state')).toHaveText('Pago');
  await modal.getByTestId('pix-charge-close').click();
  await expect(page.getByTestId('credit-balance')).toHaveText('8,00');
  const renewed = await api.call<{ data: { username: string; exp_date: number }[] }>(
    'GET',
    `/users?search=${username}`,
  );
  expect(renewed.data[0]?.exp_date).toBeGreaterThan(line.exp_date + 27 * 86_400);
  await expect(lineRow(page, username)).toBeVisible();

  // 'Pagamentos': the paid charge and the period's totals.
  await page.goto('/payments');
  await expect(page.getByTestId('payments-total-received-amount')).toHaveText('R$ 25,90');
  const row = page.getByTestId('payments-table-row').first();
  await expect(row.getByTestId('payment-state')).toHaveText('Pago');
  await expect(row.getByTestId('payment-amount')).toHaveText('R$ 25,90');
  await shot(page, '62-payments-list');

  const { phone, mobile } = await openPhone(browser, baseURL, csp);
  try {
    await loginAs(mobile, reseller);
    await expect(mobile).toHaveURL(/\/dashboard$/);
    await mobile.goto('/payments');
    await expect(mobile.getByTestId('payments-total-received-amount')).toHaveText('R$ 25,90');
    await shot(mobile, '63-payments-list-phone', { fullPage: true });
  } finally {
    await phone.close();
  }
});
