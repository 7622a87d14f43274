import { startFakeProvider, type FakeProvider } from '../../apps/server/test/migration/fake-provider';
import { FAKE_PORTS } from '../fixtures/fake-ports';
import { expect, test } from '../fixtures/test';
import { migrateCustomer, openMigrationDialog } from '../steps/migration';
import { LAPTOP, PHONE } from '../fixtures/devices';

// docs/product/screens.md#migration-dialog (decision 0052): a reseller migrates a customer of another
// provider (the fake Xtream server on its fixed port) once the admin allows migration for everyone.
const shot = (name: string) => ({ path: `artifacts/screenshots/${name}.png` });
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
  return { username, url: provider.playlistUrl(username, password) };
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
    await page.screenshot(shot('90-migration-dialog-1366'));
    await page.setViewportSize(PHONE);
    await expect(dialog.getByTestId('migration-submit')).toBeVisible();
    await page.screenshot(shot('91-migration-dialog-390'));
    await dialog.getByTestId('migration-back').click();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await page.setViewportSize(LAPTOP);

    const { shownCharge, username } = await migrateCustomer(page, customer.url, 'iptv');
    expect(username).toBe(customer.username);
    // 10 days × 2 screens / 30, rounded up to the cent (docs/product/costs.md#rounding).
    expect(shownCharge).toBe('0,67');
    const end = await balance(api);
    expect(Math.round(Number(start) * 100) - Math.round(Number(end) * 100)).toBe(67);
    await expect(page.getByText(customer.username).first()).toBeVisible();
  } finally {
    await adminApi.call('PUT', '/admin/panel', { user_migration_list: before.user_migration_list });
  }
});
