import { expect, test } from '../fixtures/test';
import { ADMIN, openSettingsMenu, solveCaptcha } from '../fixtures/session';
import { shot } from '../fixtures/shot';

test('login screen shows the spec messages on an empty submit', async ({ page }) => {
  await page.goto('/login');
  await page.getByRole('button', { name: 'Acessar' }).click();
  await expect(page.getByText('Preencha corretamente o nome do usuário')).toBeVisible();
  await expect(page.getByText('Mínimo de 5 caracteres')).toBeVisible();
  await expect(page.getByText('Por favor, complete o reCAPTCHA')).toBeVisible();
  await shot(page, '01-login-validation', { fullPage: true });
});

test('a protected route without a login goes to /login, and back there after signing in', async ({
  page,
}) => {
  // The root path is the panel: it redirects to /dashboard, which without a login goes to /login.
  await page.goto('/');
  await expect(page).toHaveURL(/\/login$/);
  await page.goto('/profile');
  await expect(page).toHaveURL(/\/login$/);
  await page.getByLabel('Usuário').fill(ADMIN.username);
  await page.getByLabel('Senha', { exact: true }).fill(ADMIN.password);
  await solveCaptcha(page);
  await page.getByRole('button', { name: 'Acessar' }).click();
  await expect(page).toHaveURL(/\/profile$/);
  await expect(page.getByText('Exibir tabelas em modo vertical (Mobile)')).toBeVisible();
});

test('admin: sign in with captcha → dashboard → theme → lock → unlock → logout', async ({ page, signIn }) => {
  await signIn();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByTestId('credit-balance')).toHaveText(/\d+,\d{2}/);
  await shot(page, '02-dashboard-light', { fullPage: true });

  const html = page.locator('html');
  const before = await html.getAttribute('data-mantine-color-scheme');
  // Mantine draws the track over the hidden input, so the click is forced onto the input itself.
  await page.getByRole('switch', { name: 'Alternar tema' }).click({ force: true });
  await expect(html).not.toHaveAttribute('data-mantine-color-scheme', before ?? '');
  await shot(page, '03-dashboard-theme-switched', { fullPage: true });
  // The choice is stored on the profile, so it survives a reload.
  const after = await html.getAttribute('data-mantine-color-scheme');
  await page.reload();
  await expect(html).toHaveAttribute('data-mantine-color-scheme', after ?? '');

  await openSettingsMenu(page);
  await page.getByRole('menuitem', { name: 'Bloquear painel' }).click();
  await expect(page).toHaveURL(/\/lock$/);
  // The URL changes before the lock screen replaces the dashboard (its chunk loads in a transition), so
  // wait for the lock screen itself; the name is its heading, not any text of the page before it.
  await expect(page.getByRole('button', { name: 'Desbloquear' })).toBeVisible();
  await expect(page.getByRole('heading', { name: ADMIN.username, exact: true })).toBeVisible();
  await shot(page, '04-lock', { fullPage: true });

  // While locked, the API refuses the session: going to the dashboard lands back on /lock.
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/lock$/);

  await page.getByLabel('Senha', { exact: true }).fill(ADMIN.password);
  await solveCaptcha(page);
  await page.getByRole('button', { name: 'Desbloquear' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);

  await openSettingsMenu(page);
  await page.getByRole('menuitem', { name: 'Sair' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/login$/);
  await shot(page, '05-logged-out', { fullPage: true });
});

test('a wrong password shows the server message and leaves the user on /login', async ({ page, signIn }) => {
  await signIn({ username: ADMIN.username, password: 'errada99' });
  await expect(page.getByText('Usuário ou senha inválidos.')).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
});
