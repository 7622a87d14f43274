import { startFakeDns, type FakeDns } from '../../apps/server/test/fake-dns/fake-dns-server';
import { closeCreatedModal, createLine, lineAction } from '../fixtures/lines';
import { FAKE_PORTS } from '../fixtures/fake-ports';
import { uniqueUsername } from '../fixtures/resellers';
import { expect, RESELLER_PASSWORD, test } from '../fixtures/test';
import { addAndVerifyDomain } from '../steps/domains';
import { fetchShortLink, makeShortLink, openShortLink } from '../steps/short-links';
import { LAPTOP, PHONE } from '../fixtures/devices';
import { panelPort } from '../fixtures/panel-port';
import { shot } from '../fixtures/shot';

// docs/product/screens.md#short-links (decision 0049): a reseller with a verified domain makes short links
// of a line in 'Links curtos' and a customer's app opens them (the SS IPTV one on the ss. sub-domain).
// The domain is added and verified on /domains (decision 0048) against the journeys' fake DNS, which
// answers 127.0.0.1 (PANEL_PUBLIC_ADDRESSES) for any name.

let dns: FakeDns | undefined;

test.beforeAll(async () => {
  dns = await startFakeDns({ port: FAKE_PORTS.dns, answers: { '*': ['127.0.0.1'] } });
});
test.afterAll(async () => {
  await dns?.close();
});

test.use({ viewport: LAPTOP });

test('a reseller makes short links of each type and a customer’s app opens them', async ({
  page,
  context,
  baseURL,
  signIn,
  newReseller,
}) => {
  test.setTimeout(180_000);
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL });
  const reseller = await newReseller(10, 'curto');
  await signIn(reseller);
  await expect(page).toHaveURL(/\/dashboard$/);
  const username = uniqueUsername('sl');
  await createLine(page, { username, password: RESELLER_PASSWORD, packageId: 17 });
  await closeCreatedModal(page);

  // Without a verified domain the modal says one is needed and points at /domains.
  await lineAction(page, username, 'short-links');
  const modal = page.getByTestId('short-links-modal');
  await expect(modal.getByText(`Links curtos - ${username}`)).toBeVisible();
  await expect(modal.getByTestId('short-links-no-domain')).toContainText(
    'Você precisa de um domínio verificado para criar links curtos.',
  );
  await expect(modal.getByTestId('short-links-domains-link')).toHaveAttribute('href', '/domains');
  await shot(page, '80-short-links-no-domain-1366');
  await modal.getByTestId('short-links-domains-link').click();
  await expect(page).toHaveURL(/\/domains$/);

  const host = `${username}.revenda-e2e.test`;
  await addAndVerifyDomain(page, host);

  const m3u = await makeShortLink(page, username, 'mpgets');
  expect(m3u).toMatch(new RegExp(`^http://${host.replace(/\./g, '\\.')}/[A-Za-z0-9]{7}$`));
  const playlist = await openShortLink(m3u);
  expect(playlist.startsWith('#EXTM3U')).toBe(true);

  const ss = await makeShortLink(page, username, 'ssiptv');
  expect(new URL(ss).host).toBe(`ss.${host}`);
  expect((await openShortLink(ss)).startsWith('#EXTM3U')).toBe(true);
  // The SS IPTV code is not served on the domain itself.
  const wrongHost = await fetchShortLink(ss.replace(`//ss.${host}`, `//${host}`));
  expect([wrongHost.status, wrongHost.body]).toEqual([404, 'Link não encontrado.']);

  // The reseller's domain is not the panel (decision 0069): in a browser, an unknown code (lower case
  // too) and the panel's own pages answer 'Link não encontrado.'. (The journeys' Chromium resolves
  // *.revenda-e2e.test to the local panel, e2e/chromium.ts.)
  const customer = await context.newPage();
  for (const path of ['/abcdefg', '/Zz9Zz9Z', '/dashboard', '/login']) {
    const answer = await customer.goto(`http://${host}:${panelPort()}${path}`);
    expect(answer?.status(), path).toBe(404);
    await expect(customer.locator('body')).toHaveText('Link não encontrado.');
  }
  await shot(customer, '83-short-link-unknown-code');
  await customer.close();
  const unknown = await fetchShortLink(`http://${host}/abcdefg`);
  expect([unknown.status, unknown.body]).toEqual([404, 'Link não encontrado.']);

  const hls = await makeShortLink(page, username, 'hls');
  expect((await openShortLink(hls)).startsWith('#EXTM3U')).toBe(true);
  const epg = await makeShortLink(page, username, 'epg');
  expect(await openShortLink(epg)).toContain('<tv');

  // The modal lists them newest first, copies an address and deletes one.
  await lineAction(page, username, 'short-links');
  const rows = modal.getByTestId(/^short-link-\d+$/);
  await expect(rows).toHaveCount(4);
  await expect(rows.first()).toHaveValue(epg);
  await expect(modal.getByLabel('SS IPTV', { exact: true })).toHaveValue(ss);
  await modal
    .getByTestId(/^short-link-\d+-copy$/)
    .last()
    .click();
  await expect(page.getByText('Copiado para a área de transferência!')).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(m3u);
  await shot(page, '81-short-links-1366');
  // The toasts (bottom right) go away before the last row's delete button is clicked; a toast under the
  // pointer would wait for it to leave.
  await page.mouse.move(0, 0);
  await expect(page.locator('.mantine-Notification-root')).toHaveCount(0, { timeout: 15_000 });
  await modal
    .getByTestId(/^short-link-\d+-delete$/)
    .last()
    .click();
  await expect(rows).toHaveCount(3);
  const deleted = await fetchShortLink(m3u);
  expect([deleted.status, deleted.body]).toEqual([404, 'Link não encontrado.']);

  await page.setViewportSize(PHONE);
  await expect(rows).toHaveCount(3);
  // The dialog and its row buttons stay inside the 390 px.
  for (const part of [modal, modal.getByTestId(/^short-link-\d+-delete$/).first()]) {
    const box = await part.boundingBox();
    expect(box && box.x + box.width).toBeLessThanOrEqual(PHONE.width);
  }
  await shot(page, '82-short-links-phone');
});
