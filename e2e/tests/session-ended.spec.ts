import type { Page } from '@playwright/test';
import { solveCaptcha } from '../fixtures/session';
import { expect, RESELLER_PASSWORD as PASSWORD, test } from '../fixtures/test';
import { shot } from '../fixtures/shot';

// The texts of packages/shared (docs/product/messages.md#session-failures; decision 0029 for a session gone for good).
const LOCKED_TEXT = 'Sessão expirada ou credenciais inválidas. Faça login novamente.';
const ENDED_TEXT = 'Sua sessão foi encerrada. Faça login novamente.';
const BLOCKED_TEXT = 'Sua sessão foi encerrada porque sua conta foi bloqueada. Contacte seu revenda master.';

/**
 * On /users, a click that asks the server again: sorting by username. A background request of the panel
 * (a refetch) may meet the ended session first and leave for /login before the click; the caller's next
 * expectation (the URL and the notice) is what proves the outcome either way.
 */
async function clickInUsers(page: Page): Promise<void> {
  await page
    .getByTestId('sort-username')
    .click({ timeout: 10_000 })
    .catch(() => undefined);
}

async function openUsers(page: Page): Promise<void> {
  await page.goto('/users');
  await expect(page.getByRole('heading', { name: 'Usuários' })).toBeVisible();
  await expect(page.getByTestId('users-table-empty')).toBeVisible();
}

/** Signs in on the /login screen the panel is already on (no navigation first). */
async function signInHere(page: Page, username: string): Promise<void> {
  await page.getByLabel('Usuário').fill(username);
  await page.getByLabel('Senha', { exact: true }).fill(PASSWORD);
  await solveCaptcha(page);
  await page.getByRole('button', { name: 'Acessar' }).click();
}

test('a session ended elsewhere: /login says why, and signing in returns to the page', async ({
  page,
  signIn,
  api,
  adminApi,
  newReseller,
}) => {
  test.setTimeout(120_000);
  const { id, username, password } = await newReseller(10, 'sessao');
  await signIn({ username, password });
  await expect(page).toHaveURL(/\/dashboard$/);
  await openUsers(page);

  // Blocked by the admin: the next click lands on /login, which says the account is blocked.
  await adminApi.call('POST', `/resellers/${id}/block`);
  await clickInUsers(page);
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByTestId('session-notice')).toHaveText(BLOCKED_TEXT);
  await shot(page, '60-session-ended-blocked', { fullPage: true });

  // Unblocked, the reseller signs in again and is back on /users; the notice is gone.
  await adminApi.call('POST', `/resellers/${id}/unblock`);
  await signInHere(page, username);
  await expect(page).toHaveURL(/\/users$/);
  await expect(page.getByRole('heading', { name: 'Usuários' })).toBeVisible();

  // The same session signed out from another tab or device: opening the page again (a reload, the
  // screen's role guard waiting on the profile) lands on /login, which says the session was ended.
  await api.call('POST', '/auth/logout');
  await page.reload();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByTestId('session-notice')).toHaveText(ENDED_TEXT);
  await signInHere(page, username);
  await expect(page).toHaveURL(/\/users$/);
  await expect(page.getByTestId('session-notice')).toHaveCount(0);
});

test('a session locked elsewhere: /lock shows the 401 text, and unlocking returns to the page', async ({
  page,
  signIn,
  api,
  newReseller,
}) => {
  test.setTimeout(120_000);
  await signIn(await newReseller(10, 'sessao'));
  await expect(page).toHaveURL(/\/dashboard$/);
  await openUsers(page);

  // Locked from elsewhere (an idle session locks the same way on the server).
  await api.call('POST', '/auth/lock');
  await clickInUsers(page);
  await expect(page).toHaveURL(/\/lock$/);
  await expect(page.getByRole('button', { name: 'Desbloquear' })).toBeVisible();
  await expect(page.getByTestId('session-notice')).toHaveText(LOCKED_TEXT);
  await shot(page, '61-session-locked', { fullPage: true });

  await page.getByLabel('Senha', { exact: true }).fill(PASSWORD);
  await solveCaptcha(page);
  await page.getByRole('button', { name: 'Desbloquear' }).click();
  await expect(page).toHaveURL(/\/users$/);
  await expect(page.getByRole('heading', { name: 'Usuários' })).toBeVisible();

  // Locked again, and then ended for good while on /lock (a sign-out elsewhere; blocking or the 30 days
  // do the same): unlocking cannot work, and /login says why instead of 'Erro no desbloqueio' (0068).
  await api.call('POST', '/auth/lock');
  await clickInUsers(page);
  await expect(page).toHaveURL(/\/lock$/);
  await api.call('POST', '/auth/logout');
  await page.getByLabel('Senha', { exact: true }).fill(PASSWORD);
  await solveCaptcha(page);
  await page.getByRole('button', { name: 'Desbloquear' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByTestId('session-notice')).toHaveText(ENDED_TEXT);
  await shot(page, '62-session-ended-while-locked', { fullPage: true });
});
