import { expect, test } from '../fixtures/test';
import {
  changeCredits,
  createReseller,
  openCreditDialog,
  resellerRow,
  uniqueUsername,
} from '../fixtures/resellers';
import { logout } from '../fixtures/session';
import { shot } from '../fixtures/shot';

const PASSWORD = 'senha@19';

test('admin creates a master with 100 credits; the master creates a sub-reseller with 10, adds 15 and finds both moves in the logs', async ({
  adminPage: page,
  signIn,
}) => {
  const master = uniqueUsername('master');
  const sub = uniqueUsername('sub');

  // Admin: a master with 100 credits (minted: the admin's own balance does not move).
  await page.goto('/resellers');
  await expect(page.getByRole('heading', { name: 'Revendedores' })).toBeVisible();
  await createReseller(page, { username: master, password: PASSWORD, credits: 100 });
  const masterRow = resellerRow(page, master);
  await expect(masterRow.getByTestId('reseller-credits')).toHaveText('100,00');
  await expect(masterRow.getByTestId('reseller-status')).toHaveText('ATIVO');
  // Other journeys share this server and create resellers too: the page count depends on what ran before.
  await expect(page.getByTestId('resellers-table-footer')).toHaveText(/^Página 1 a \d+ - Quantidade \d+$/);
  await shot(page, '10-resellers-admin-created-master', { fullPage: true });
  await logout(page);

  // The master signs in with its 100 credits.
  await signIn({ username: master, password: PASSWORD });
  // docs/product/screens.md#redirect-after-login: after login the browser goes back to the last protected page visited (here /resellers).
  await expect(page).toHaveURL(/\/resellers$/);
  await expect(page.getByTestId('credit-balance')).toHaveText('100,00');

  // A sub-reseller with 10 credits: they leave the master's balance.
  await page.goto('/resellers');
  // docs/product/screens.md#resellers: a reseller's list starts filtered on its own username ("Meus revendas").
  await expect(page.getByTestId('filter-master')).toHaveValue(master);
  await expect(page.getByTestId('resellers-table-empty')).toHaveText('Nenhum Resultado');
  await createReseller(page, { username: sub, password: PASSWORD, credits: 10 });
  await expect(resellerRow(page, sub).getByTestId('reseller-credits')).toHaveText('10,00');
  await expect(page.getByTestId('credit-balance')).toHaveText('90,00');
  await shot(page, '11-resellers-master-created-sub', { fullPage: true });

  // 15 more: the dialog previews the new total; the top bar follows the move.
  const dialog = await openCreditDialog(page, sub);
  await dialog.getByTestId('credit-value').fill('5');
  await dialog.getByTestId('credit-submit').click();
  await expect(dialog.getByText('É necessário um mínimo de 10 creditos')).toBeVisible();
  await dialog.getByTestId('credit-value').fill('15');
  await expect(dialog.getByTestId('credit-new-total')).toHaveText('25,00');
  await shot(page, '12-resellers-credit-dialog', { fullPage: true });
  await dialog.getByRole('button', { name: 'Cancelar' }).click();
  await changeCredits(page, sub, 15);
  await expect(resellerRow(page, sub).getByTestId('reseller-credits')).toHaveText('25,00');
  await expect(page.getByTestId('credit-balance')).toHaveText('75,00');
  await shot(page, '13-resellers-master-balance-after-credits', { fullPage: true });

  // The sub-reseller's statement lists both moves.
  const statement = await openCreditDialog(page, sub);
  await statement.getByTestId('credit-tab-ledger').click();
  await expect(statement.getByTestId('ledger-amount')).toHaveText(['+15,00', '+10,00']);
  await shot(page, '14-resellers-sub-ledger', { fullPage: true });
  await page.keyboard.press('Escape');
  await expect(statement).toBeHidden();

  // /resellers/logs, reached through the row action: the sub-reseller's statement, filtered on 'Alvo'.
  await resellerRow(page, sub).getByTestId('reseller-actions').click();
  await page.getByTestId('reseller-action-logs').click();
  await expect(page).toHaveURL(/\/resellers\/logs$/);
  await expect(page.getByTestId('filter-target')).toHaveValue(sub);
  await expect(page.getByTestId('filter-reseller')).toHaveValue('');
  const resellerLogs = page.getByTestId('reseller-logs-table-row');
  await expect(resellerLogs).toHaveCount(2);
  await expect(resellerLogs.nth(0)).toContainText('ADICIONAR');
  await expect(resellerLogs.nth(0).getByTestId('log-value')).toHaveText('+15,00');
  await expect(resellerLogs.nth(1)).toContainText('CRIAÇÃO');
  await expect(resellerLogs.nth(1).getByTestId('log-value')).toHaveText('+10,00');
  await expect(resellerLogs.getByTestId('log-target')).toHaveText([sub, sub]);
  await shot(page, '15-resellers-logs', { fullPage: true });
  // 'Revendedor' is who acted: the sub-reseller did nothing, the master did both.
  await page.getByTestId('filter-target').fill('');
  await page.getByTestId('filter-target').press('Enter');
  await page.getByTestId('filter-reseller').fill(sub);
  await page.getByTestId('filter-reseller').press('Enter');
  await expect(resellerLogs).toHaveCount(0);
  await page.getByTestId('filter-reseller').fill(master);
  await page.getByTestId('filter-reseller').press('Enter');
  await expect(resellerLogs).toHaveCount(2);

  // /logs: the same two moves, with the master's balance before and after.
  await page.goto('/logs');
  const logs = page.getByTestId('logs-table-row').filter({ hasText: sub });
  await expect(logs).toHaveCount(2);
  await expect(logs.nth(0).getByTestId('log-value')).toHaveText('+15,00');
  await expect(logs.nth(0)).toContainText(`${master}: 90,00 → 75,00`);
  await expect(logs.nth(1).getByTestId('log-value')).toHaveText('+10,00');
  await expect(logs.nth(1)).toContainText(`${master}: 100,00 → 90,00`);
  await shot(page, '16-logs', { fullPage: true });

  // A reseller never reaches the transfer page.
  await page.goto('/admin/transfer');
  await expect(page).toHaveURL(/\/dashboard$/);
});

test('admin moves a reseller under another master after confirming', async ({ adminPage: page }) => {
  const from = uniqueUsername('mastera');
  const to = uniqueUsername('masterb');
  await createReseller(page, { username: from, password: PASSWORD });
  await createReseller(page, { username: to, password: PASSWORD });

  await page.goto('/admin/transfer');
  await page.getByTestId('transfer-submit').click();
  await expect(page.getByText('Informe o revenda', { exact: true })).toBeVisible();
  await expect(page.getByText('Informe o revenda master')).toBeVisible();

  await page.getByTestId('transfer-reseller').fill(from);
  await page.getByRole('option', { name: from, exact: true }).click();
  await page.getByTestId('transfer-master').fill(to);
  await page.getByRole('option', { name: to, exact: true }).click();
  await page.getByTestId('transfer-submit').click();
  const confirm = page.getByTestId('transfer-confirm');
  await expect(confirm).toContainText('Deseja realmente transferir o revenda para outro master?');
  await shot(page, '17-transfer-confirm', { fullPage: true });
  await confirm.getByRole('button', { name: 'Transferir' }).click();
  await expect(page.getByText('Ação realizada com sucesso!')).toBeVisible();

  await page.goto('/resellers');
  await page.getByTestId('filter-search').fill(from);
  await page.getByTestId('filter-search').press('Enter');
  await expect(resellerRow(page, from)).toContainText(to);
  await shot(page, '18-transfer-done', { fullPage: true });
});
