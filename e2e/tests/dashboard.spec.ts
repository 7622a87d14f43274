import { expect, test } from '../fixtures/test';
import { createResellerByApi, createTrialLineByApi } from '../fixtures/api';
import { uniqueUsername } from '../fixtures/resellers';
import { ADMIN, loginAs, logout } from '../fixtures/session';

const shot = (name: string) => ({ path: `artifacts/screenshots/${name}.png`, fullPage: true });
const PASSWORD = 'senha@19';

test('a reseller reveals its counters, renews an expiring trial by one month from the dashboard and sees it leave the list', async ({
  page,
}) => {
  // A fresh reseller with 20 credits, so its counters and balance are exact.
  const reseller = uniqueUsername('dash');
  await loginAs(page, ADMIN);
  await expect(page).toHaveURL(/\/dashboard$/);
  await createResellerByApi(page, { username: reseller, password: PASSWORD, credits: 20 });
  await logout(page);

  await loginAs(page, { username: reseller, password: PASSWORD });
  await expect(page).toHaveURL(/\/dashboard$/);
  // Nothing expires yet.
  await expect(page.getByTestId('expiring-table-empty')).toHaveText('Não há vencimentos próximos');

  // A trial expires within hours: it belongs in 'Próximos vencimentos'.
  const trial = await createTrialLineByApi(page);
  await page.reload();
  const row = page.getByTestId('expiring-table-row').filter({ hasText: trial.username });
  await expect(row).toHaveCount(1);
  await expect(row.getByTestId('expiring-screens')).toHaveText('1');
  await expect(row.getByTestId('expiring-expiry')).toHaveAttribute(
    'data-tooltip',
    /^Expira (hoje|em 1 dia)$/,
  );

  // The numbers stay hidden until the eye is clicked.
  await expect(page.getByTestId('counter-users-value')).toHaveText('••••');
  await expect(page.getByTestId('profile-tree-users')).toHaveText('••••');
  await page.screenshot(shot('30-dashboard-numbers-hidden'));
  await page.getByRole('button', { name: 'Mostrar números' }).click();
  await expect(page.getByTestId('counter-resellers-value')).toHaveText('0');
  await expect(page.getByTestId('counter-users-value')).toHaveText('1');
  await expect(page.getByTestId('counter-users-active-value')).toHaveText('1');
  await expect(page.getByTestId('counter-users-new-value')).toHaveText('1');
  await expect(page.getByTestId('profile-tree-users')).toHaveText('1');
  await expect(page.getByRole('button', { name: 'Ocultar números' })).toBeVisible();
  await expect(page.getByTestId('profile-credits')).toHaveText('20,00');
  await page.screenshot(shot('31-dashboard-numbers-shown'));

  // Renew by one month: the confirmation shows the price (one credit per screen).
  await row.getByTestId('expiring-renew-month').click();
  const dialog = page.getByTestId('renew-month-dialog');
  await expect(dialog).toBeVisible();
  await expect(dialog.getByTestId('renew-month-price')).toHaveText('1,00 créditos');
  await page.screenshot(shot('32-dashboard-renew-month-confirm'));
  await dialog.getByTestId('renew-month-dialog-confirm').click();

  await expect(page.getByText('Usuário renovado com sucesso')).toBeVisible();
  await expect(dialog).toBeHidden();
  // Renewed a month ahead, the line is no longer within the 7-day window: it leaves the list.
  await expect(page.getByTestId('expiring-table-row')).toHaveCount(0);
  await expect(page.getByTestId('expiring-table-empty')).toHaveText('Não há vencimentos próximos');
  // The top bar and the profile card follow the spend.
  await expect(page.getByTestId('credit-balance')).toHaveText('19,00');
  await expect(page.getByTestId('profile-credits')).toHaveText('19,00');
  await page.screenshot(shot('33-dashboard-renewed'));

  // Still there after a reload: the server renewed it.
  await page.reload();
  await expect(page.getByTestId('expiring-table-empty')).toHaveText('Não há vencimentos próximos');
});
