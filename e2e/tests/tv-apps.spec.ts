import { startFakeConnectTv, type FakeConnectTv } from '../../apps/server/test/tv-apps/fake-connect-tv';
import { startFakeDreamTv, type FakeDreamTv } from '../../apps/server/test/tv-apps/fake-dreamtv';
import { FAKE_KEYS, FAKE_PORTS } from '../fixtures/fake-ports';
import { closeCreatedModal, createLine } from '../fixtures/lines';
import { loginAs } from '../fixtures/session';
import { expect, RESELLER_PASSWORD, test } from '../fixtures/test';
import { uniqueUsername } from '../fixtures/resellers';
import { connectDreamTv, connectTv } from '../steps/tv-apps';
import { LAPTOP, openPhone, PHONE } from '../fixtures/devices';
import { expectedLineLinks } from '../fixtures/line-links';
import { shot } from '../fixtures/shot';

// docs/product/rules.md#dreamtv-mac (decision 0051): DreamTV and connect TV, against local fakes of both
// services on the fixed ports the e2e server is pointed at (fixtures/fake-ports.ts).

let dreamTv: FakeDreamTv;
let tv: FakeConnectTv;

test.beforeAll(async () => {
  dreamTv = await startFakeDreamTv(FAKE_KEYS.dreamTv, FAKE_PORTS.dreamTv);
  tv = await startFakeConnectTv(FAKE_KEYS.connectTv, FAKE_PORTS.connectTv);
});
test.afterAll(async () => {
  await dreamTv?.close();
  await tv?.close();
});

test.use({ viewport: LAPTOP });

test('a reseller connects a line to DreamTV, moves it, sends it to a TV and disconnects it', async ({
  page,
  signIn,
  newReseller,
}) => {
  test.setTimeout(120_000);
  const reseller = await newReseller(10, 'dreamtv');
  await signIn(reseller);
  await expect(page).toHaveURL(/\/dashboard$/);
  const username = uniqueUsername('dtv');
  await createLine(page, { username, password: RESELLER_PASSWORD, packageId: 17 });
  await closeCreatedModal(page);
  const origin = new URL(page.url()).origin;
  const playlistUrl = expectedLineLinks(origin, username, RESELLER_PASSWORD).m3uPlus;

  const modal = await connectDreamTv(page, username, 'aa:bb:cc:10:20:30');
  const playlistId = (await modal.getByTestId('dreamtv-playlist').textContent()) ?? '';
  expect(dreamTv.playlists.get(playlistId)).toMatchObject({
    mac: 'AA:BB:CC:10:20:30',
    name: username,
    url: playlistUrl,
  });
  await expect(page.getByText('Playlist adicionada ao DreamTV.')).toBeVisible();
  await shot(page, '80-dreamtv-connected-1366');

  await modal.getByTestId('dreamtv-mac').fill('AA:BB:CC:10:20:31');
  await modal.getByTestId('dreamtv-submit').click();
  await expect.poll(() => dreamTv.playlists.get(playlistId)?.mac).toBe('AA:BB:CC:10:20:31');
  await modal.getByTestId('dreamtv-disconnect').click();
  await expect(modal.getByTestId('dreamtv-not-connected')).toBeVisible();
  expect(dreamTv.playlists.has(playlistId)).toBe(false);
  await page.keyboard.press('Escape');
  await expect(modal).toBeHidden();

  const sent = await connectTv(page, username, 'a1:b2:c3:d4:e5:f6');
  expect(tv.sent.at(-1)).toEqual({ mac: 'A1:B2:C3:D4:E5:F6', name: username, playlistUrl });
  await shot(page, '81-connect-tv-sent-1366');
  await page.keyboard.press('Escape');
  await expect(sent).toBeHidden();
});

test('a line created with a DreamTV MAC gets dream_ credentials and its playlist', async ({
  page,
  signIn,
  newReseller,
}) => {
  test.setTimeout(120_000);
  const reseller = await newReseller(10, 'dreamnew');
  await signIn(reseller);
  await expect(page).toHaveURL(/\/dashboard$/);
  const line = await createLine(page, { random: true, packageId: 17, dreamtvMac: 'AA:BB:CC:10:20:40' });
  expect(line.username).toMatch(/^dream_[a-z0-9]{8}$/);
  expect(line.password).toHaveLength(10);
  await expect(line.modal.getByTestId('line-created-dreamtv')).toHaveText(
    'Playlist adicionada ao DreamTV. MAC: AA:BB:CC:10:20:40',
  );
  const held = [...dreamTv.playlists.values()].find((playlist) => playlist.name === line.username);
  expect(held?.url).toBe(expectedLineLinks(new URL(page.url()).origin, line.username, line.password).m3uPlus);
  await shot(page, '82-dreamtv-created-1366');
});

test('on a phone the DreamTV dialog fits the screen', async ({ browser, baseURL, csp, newReseller }) => {
  test.setTimeout(120_000);
  const reseller = await newReseller(10, 'dreamfone');
  const { phone, mobile } = await openPhone(browser, baseURL, csp);
  try {
    await loginAs(mobile, reseller);
    await expect(mobile).toHaveURL(/\/dashboard$/);
    const line = await createLine(mobile, { random: true, packageId: 17 });
    await closeCreatedModal(mobile);
    await connectDreamTv(mobile, line.username, 'AA:BB:CC:10:20:50');
    expect(await mobile.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      PHONE.width,
    );
    await shot(mobile, '83-dreamtv-connected-phone');
  } finally {
    await phone.close();
  }
});
