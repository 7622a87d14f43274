import { LAPTOP, openPhone } from '../fixtures/devices';
import { uniqueUsername } from '../fixtures/resellers';
import { loginAs } from '../fixtures/session';
import { shot } from '../fixtures/shot';
import { expect, RESELLER_PASSWORD, test } from '../fixtures/test';

// docs/product/screens.md#buy-credits (decisions 0183–0186): a master sets a price per credit and its static
// PIX on 'Recebimentos', its sub-reseller buys 100 credits on 'Comprar créditos' and sees the PIX, the master
// confirms the receipt in 'Pagamentos', and the sub's balance shows the 100 credits, moved once from the
// master. Screenshots at 1366×768 and 390×844.

test.use({ viewport: LAPTOP });

test('a sub-reseller buys 100 credits by PIX; the master confirms and they move once', async ({
  page,
  api,
  browser,
  baseURL,
  csp,
  signIn,
  newReseller,
}) => {
  test.setTimeout(180_000);
  const master = await newReseller(200, 'master');
  await signIn(master);
  await expect(page).toHaveURL(/\/dashboard$/);
  const sub = await api.createReseller({
    username: uniqueUsername('sub'),
    password: RESELLER_PASSWORD,
    credits: 10,
  });

  // 'Recebimentos': the static PIX, then 'Venda de créditos' with its price per credit and a pack.
  await page.goto('/payments');
  await page.getByTestId('payments-tab-settings').click();
  const account = page.getByTestId('payment-account-card');
  await account.getByTestId('payment-provider').click();
  await page.getByRole('option', { name: /PIX estático/ }).click();
  await account.getByTestId('payment-pix-key').fill('master@exemplo.com');
  await account.getByTestId('payment-merchant-name').fill('Master Revendas');
  await account.getByTestId('payment-merchant-city').fill('Recife');
  await account.getByTestId('payment-account-save').click();
  await expect(page.getByText('Recebimentos salvos.')).toBeVisible();
  const sale = page.getByTestId('credit-sale-card');
  await expect(sale.getByTestId('credit-sale-needs-account')).toBeHidden();
  await sale.getByTestId('credit-sale-enabled').check();
  await sale.getByTestId('credit-sale-unit-price').fill('0,45');
  await sale.getByTestId('credit-pack-add').click();
  await sale.getByTestId('credit-pack-credits-0').fill('500');
  await sale.getByTestId('credit-pack-price-0').fill('200');
  await sale.getByTestId('credit-sale-save').click();
  await expect(page.getByText('Venda de créditos salva.')).toBeVisible();
  await shot(page, '144-credit-sale-settings', { fullPage: true });

  // The sub-reseller, in its own browser: 'Comprar créditos' in the menu, 100 credits, the server's total.
  const subContext = await browser.newContext({ baseURL, viewport: LAPTOP, locale: 'pt-BR' });
  await csp.watch(subContext);
  try {
    const subPage = await subContext.newPage();
    await loginAs(subPage, sub);
    await expect(subPage).toHaveURL(/\/dashboard$/);
    await expect(subPage.getByTestId('credit-balance')).toHaveText('10,00');
    await subPage.getByText('Comprar créditos', { exact: true }).first().click();
    await expect(subPage).toHaveURL(/\/buy-credits$/);
    await expect(subPage.getByTestId('buy-credits-unit-price')).toHaveText('R$ 0,45');
    await subPage.getByTestId('buy-credits-quantity').fill('100');
    await expect(subPage.getByTestId('buy-credits-total')).toHaveText('R$ 45,00');
    await subPage.getByTestId('buy-credits-start').click();
    await expect(subPage.getByTestId('buy-credits-qr')).toBeVisible();
    await expect(subPage.getByTestId('buy-credits-code')).toContainText('br.gov.bcb.pix');
    await expect(subPage.getByTestId('buy-credits-code')).toContainText('master@exemplo.com');
    await expect(subPage.getByTestId('buy-credits-pix-amount')).toHaveText('R$ 45,00');
    await expect(subPage.getByTestId('buy-credits-pix-state')).toHaveText('Aguardando pagamento');
    await shot(subPage, '145-buy-credits-pix');

    // The master sees the sale in 'Pagamentos' and confirms the receipt.
    await page.getByTestId('payments-tab-list').click();
    const row = page.getByTestId('payments-table-row').first();
    await expect(row).toContainText(sub.username);
    await expect(row.getByTestId('payment-credits')).toHaveText('100 créditos');
    await row.getByTestId('payment-confirm').click();
    await expect(page.getByText('Pagamento confirmado: créditos enviados.')).toBeVisible();
    await expect(row.getByTestId('payment-state')).toHaveText('Pago');
    await expect(page.getByTestId('credit-balance')).toHaveText('90,00');
    await shot(page, '146-credit-sale-confirmed');

    // The sub's screen hears of it: paid, and its balance is 100 credits higher.
    await expect(subPage.getByTestId('buy-credits-pix-state')).toHaveText('Pago', { timeout: 15_000 });
    await expect(subPage.getByTestId('buy-credits-paid')).toBeVisible();
    await expect(subPage.getByTestId('credit-balance')).toHaveText('110,00');
    const ledger = await api.call<{ data: { action: string; amount: string }[] }>(
      'GET',
      `/resellers/${sub.id}/ledger`,
    );
    expect(ledger.data.filter((entry) => entry.action === 'credits_bought_pix')).toEqual([
      expect.objectContaining({ amount: '100.00' }),
    ]);
  } finally {
    await subContext.close();
  }

  const { phone, mobile } = await openPhone(browser, baseURL, csp);
  try {
    await loginAs(mobile, sub);
    await expect(mobile).toHaveURL(/\/dashboard$/);
    await mobile.goto('/buy-credits');
    await expect(mobile.getByTestId('buy-credits-history-row').first()).toContainText('Pago');
    await shot(mobile, '147-buy-credits-phone', { fullPage: true });
  } finally {
    await phone.close();
  }
});
