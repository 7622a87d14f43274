import { expect, test } from '../fixtures/test';
import { openPhone } from '../fixtures/devices';
import { loginAs } from '../fixtures/session';
import { shot } from '../fixtures/shot';

/**
 * Bulk actions on /users (docs/product/screens.md#users-bulk-actions, decisions 0150–0154): select the page,
 * renew it with the total shown before confirming and a summary after; block on a phone.
 */
test('a reseller renews a page of lines at once, sees the total and the summary, and blocks from a phone', async ({
  page,
  signIn,
  api,
  newReseller,
  browser,
  baseURL,
  csp,
}) => {
  test.setTimeout(120_000);
  const seeded = await newReseller(20, 'massa');
  await signIn(seeded);
  await expect(page).toHaveURL(/\/dashboard$/);
  // Three paid lines (one credit each) and a trial, seeded through the API.
  for (let index = 0; index < 3; index++) await api.call('POST', '/users', { package_id: 17 });
  const trial = await api.createTrialLine();

  await page.goto('/users');
  await expect(page.getByTestId('users-table-row')).toHaveCount(4);
  await expect(page.getByTestId('credit-balance')).toHaveText('17,00');
  await page
    .getByTestId('bulk-toolbar')
    .getByRole('checkbox', { name: 'Selecionar todos desta página' })
    .check();
  await expect(page.getByTestId('bulk-selected-count')).toHaveText('4 selecionados');
  await shot(page, 'bulk-10-selected');

  await page.getByTestId('bulk-actions-button').click();
  await page.getByTestId('bulk-action-renew_month').click();
  const dialog = page.getByTestId('bulk-dialog');
  // The total before confirming: the sum of the single renewals; the trial is foreseen as refused.
  await expect(dialog.getByTestId('bulk-preview-total')).toHaveText('3,00');
  await expect(dialog.getByTestId('bulk-preview-balance')).toHaveText('17,00');
  await expect(dialog.getByTestId('bulk-preview-refusals')).toContainText(
    '1 usuário: Este usuário é um teste.',
  );
  await shot(page, 'bulk-20-renew-total');
  await dialog.getByTestId('bulk-confirm').click();

  const result = dialog.getByTestId('bulk-result');
  await expect(result.getByTestId('bulk-result-done')).toHaveText('3');
  await expect(result.getByTestId('bulk-result-refused')).toHaveText('1');
  await expect(result.getByTestId('bulk-result-charged')).toHaveText('3,00');
  await expect(result.getByTestId('bulk-result-line').first()).toContainText(trial.username);
  await shot(page, 'bulk-30-renew-summary');
  await result.getByTestId('bulk-result-close').click();
  await expect(page.getByTestId('credit-balance')).toHaveText('14,00');
  await expect(page.getByTestId('bulk-selected-count')).toHaveCount(0);

  // A bulk block from a phone: the same toolbar above the list, the same dialog.
  const { phone, mobile } = await openPhone(browser, baseURL, csp);
  try {
    await loginAs(mobile, seeded);
    await expect(mobile).toHaveURL(/\/dashboard$/);
    await mobile.goto('/users');
    await expect(mobile.getByTestId('bulk-toolbar')).toBeVisible();
    await mobile.getByTestId('bulk-select-line').first().check();
    await mobile.getByTestId('bulk-select-line').nth(1).check();
    await expect(mobile.getByTestId('bulk-selected-count')).toHaveText('2 selecionados');
    await mobile.getByTestId('bulk-actions-button').click();
    await mobile.getByTestId('bulk-action-block').click();
    const phoneDialog = mobile.getByTestId('bulk-dialog');
    await expect(phoneDialog.getByTestId('bulk-preview-count')).toHaveText('Esta ação inclui 2 usuários.');
    await shot(mobile, 'bulk-40-phone-block-confirm');
    await phoneDialog.getByTestId('bulk-confirm').click();
    await expect(phoneDialog.getByTestId('bulk-result-done')).toHaveText('2');
    await shot(mobile, 'bulk-50-phone-block-summary');
    await phoneDialog.getByTestId('bulk-result-close').click();
    await expect(mobile.getByTestId('line-status').filter({ hasText: 'BLOQUEADO' })).toHaveCount(2);
  } finally {
    await phone.close();
  }
});
