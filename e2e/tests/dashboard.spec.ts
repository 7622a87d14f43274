import { expect, test } from '../fixtures/test';
import { lineAction } from '../fixtures/lines';
import { shot } from '../fixtures/shot';

test('a reseller reveals its counters; a 4-hour trial stays out of the expirations and is renewed only as a confirmed conversion', async ({
  page,
  signIn,
  api,
  newReseller,
}) => {
  // A fresh reseller with 20 credits, so its counters and balance are exact.
  await signIn(await newReseller(20, 'dash'));
  await expect(page).toHaveURL(/\/dashboard$/);
  // Nothing expires yet. The first screen of a fresh browser loads its chunks cold: on a machine other suites
  // load too, that takes longer than the default 10 s.
  await expect(page.getByTestId('expiring-table-empty')).toHaveText('Não há vencimentos próximos', {
    timeout: 30_000,
  });

  // A trial expires within hours, but trials never crowd out paying customers there (decision 0027).
  const trial = await api.createTrialLine();
  await page.reload();
  await expect(page.getByTestId('expiring-table-empty')).toHaveText('Não há vencimentos próximos');
  await expect(page.getByTestId('expiring-table-row')).toHaveCount(0);

  // The numbers stay hidden until the eye is clicked.
  await expect(page.getByTestId('counter-users-value')).toHaveText('••••');
  await expect(page.getByTestId('profile-tree-users')).toHaveText('••••');
  await shot(page, '30-dashboard-numbers-hidden', { fullPage: true });
  await page.getByRole('button', { name: 'Mostrar números' }).click();
  await expect(page.getByTestId('counter-resellers-value')).toHaveText('0');
  await expect(page.getByTestId('counter-users-value')).toHaveText('1');
  await expect(page.getByTestId('counter-users-active-value')).toHaveText('1');
  await expect(page.getByTestId('counter-users-new-value')).toHaveText('1');
  await expect(page.getByTestId('profile-tree-users')).toHaveText('1');
  await expect(page.getByRole('button', { name: 'Ocultar números' })).toBeVisible();
  await expect(page.getByTestId('profile-credits')).toHaveText('20,00');
  await shot(page, '31-dashboard-numbers-shown', { fullPage: true });

  // Renewing the trial from /users converts it into a paid line: the dialog asks for exactly that.
  await page.goto('/users');
  await lineAction(page, trial.username, 'renew-month');
  const dialog = page.getByTestId('line-confirm-renew-month');
  await expect(dialog).toBeVisible();
  await expect(dialog.getByTestId('line-confirm-trial-conversion')).toContainText(
    'é um teste. Renovar por 1 mês o converte em usuário pago',
  );
  await expect(dialog.getByTestId('line-confirm-price')).toHaveText('Custo: 1,00 créditos');
  await shot(page, '32-users-trial-conversion-confirm', { fullPage: true });
  await dialog.getByTestId('line-confirm-renew-month-confirm').click();
  await expect(page.getByText('Usuário renovado com sucesso')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('credit-balance')).toHaveText('19,00');

  // Back on the dashboard: a month ahead, nothing expires soon; the profile card follows the spend.
  await page.goto('/dashboard');
  await expect(page.getByTestId('expiring-table-empty')).toHaveText('Não há vencimentos próximos');
  await expect(page.getByTestId('profile-credits')).toHaveText('19,00');
  await shot(page, '33-dashboard-after-conversion', { fullPage: true });
});
