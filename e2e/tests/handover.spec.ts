import { parseM3U } from '@iptv/playlist';
import { startFakeDns, type FakeDns } from '../../apps/server/test/fake-dns/fake-dns-server';
import { startFakeProvider, type FakeProvider } from '../../apps/server/test/migration/fake-provider';
import { startFakeDreamTv, type FakeDreamTv } from '../../apps/server/test/tv-apps/fake-dreamtv';
import { FAKE_KEYS, FAKE_PORTS } from '../fixtures/fake-ports';
import { closeCreatedModal, createLine } from '../fixtures/lines';
import { uniqueUsername } from '../fixtures/resellers';
import { expect, RESELLER_PASSWORD, test } from '../fixtures/test';
import { addAndVerifyDomain } from '../steps/domains';
import { migrateCustomer } from '../steps/migration';
import { closeWhatsAppModal, copyWhatsAppMessage, showQrCode } from '../steps/setup-messages';
import { fetchShortLink, makeShortLink } from '../steps/short-links';
import { connectDreamTv } from '../steps/tv-apps';
import { LAPTOP, PHONE } from '../fixtures/devices';
import { shot } from '../fixtures/shot';

// The handover (decisions 0048–0052): a reseller hands a line to a customer the way it does every day — its own domain,
// a short link that opens a playlist, the WhatsApp message and the QR code, the customer's TV through
// DreamTV — and wins a customer from another provider, paying exactly what the dialog showed. Every outside
// service is a local fake on its fixed port (fixtures/fake-ports.ts): the DNS that verifies the domain,
// DreamTV, and the other provider's Xtream server.
const DAY = 86_400;

let dns: FakeDns | undefined;
let dreamTv: FakeDreamTv | undefined;
let provider: FakeProvider | undefined;
test.beforeAll(async () => {
  dns = await startFakeDns({ port: FAKE_PORTS.dns, answers: { '*': ['127.0.0.1'] } });
  dreamTv = await startFakeDreamTv(FAKE_KEYS.dreamTv, FAKE_PORTS.dreamTv);
  provider = await startFakeProvider({ port: FAKE_PORTS.migrationProvider });
});
test.afterAll(async () => {
  await dns?.close();
  await dreamTv?.close();
  await provider?.close();
});

test.use({ viewport: LAPTOP });

test('a reseller hands a line to a customer and migrates another from a second provider', async ({
  page,
  context,
  baseURL,
  api,
  adminApi,
  newReseller,
  signIn,
}) => {
  test.setTimeout(240_000);
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL });
  const settings = await adminApi.call<{ user_migration_list: string }>('GET', '/admin/panel');
  await adminApi.call('PUT', '/admin/panel', { user_migration_list: 'true' });
  try {
    const reseller = await newReseller(20, 'entrega');
    await signIn(reseller);
    await expect(page).toHaveURL(/\/dashboard$/);

    // 1. Its own domain, verified through the DNS (every name → 127.0.0.1, the panel's public address).
    const host = `entrega-${Date.now()}.painel-e2e.test`;
    await addAndVerifyDomain(page, host);
    await shot(page, '95-handover-domain-1366');

    // 2. A line for the customer, with the phone WhatsApp will use.
    const username = uniqueUsername('cli');
    await createLine(page, { username, password: RESELLER_PASSWORD, packageId: 17, phone: '11987654321' });
    await closeCreatedModal(page);

    // 3. A short link on that domain, opened as a player app would: it ends at the line's playlist.
    const link = await makeShortLink(page, username, 'mpgets');
    expect(link).toMatch(new RegExp(`^http://${host.replaceAll('.', '\\.')}/\\w+$`));
    const opened = await fetchShortLink(link);
    expect(opened.status).toBe(200);
    expect(opened.visited[1]).toContain(`get.php?username=${username}`);
    expect(opened.body.startsWith('#EXTM3U')).toBe(true);
    const playlist = parseM3U(opened.body);
    expect(Array.isArray(playlist.channels)).toBe(true);

    // 4. The WhatsApp message carries the credentials and the short link; the QR code shows.
    const message = await copyWhatsAppMessage(page, username);
    expect(message.text).toContain(username);
    expect(message.text).toContain(RESELLER_PASSWORD);
    expect(message.text).toContain(link);
    expect(message.href).toContain('https://wa.me/5511987654321?text=');
    // The QR code, read back by a decoder, is the short link too.
    expect(await showQrCode(page)).toBe(link);
    await shot(page, '96-handover-whatsapp-qr-1366');
    await closeWhatsAppModal(page);

    // 5. The customer's TV gets the playlist through DreamTV.
    const tvModal = await connectDreamTv(page, username, 'aa:bb:cc:00:14:01');
    const playlistId = (await tvModal.getByTestId('dreamtv-playlist').textContent()) ?? '';
    expect(dreamTv?.playlists.get(playlistId)).toMatchObject({ mac: 'AA:BB:CC:00:14:01', name: username });
    await page.keyboard.press('Escape');
    await expect(tvModal).toBeHidden();

    // 6. A customer of another provider (10 days, 2 screens) moves here: 10 × 2 / 30 credits, to the cent.
    const customer = `mig${Date.now() % 1_000_000}`;
    provider?.addAccount({
      username: customer,
      password: 'Outra2025',
      expDate: Math.floor(Date.now() / 1000) + 10 * DAY - 300,
      maxConnections: 2,
    });
    const before = (await api.call<{ credits: string }>('GET', '/profile')).credits;
    const migrated = await migrateCustomer(page, provider!.playlistUrl(customer, 'Outra2025'), 'iptv');
    expect(migrated).toEqual({ shownCharge: '0,67', username: customer, password: 'Outra2025' });
    const after = (await api.call<{ credits: string }>('GET', '/profile')).credits;
    expect(Math.round(Number(before) * 100) - Math.round(Number(after) * 100)).toBe(67);
    await expect(page.getByText(customer).first()).toBeVisible();
    await shot(page, '97-handover-migrated-1366');
    await page.setViewportSize(PHONE);
    await shot(page, '98-handover-users-390');
  } finally {
    await adminApi.call('PUT', '/admin/panel', { user_migration_list: settings.user_migration_list });
  }
});
