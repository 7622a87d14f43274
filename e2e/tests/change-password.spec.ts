import { logout, openSettingsMenu } from '../fixtures/session';
import { expect, test } from '../fixtures/test';
import { shot } from '../fixtures/shot';

test('changing the password asks for the current one; the new one signs in', async ({
  page,
  signIn,
  newReseller,
}) => {
  test.slow(); // two sign-ins, each solving a captcha
  const reseller = await newReseller(10, 'senha');
  await signIn(reseller);
  await expect(page).toHaveURL(/\/dashboard$/);
  await openSettingsMenu(page);
  await page.getByRole('menuitem', { name: 'Alterar senha' }).click();
  await expect(page).toHaveURL(/\/profile\/change-password$/);

  const current = page.getByLabel('Senha atual');
  await current.fill('errada@77');
  await page.getByLabel('Nova senha', { exact: true }).fill('nova@senha9');
  await page.getByLabel('Confirme a nova senha').fill('nova@senha9');
  await page.getByRole('button', { name: 'Alterar senha' }).click();
  // The server's refusal shows under the field it names.
  await expect(page.locator('.mantine-InputWrapper-root', { has: current })).toContainText(
    'Senha atual incorreta.',
  );
  await shot(page, 'change-password-wrong-current', { fullPage: true });

  await current.fill(reseller.password);
  await page.getByRole('button', { name: 'Alterar senha' }).click();
  await expect(page.getByText('Senha alterada com sucesso!')).toBeVisible();
  // docs/product/screens.md#change-password: after success the app reloads to /dashboard.
  await expect(page).toHaveURL(/\/dashboard$/);
  await logout(page);

  await signIn({ username: reseller.username, password: 'nova@senha9' });
  await expect(page).toHaveURL(/\/dashboard$/);
});
