import { expect, type Page } from '@playwright/test';

/**
 * Journey step (decisions 0052 and 0067): migrates a customer of another provider from the menu's
 * 'Migrar cliente' dialog, as a person does — the playlist URL, 'Verificar', the target service (a login
 * outside this panel's rules keeps the suggested new username and password), 'Migrar' — then reads the
 * success modal and closes it. Answers the charge the dialog showed (`credits_to_deduct`, as on screen,
 * e.g. '0,67') and the migrated line's username and password. The page must be signed in as an account
 * allowed to migrate.
 */
export async function migrateCustomer(
  page: Page,
  playlistUrl: string,
  service: 'iptv' | 'p2p',
): Promise<{ shownCharge: string; username: string; password: string }> {
  await openMigrationDialog(page);
  const dialog = page.getByTestId('migration-dialog');
  await dialog.getByTestId('migration-url').fill(playlistUrl);
  await dialog.getByTestId('migration-verify').click();
  await expect(dialog.getByTestId('migration-check')).toBeVisible();
  const shownCharge = (await dialog.getByTestId('migration-credits_to_deduct').innerText()).trim();
  await dialog.getByTestId('migration-service').selectOption(service);
  await dialog.getByTestId('migration-submit').click();
  const success = await expectMigrated(page);
  const migrated = {
    shownCharge,
    username: (await success.getByTestId('line-created-username').innerText()).trim(),
    password: (await success.getByTestId('line-created-password').innerText()).trim(),
  };
  await closeMigratedModal(page);
  return migrated;
}

/**
 * Closes the success modal with Escape: its 'Fechar' sits at the bottom right, where the success toast
 * stays while the pointer rests on it (Mantine pauses a hovered toast).
 */
export async function closeMigratedModal(page: Page): Promise<void> {
  const success = page.getByTestId('line-created-modal');
  await page.keyboard.press('Escape');
  await expect(success).toBeHidden();
}

/**
 * After 'Migrar': the dialog closes, the toast says so, the page is /users and the line's success modal
 * (credentials, links, setup message) is open. Answers that modal.
 */
export async function expectMigrated(page: Page) {
  await expect(page.getByTestId('migration-dialog')).toBeHidden();
  await expect(page.getByText('Usuário migrado com sucesso')).toBeVisible();
  await expect(page).toHaveURL(/\/users$/);
  const success = page.getByTestId('line-created-modal');
  await expect(success).toBeVisible();
  return success;
}

/** Opens 'Migrar cliente' from the sidebar (through the burger on a phone). */
export async function openMigrationDialog(page: Page): Promise<void> {
  const item = page.getByRole('navigation', { name: 'Menu principal' }).getByRole('button', {
    name: 'Migrar cliente',
  });
  const burger = page.getByRole('button', { name: 'Abrir menu' });
  if (await burger.isVisible()) await burger.click();
  // A reseller's item appears once the panel settings arrived (user_migration_list): click waits for it.
  await item.click();
  await expect(page.getByTestId('migration-dialog')).toBeVisible();
}
