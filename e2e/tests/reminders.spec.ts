import { startFakeProvider, type FakeProvider } from '../../apps/server/test/migration/fake-provider';
import { FAKE_PORTS } from '../fixtures/fake-ports';
import { LAPTOP, PHONE } from '../fixtures/devices';
import { shot } from '../fixtures/shot';
import { expect, test } from '../fixtures/test';

// docs/product/screens.md#reminders (decisions 0171, 0172): a reseller's customers expiring soon, each with
// its WhatsApp message. Lines expiring in a few days are seeded through migration, which keeps the other
// provider's expiry (decision 0052).
const DAY = 86_400;

let provider: FakeProvider;
test.beforeAll(async () => {
  provider = await startFakeProvider({ port: FAKE_PORTS.migrationProvider });
});
test.afterAll(() => provider.close());

function customerOfProvider(prefix: string, days: number) {
  const username = `${prefix}${Date.now() % 1_000_000}`;
  const password = `Lem${Date.now() % 1000}senha`;
  provider.addAccount({
    username,
    password,
    expDate: Math.floor(Date.now() / 1000) + days * DAY - 300,
    maxConnections: 1,
  });
  return provider.playlistUrl(username, password);
}

test.use({ viewport: LAPTOP });

test('a reseller sends a reminder on WhatsApp, sees it marked as sent and edits its template', async ({
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
    const reseller = await newReseller(10, 'lembra');
    await signIn(reseller);
    await expect(page).toHaveURL(/\/dashboard$/);
    const migrated = async (prefix: string, days: number) =>
      (
        await api.call<{ line: { id: number; username: string } }>('POST', '/migration/migrate', {
          url: customerOfProvider(prefix, days),
          service: 'iptv',
        })
      ).line;
    const soon = await migrated('cincodias', 5);
    await migrated('doisdias', 2);

    // WhatsApp is outside the test's network: its page answers here.
    await page.context().route('https://wa.me/**', (route) => route.fulfill({ body: 'WhatsApp' }));
    await page.goto('/reminders');
    await expect(page.getByRole('heading', { name: 'Lembretes' })).toBeVisible();
    await expect(page.getByText('Vencem em 7 dias (1)')).toBeVisible();
    await expect(page.getByText('Vencem em 3 dias (1)')).toBeVisible();
    const card = page.getByTestId('reminder-card');
    await expect(card).toHaveCount(1);
    await expect(card.getByTestId('reminder-message')).toContainText(soon.username);
    await expect(card.getByTestId('reminder-message')).toContainText('/cliente');
    const send = card.getByTestId('reminder-send');
    await expect(send).toHaveAttribute('href', /^https:\/\/wa\.me\/\?text=/);
    await shot(page, 'a0-reminders-1366');

    const popup = page.waitForEvent('popup');
    await send.click();
    await (await popup).close();
    await expect(card.getByTestId('reminder-sent')).toBeVisible();
    await page.reload();
    await expect(page.getByTestId('reminder-card').getByTestId('reminder-sent')).toBeVisible();

    // The reseller's own text for the 7-day window, with the line's data filled in.
    await page.getByTestId('reminder-templates-open').click();
    const dialog = page.getByTestId('reminder-templates-dialog');
    await dialog
      .getByTestId('reminder-template-body')
      .fill('Oi! {usuario} vence em {dias} dias. Renove: {link_cliente}');
    await dialog.getByTestId('reminder-template-save').click();
    await expect(dialog.getByTestId('reminder-template-status')).toHaveText('Personalizada');
    await page.keyboard.press('Escape');
    await expect(page.getByTestId('reminder-message')).toContainText(
      `Oi! ${soon.username} vence em 5 dias. Renove: http`,
    );

    await page.getByText('Vencem em 3 dias (1)').click();
    await expect(page.getByTestId('reminder-card')).toHaveCount(1);
    await expect(page.getByTestId('reminder-card').getByTestId('reminder-sent')).toHaveCount(0);
    // The phone, on a fresh load: the 7-day tab with the sent reminder.
    await page.setViewportSize(PHONE);
    await page.reload();
    await expect(page.getByTestId('reminder-sent')).toBeVisible();
    await shot(page, 'a1-reminders-390', { fullPage: true });
  } finally {
    await adminApi.call('PUT', '/admin/panel', { user_migration_list: before.user_migration_list });
  }
});
