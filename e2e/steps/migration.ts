import { expect, type Page } from '@playwright/test';

/**
 * Journey step (decision 0052): migrates a customer of another provider from the menu's 'Migrar cliente'
 * dialog, as a person does — the playlist URL, 'Verificar', the target service, 'Migrar' — and answers
 * the charge the dialog showed (`credits_to_deduct`, as on screen, e.g. '0,67') and the migrated username.
 * The page must be signed in as an account allowed to migrate.
 */
export async function migrateCustomer(
  page: Page,
  playlistUrl: string,
  service: 'iptv' | 'p2p',
): Promise<{ shownCharge: string; username: string }> {
  await openMigrationDialog(page);
  const dialog = page.getByTestId('migration-dialog');
  await dialog.getByTestId('migration-url').fill(playlistUrl);
  await dialog.getByTestId('migration-verify').click();
  await expect(dialog.getByTestId('migration-check')).toBeVisible();
  const shownCharge = (await dialog.getByTestId('migration-credits_to_deduct').innerText()).trim();
  const username = (await dialog.getByTestId('migration-username').innerText()).trim();
  await dialog.getByTestId('migration-service').selectOption(service);
  await dialog.getByTestId('migration-submit').click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('Usuário migrado com sucesso')).toBeVisible();
  await expect(page).toHaveURL(/\/users$/);
  return { shownCharge, username };
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
