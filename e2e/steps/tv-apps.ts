import { expect, type Page } from '@playwright/test';
import { lineAction } from '../fixtures/lines';

/**
 * From /users: opens the line's 'Playlist DreamTV' action, connects it to the device `mac` and waits for
 * the connected state (docs/product/rules.md#dreamtv-mac). Leaves the dialog open; returns its locator.
 */
export async function connectDreamTv(page: Page, username: string, mac: string) {
  if (!/\/users$/.test(new URL(page.url()).pathname)) await page.goto('/users');
  await lineAction(page, username, 'dreamtv');
  const modal = page.getByTestId('dreamtv-modal');
  await expect(modal.getByTestId('dreamtv-not-connected')).toBeVisible();
  await modal.getByTestId('dreamtv-mac').fill(mac);
  await modal.getByTestId('dreamtv-submit').click();
  await expect(modal.getByTestId('dreamtv-connected')).toBeVisible();
  return modal;
}

/** From /users: sends the line's playlist to the TV `mac` with 'Conectar TV' and waits for the sent state. */
export async function connectTv(page: Page, username: string, mac: string) {
  if (!/\/users$/.test(new URL(page.url()).pathname)) await page.goto('/users');
  await lineAction(page, username, 'connect-tv');
  const modal = page.getByTestId('connect-tv-modal');
  await modal.getByTestId('connect-tv-mac').fill(mac);
  await modal.getByTestId('connect-tv-submit').click();
  await expect(modal.getByTestId('connect-tv-sent')).toBeVisible();
  return modal;
}
