import { closeCreatedModal, lineRow } from '../fixtures/lines';
import { ADMIN, logout } from '../fixtures/session';
import { expect, test } from '../fixtures/test';
import { shot } from '../fixtures/shot';

test('"Criar teste rápido" creates a trial in one click', async ({ adminPage: page }) => {
  test.setTimeout(120_000);
  await page.getByTestId('quick-link-quick-test').click();
  await expect(page).toHaveURL(/\/users$/);
  const form = page.getByTestId('create-line-modal');
  await expect(form).toBeVisible();
  await expect(form.getByRole('switch', { name: 'Teste' })).toBeChecked();
  await expect(form.getByRole('switch', { name: 'Usuário e senha aleatórios' })).toBeChecked();
  await expect(form.getByTestId('create-line-price')).toHaveText('Grátis (teste)');
  await shot(page, '62-quick-test-form', { fullPage: true });

  // The one click.
  await form.getByRole('button', { name: 'Criar teste' }).click();
  const created = page.getByTestId('line-created-modal');
  await expect(created).toBeVisible();
  await expect(page.locator('[data-small-toast]').getByText('Teste criado')).toBeVisible();
  const username = (await created.getByTestId('line-created-username').textContent()) ?? '';
  expect(username).toMatch(/^[a-z][a-z0-9]{7,9}$/i);
  await closeCreatedModal(page);
  await expect(lineRow(page, username).getByTestId('line-trial')).toHaveText('Teste');
});

test('an admin creates a line owned by a chosen master, who then sees it in its list', async ({
  adminPage: page,
  signIn,
  newReseller,
}) => {
  test.setTimeout(120_000);
  const owner = await newReseller(10, 'dono');
  const master = owner.username;

  await page.goto('/users');
  await page.getByTestId('new-user-button').click();
  const form = page.getByTestId('create-line-modal');
  await expect(form).toBeVisible();
  const ownerSelect = form.getByTestId('create-line-owner');
  // The admin itself until another owner is chosen.
  await expect(ownerSelect).toHaveValue(ADMIN.username);
  await ownerSelect.click();
  await ownerSelect.fill(master);
  await page.getByRole('option', { name: master, exact: true }).click();
  await expect(ownerSelect).toHaveValue(master);
  await form.getByRole('switch', { name: 'Usuário e senha aleatórios' }).check({ force: true });
  await form.getByTestId('create-line-package').selectOption('17');
  await expect(form.getByTestId('create-line-price')).toHaveText('Grátis (admin)');
  await shot(page, '63-create-line-owner', { fullPage: true });
  await form.getByTestId('create-line-submit').click();
  const created = page.getByTestId('line-created-modal');
  // The creation takes the tree lock and writes the line, its log and outbox: slow on a busy CI machine.
  await expect(created).toBeVisible({ timeout: 30_000 });
  const username = (await created.getByTestId('line-created-username').textContent()) ?? '';
  await closeCreatedModal(page);
  await expect(lineRow(page, username).getByTestId('line-reseller')).toHaveText(master);

  await logout(page);
  // docs/product/screens.md#redirect-after-login: the sign-in returns to the last protected page of this browser, /users.
  await signIn(owner);
  await expect(page).toHaveURL(/\/users$/);
  await expect(lineRow(page, username)).toBeVisible();
});
