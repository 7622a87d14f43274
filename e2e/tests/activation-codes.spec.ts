import { LAPTOP, PHONE } from '../fixtures/devices';
import { shot } from '../fixtures/shot';
import { expect, test } from '../fixtures/test';

// docs/product/screens.md#activation-codes (decisions 0145–0149): a reseller buys a batch of codes, sees
// them in stock, opens the print sheet and cancels one, its price coming back. Screenshots at 1366×768 and
// 390×844.

test.use({ viewport: LAPTOP });

test('a reseller buys a batch of codes, prints their sheet and cancels one', async ({
  page,
  signIn,
  newReseller,
}) => {
  test.setTimeout(120_000);
  const reseller = await newReseller(20, 'codigos');
  await signIn(reseller);
  await expect(page).toHaveURL(/\/dashboard$/);

  await page.getByText('Códigos de ativação', { exact: true }).click();
  await expect(page).toHaveURL(/\/activation-codes$/);
  await expect(page.getByTestId('batches-empty')).toContainText('Nenhum lote de códigos');

  await page.getByTestId('codes-buy-open').click();
  const dialog = page.getByTestId('codes-buy');
  await dialog.getByTestId('codes-buy-package').click();
  await page.getByRole('option', { name: 'Completo 1 mês' }).click();
  await dialog.getByTestId('codes-buy-quantity').fill('3');
  await dialog.getByTestId('codes-buy-note').fill('Loja Centro');
  await expect(dialog.getByTestId('codes-buy-cost')).toContainText('Custo: 3,00 créditos (1,00 por código)');
  await shot(page, '95-codes-buy-1366');
  await dialog.getByTestId('codes-buy-submit').click();

  // The new batch opens: three codes in stock, 3,00 taken from the balance in one movement.
  await expect(page).toHaveURL(/\/activation-codes\/\d+$/);
  await expect(page.getByText('Códigos criados com sucesso')).toBeVisible();
  await expect(page.getByTestId('code-row')).toHaveCount(3);
  await expect(page.getByTestId('batch-counts')).toContainText('Em estoque: 3');
  await expect(page.getByTestId('code-row').first()).toContainText(/\d{4} \d{4} \d{4}/);
  await shot(page, '96-codes-batch-1366');

  // The print sheet: a card with a QR code per unused code.
  await page.getByTestId('batch-print').click();
  await expect(page).toHaveURL(/\/activation-codes\/\d+\/print$/);
  await expect(page.getByTestId('sheet-card')).toHaveCount(3);
  await expect(page.getByTestId('sheet-card').first().locator('img')).toBeVisible();
  await shot(page, '97-codes-sheet-1366');
  await page.goBack();

  // Cancelling asks, then the code stops working and its price comes back.
  await page.locator('[data-testid$="-cancel"]').first().click();
  await expect(page.getByTestId('code-cancel')).toContainText('1,00 créditos voltam');
  await page.getByTestId('code-cancel-confirm').click();
  await expect(page.getByText('Código cancelado: 1,00 créditos devolvidos.')).toBeVisible();
  await expect(page.getByTestId('batch-counts')).toContainText('Em estoque: 2');
  await expect(page.getByTestId('batch-counts')).toContainText('Cancelados: 1');
  await expect(page.getByText('Cancelado', { exact: true })).toBeVisible();

  await page.setViewportSize(PHONE);
  await page.reload();
  await expect(page.getByTestId('code-row')).toHaveCount(3);
  await shot(page, '98-codes-batch-390');
});
