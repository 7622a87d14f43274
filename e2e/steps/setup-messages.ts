import { expect, type Page } from '@playwright/test';
import jsQR from 'jsqr';
import { lineAction } from '../fixtures/lines';

/**
 * Journey steps of the setup messages (docs/product/screens.md#users, decision 0050), for the specs and
 * the combined handover journey. The page is on /users, signed in as the line's reseller; the context
 * has clipboard permissions.
 */

/** Opens 'Mensagem WhatsApp' of a line, picks `app` (its label, e.g. 'IPTV Smarters') when given,
 * copies the message and reads the clipboard back. The modal stays open. */
export async function copyWhatsAppMessage(
  page: Page,
  username: string,
  app?: string,
): Promise<{ text: string; href: string }> {
  await lineAction(page, username, 'whatsapp');
  const modal = page.getByTestId('whatsapp-modal');
  await expect(modal.getByText(`Mensagem WhatsApp - ${username}`)).toBeVisible();
  const shown = modal.getByTestId('whatsapp-text');
  await expect(shown).toBeVisible();
  if (app) {
    await modal.getByTestId('whatsapp-app').click();
    await page.getByRole('option', { name: app, exact: true }).click();
    await expect(modal.getByTestId('whatsapp-app')).toHaveValue(app);
  }
  await modal.getByTestId('whatsapp-copy').click();
  const toast = page.getByText('Copiado para a área de transferência!');
  await expect(toast).toBeVisible();
  const text = await page.evaluate(() => navigator.clipboard.readText());
  await expect(shown).toHaveValue(text);
  const href = (await modal.getByTestId('whatsapp-send').getAttribute('href')) ?? '';
  await dismissToasts(page);
  return { text, href };
}

/**
 * Closes the toasts still shown. On a phone they sit over the dialog's buttons, and the tap that raised
 * one leaves the pointer on it, which pauses its timer.
 */
async function dismissToasts(page: Page): Promise<void> {
  const toasts = page.locator('.mantine-Notification-root');
  for (let left = 10; left > 0 && (await toasts.count()) > 0; left--) {
    // A toast may close by itself between the count and the click.
    await toasts
      .first()
      .locator('button')
      .click({ timeout: 2000 })
      .catch(() => undefined);
  }
  await expect(toasts).toHaveCount(0);
}

/**
 * In the open dialog with a setup message, shows the QR code and reads it back with a QR decoder (jsQR,
 * as a phone's camera app would): answers the address it holds.
 */
export async function showQrCode(page: Page): Promise<string> {
  await dismissToasts(page);
  const dialog = page.getByRole('dialog').filter({ has: page.getByTestId(/-qr-toggle$/) });
  await dialog.getByTestId(/-qr-toggle$/).click();
  const image = dialog.locator('img[data-testid$="-qr"]');
  await expect(image).toBeVisible();
  await expect(image).toHaveAttribute('src', /^data:image\/png;base64,/);
  const pixels = await image.evaluate((element: HTMLImageElement) => {
    const canvas = document.createElement('canvas');
    canvas.width = element.naturalWidth;
    canvas.height = element.naturalHeight;
    const context = canvas.getContext('2d');
    if (!context) throw new Error('no 2d canvas');
    context.drawImage(element, 0, 0);
    const { data, width, height } = context.getImageData(0, 0, canvas.width, canvas.height);
    return { data: Array.from(data), width, height };
  });
  expect(pixels.width).toBeGreaterThan(0);
  const decoded = jsQR(Uint8ClampedArray.from(pixels.data), pixels.width, pixels.height);
  expect(decoded, 'the QR code reads back').not.toBeNull();
  return decoded?.data ?? '';
}

/** Closes the WhatsApp modal. */
export async function closeWhatsAppModal(page: Page): Promise<void> {
  const modal = page.getByTestId('whatsapp-modal');
  await modal.getByTestId('whatsapp-close').click();
  await expect(modal).toBeHidden();
}
