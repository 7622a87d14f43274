import { MIGRATION_MESSAGES } from '@panel/shared/migration/migration-api';
import { startFakeProvider, type FakeProvider } from '../../apps/server/test/migration/fake-provider';
import { FAKE_PORTS } from '../fixtures/fake-ports';
import { expect, test } from '../fixtures/test';
import { closeMigratedModal, expectMigrated, migrateCustomer, openMigrationDialog } from '../steps/migration';
import { LAPTOP, PHONE } from '../fixtures/devices';
import { shot } from '../fixtures/shot';

// docs/product/screens.md#migration-dialog (decision 0052): a reseller migrates a customer of another
// provider (the fake Xtream server on its fixed port) once the admin allows migration for everyone.
const DAY = 86_400;

let provider: FakeProvider;
test.beforeAll(async () => {
  provider = await startFakeProvider({ port: FAKE_PORTS.migrationProvider });
});
test.afterAll(() => provider.close());

function customerOfProvider(prefix: string, days: number, screens: number) {
  const username = `${prefix}${Date.now() % 1_000_000}`;
  const password = `Mig${Date.now() % 1000}senha`;
  provider.addAccount({
    username,
    password,
    expDate: Math.floor(Date.now() / 1000) + days * DAY - 300,
    maxConnections: screens,
  });
  return { username, password, url: provider.playlistUrl(username, password) };
}

const balance = async (api: { call<T>(method: 'GET', path: string): Promise<T> }) =>
  (await api.call<{ credits: string }>('GET', '/profile')).credits;

test.use({ viewport: LAPTOP });

test('a reseller migrates a customer from another provider; the balance drops by exactly the shown charge', async ({
  page,
  adminApi,
  api,
  newReseller,
  signIn,
}) => {
  test.setTimeout(120_000);
  const before = await adminApi.call<{ user_migration_list: string }>('GET', '/admin/panel');
  await adminApi.call('PUT', '/admin/panel', { user_migration_list: 'true' });
  try {
    const reseller = await newReseller(10, 'migra');
    await signIn(reseller);
    await expect(page).toHaveURL(/\/dashboard$/);
    const customer = customerOfProvider('migrado', 10, 2);
    const start = await balance(api);

    // The dialog at both sizes, at the confirm step.
    await openMigrationDialog(page);
    const dialog = page.getByTestId('migration-dialog');
    await dialog.getByTestId('migration-url').fill(customer.url);
    await dialog.getByTestId('migration-verify').click();
    await expect(dialog.getByTestId('migration-username')).toHaveText(customer.username);
    await expect(dialog.getByTestId('migration-total_days')).toHaveText('10');
    await expect(dialog.getByTestId('migration-max_connections')).toHaveText('2');
    await shot(page, '90-migration-dialog-1366');
    await page.setViewportSize(PHONE);
    await expect(dialog.getByTestId('migration-submit')).toBeVisible();
    await shot(page, '91-migration-dialog-390');
    await dialog.getByTestId('migration-back').click();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await page.setViewportSize(LAPTOP);

    const { shownCharge, username, password } = await migrateCustomer(page, customer.url, 'iptv');
    // A login that fits this panel's rules keeps its credentials.
    expect({ username, password }).toEqual({ username: customer.username, password: customer.password });
    // 10 days × 2 screens / 30, rounded up to the cent (docs/product/costs.md#rounding).
    expect(shownCharge).toBe('0,67');
    const end = await balance(api);
    expect(Math.round(Number(start) * 100) - Math.round(Number(end) * 100)).toBe(67);
    await expect(page.getByText(customer.username).first()).toBeVisible();
  } finally {
    await adminApi.call('PUT', '/admin/panel', { user_migration_list: before.user_migration_list });
  }
});

test("a customer whose login breaks this panel's rules migrates under the suggested username and password", async ({
  page,
  adminApi,
  newReseller,
  signIn,
}) => {
  test.setTimeout(120_000);
  const before = await adminApi.call<{ user_migration_list: string }>('GET', '/admin/panel');
  await adminApi.call('PUT', '/admin/panel', { user_migration_list: 'true' });
  try {
    const reseller = await newReseller(10, 'migrb');
    await signIn(reseller);
    await expect(page).toHaveURL(/\/dashboard$/);
    // docs/decisions/0067: 'cliente_velho…' (an underscore) and 'Velha.Senha' (a dot) are refused here.
    const oldUsername = `cliente_velho${Date.now() % 1_000_000}`;
    const newUsername = oldUsername.replace('_', '');
    provider.addAccount({
      username: oldUsername,
      password: 'Velha.Senha',
      expDate: Math.floor(Date.now() / 1000) + 10 * DAY - 300,
      maxConnections: 1,
    });

    await openMigrationDialog(page);
    const dialog = page.getByTestId('migration-dialog');
    await dialog.getByTestId('migration-url').fill(provider.playlistUrl(oldUsername, 'Velha.Senha'));
    await dialog.getByTestId('migration-verify').click();
    await expect(dialog.getByTestId('migration-username')).toHaveText(oldUsername);
    const notice = dialog.getByTestId('migration-new-credentials');
    await expect(notice).toContainText(MIGRATION_MESSAGES.usernameOutsideRules);
    await expect(notice).toContainText(MIGRATION_MESSAGES.passwordOutsideRules);
    await expect(notice).toContainText(MIGRATION_MESSAGES.tellCustomer);
    await expect(dialog.getByTestId('migration-new-username')).toHaveValue(newUsername);
    await expect(dialog.getByTestId('migration-new-password')).toHaveValue('VelhaSenha');
    await dialog.getByTestId('migration-service').selectOption('iptv');
    await shot(page, '92-migration-new-login-1366');
    await dialog.getByTestId('migration-submit').click();

    const success = await expectMigrated(page);
    await expect(success.getByRole('heading', { name: MIGRATION_MESSAGES.migratedTitle })).toBeVisible();
    await expect(success.getByTestId('line-created-notice')).toHaveText(
      MIGRATION_MESSAGES.migratedWithNewCredentials,
    );
    await expect(success.getByTestId('line-created-username')).toHaveText(newUsername);
    await expect(success.getByTestId('line-created-password')).toHaveText('VelhaSenha');
    await expect(success.getByTestId('line-created-links-m3uPlus')).toHaveValue(
      new RegExp(`username=${newUsername}&password=VelhaSenha`),
    );
    await expect(success.getByTestId('line-created-messages-text')).toHaveValue(new RegExp(newUsername));
    await shot(page, '93-migration-new-login-success-1366');
    await closeMigratedModal(page);
    await expect(page.getByText(newUsername).first()).toBeVisible();
  } finally {
    await adminApi.call('PUT', '/admin/panel', { user_migration_list: before.user_migration_list });
  }
});
