import type { BrowserContext, Locator, Page } from '@playwright/test';
import { closeCreatedModal, createLine, lineAction } from '../fixtures/lines';
import { uniqueUsername } from '../fixtures/resellers';
import { loginAs } from '../fixtures/session';
import { expect, RESELLER_PASSWORD, test } from '../fixtures/test';
import { LAPTOP, openPhone, PHONE } from '../fixtures/devices';
import { expectedLineLinks } from '../fixtures/line-links';
import { shot } from '../fixtures/shot';

// docs/product/screens.md#line-links (decision 0041): the addresses a customer's app needs, after a
// creation and in 'Informações do usuário', each with a copy button. Screenshots of the viewport: what
// fits on a 1366×768 laptop and a 390×844 phone.
async function expectLinks(block: Locator, links: ReturnType<typeof expectedLineLinks>): Promise<void> {
  await expect(block).toBeVisible();
  for (const [key, value] of Object.entries(links)) {
    await expect(block.getByTestId(new RegExp(`-${key}$`))).toHaveValue(value);
  }
  await expect(block.getByText('URL do servidor', { exact: true })).toBeVisible();
  await expect(block.getByText('M3U Plus', { exact: true })).toBeVisible();
}

/** Copies one address with its button and reads the real clipboard back. */
async function copyAndRead(page: Page, button: Locator): Promise<string> {
  await button.click();
  await expect(button).toHaveAttribute('aria-label', 'Copiado!');
  return page.evaluate(() => navigator.clipboard.readText());
}

async function grantClipboard(context: BrowserContext, baseURL: string | undefined): Promise<void> {
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL });
}

test.use({ viewport: LAPTOP });

test('a reseller creates a line, copies its links, and finds them again in "Informações do usuário"', async ({
  page,
  context,
  baseURL,
  signIn,
  newReseller,
}) => {
  test.setTimeout(120_000);
  await grantClipboard(context, baseURL);
  const reseller = await newReseller(10, 'links');
  await signIn(reseller);
  await expect(page).toHaveURL(/\/dashboard$/);

  const username = uniqueUsername('lnk');
  const line = await createLine(page, { username, password: RESELLER_PASSWORD, packageId: 17 });
  const links = expectedLineLinks(new URL(page.url()).origin, username, RESELLER_PASSWORD);
  const created = line.modal.getByTestId('line-created-links');
  await expectLinks(created, links);
  // The password's '@' is percent-encoded: the playlist URL stays one URL.
  expect(links.m3u).toContain('password=senha%4019');
  expect(await copyAndRead(page, created.getByTestId('line-created-links-m3uPlus-copy'))).toBe(links.m3uPlus);
  await shot(page, '70-line-links-created-1366');

  await closeCreatedModal(page);

  await lineAction(page, username, 'user-info');
  const info = page.getByTestId('line-info-modal');
  await expect(info).toBeVisible();
  await expect(info.getByText(`Informações do usuário - ${username}`)).toBeVisible();
  await expect(info.getByTestId('line-info-username')).toHaveText(username);
  await expect(info.getByTestId('line-info-password')).toHaveText(RESELLER_PASSWORD);
  await expect(info.getByTestId('line-info-screens')).toHaveText('1');
  await expect(info.getByTestId('line-info-system')).toHaveText('IPTV');
  await expect(info.getByTestId('line-info-expiry')).toHaveText(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}$/);
  const infoLinks = info.getByTestId('line-info-links');
  await expectLinks(infoLinks, links);
  expect(await copyAndRead(page, infoLinks.getByTestId('line-info-links-playerApiBase-copy'))).toBe(
    links.playerApiBase,
  );
  await shot(page, '71-line-info-1366');
  await info.getByTestId('line-info-close').click();
  await expect(info).toBeHidden();
});

test('on a phone the links fit the screen and copy', async ({ browser, baseURL, csp, newReseller }) => {
  test.setTimeout(120_000);
  const reseller = await newReseller(10, 'linkfone');
  const { phone, mobile } = await openPhone(browser, baseURL, csp);
  await grantClipboard(phone, baseURL);
  try {
    await loginAs(mobile, reseller);
    await expect(mobile).toHaveURL(/\/dashboard$/);
    const line = await createLine(mobile, { random: true, packageId: 17 });
    const links = expectedLineLinks(new URL(mobile.url()).origin, line.username, line.password);
    const created = line.modal.getByTestId('line-created-links');
    await expectLinks(created, links);
    // Nothing sticks out sideways: the dialog and its inputs stay inside the 390 px.
    expect(await mobile.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      PHONE.width,
    );
    const hlsCopy = created.getByTestId('line-created-links-hls-copy');
    await hlsCopy.scrollIntoViewIfNeeded();
    const box = await hlsCopy.boundingBox();
    expect(box && box.x + box.width).toBeLessThanOrEqual(PHONE.width);
    expect(await copyAndRead(mobile, hlsCopy)).toBe(links.hls);
    await shot(mobile, '72-line-links-created-phone');
    await closeCreatedModal(mobile);

    await lineAction(mobile, line.username, 'user-info');
    const info = mobile.getByTestId('line-info-modal');
    await expectLinks(info.getByTestId('line-info-links'), links);
    await shot(mobile, '73-line-info-phone');
  } finally {
    await phone.close();
  }
});
