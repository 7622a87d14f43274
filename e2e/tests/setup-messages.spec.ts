import type { BrowserContext } from '@playwright/test';
import { ADMIN } from '../fixtures/admin';
import { closeCreatedModal, createLine } from '../fixtures/lines';
import { uniqueUsername } from '../fixtures/resellers';
import { loginAs } from '../fixtures/session';
import { expect, RESELLER_PASSWORD, test } from '../fixtures/test';
import { closeWhatsAppModal, copyWhatsAppMessage, showQrCode } from '../steps/setup-messages';
import { LAPTOP, openPhone, PHONE } from '../fixtures/devices';
import { expectedLineLinks } from '../fixtures/line-links';
import { shot } from '../fixtures/shot';

// docs/product/screens.md#users (decision 0050): the setup message of a line's app, copied or sent over
// WhatsApp, its QR code, and the admin's template editor. Screenshots of the viewport at 1366×768 and
// 390×844.
async function grantClipboard(context: BrowserContext, baseURL: string | undefined): Promise<void> {
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL });
}

test.use({ viewport: LAPTOP });

test('a reseller sends a line’s setup message over WhatsApp; the admin edits the template and restores it', async ({
  page,
  context,
  browser,
  baseURL,
  csp,
  signIn,
  newReseller,
}) => {
  test.setTimeout(180_000);
  await grantClipboard(context, baseURL);
  const reseller = await newReseller(10, 'zap');
  await signIn(reseller);
  await expect(page).toHaveURL(/\/dashboard$/);

  const username = uniqueUsername('zap');
  const line = await createLine(page, {
    username,
    password: RESELLER_PASSWORD,
    packageId: 17,
    phone: '(11) 98765-4321',
  });
  // The success modal carries the message too.
  await expect(line.modal.getByTestId('line-created-messages-text')).toHaveValue(new RegExp(username));
  await closeCreatedModal(page);

  const first = await copyWhatsAppMessage(page, username);
  expect(first.text).toContain(`Usuário: ${username}`);
  expect(first.text).toContain(`Senha: ${RESELLER_PASSWORD}`);
  expect(first.text).toContain('Duplex Play');
  expect(first.href).toBe(`https://wa.me/5511987654321?text=${encodeURIComponent(first.text)}`);
  // Without a short link the QR code holds the app's playlist, the line's M3U Plus address.
  expect(await showQrCode(page)).toBe(
    expectedLineLinks(new URL(page.url()).origin, username, RESELLER_PASSWORD).m3uPlus,
  );
  await shot(page, '80-setup-messages-whatsapp-1366');

  await closeWhatsAppModal(page);
  const other = await copyWhatsAppMessage(page, username, 'IPTV Smarters');
  expect(other.text).toContain(`URL: ${new URL(page.url()).origin}`);
  await closeWhatsAppModal(page);

  // The admin, in its own browser, edits the Duplex Play template.
  const adminContext = await browser.newContext({ baseURL, viewport: LAPTOP, locale: 'pt-BR' });
  await csp.watch(adminContext);
  const admin = await adminContext.newPage();
  try {
    await loginAs(admin, ADMIN);
    await expect(admin).toHaveURL(/\/dashboard$/);
    await admin.goto('/admin/setup-messages');
    await expect(admin.getByRole('heading', { name: 'Mensagens de configuração' })).toBeVisible();
    await expect(admin.getByTestId('setup-template-app')).toHaveValue('Duplex Play');
    const body = admin.getByTestId('setup-template-body');
    await body.fill('Olá {usuario}! Sua senha: {senha}. {campo_novo}');
    await admin.getByTestId('setup-template-save').click();
    await expect(admin.getByText('Mensagem alterada com sucesso')).toBeVisible();
    await expect(admin.getByTestId('setup-template-status')).toHaveText('Editada');
    await shot(admin, '82-setup-messages-admin-1366');

    const edited = await copyWhatsAppMessage(page, username);
    expect(edited.text).toBe(`Olá ${username}! Sua senha: ${RESELLER_PASSWORD}. {campo_novo}`);
    await closeWhatsAppModal(page);

    await admin.getByTestId('setup-template-restore').click();
    await admin.getByTestId('setup-template-restore-confirm-confirm').click();
    await expect(admin.getByText('Mensagem padrão restaurada')).toBeVisible();
    await expect(admin.getByTestId('setup-template-status')).toHaveText('Padrão');
    await expect(body).toHaveValue(/Seus dados de acesso/);
  } finally {
    await adminContext.close();
  }

  const restored = await copyWhatsAppMessage(page, username);
  expect(restored.text).toBe(first.text);
});

test('on a phone the WhatsApp modal fits the screen, and a line without a phone asks for one', async ({
  browser,
  baseURL,
  csp,
  newReseller,
}) => {
  test.setTimeout(120_000);
  const reseller = await newReseller(10, 'zapfone');
  const { phone, mobile } = await openPhone(browser, baseURL, csp);
  await grantClipboard(phone, baseURL);
  try {
    await loginAs(mobile, reseller);
    await expect(mobile).toHaveURL(/\/dashboard$/);
    const line = await createLine(mobile, { random: true, packageId: 17 });
    await closeCreatedModal(mobile);
    const message = await copyWhatsAppMessage(mobile, line.username);
    expect(message.text).toContain(`Senha: ${line.password}`);
    const modal = mobile.getByTestId('whatsapp-modal');
    await expect(modal.getByTestId('whatsapp-no-phone')).toBeVisible();
    expect(message.href).toMatch(/^https:\/\/wa\.me\/\?text=/);
    await modal.getByTestId('whatsapp-phone').fill('21 99999-8888');
    await expect(modal.getByTestId('whatsapp-send')).toHaveAttribute(
      'href',
      `https://wa.me/5521999998888?text=${encodeURIComponent(message.text)}`,
    );
    expect(await mobile.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      PHONE.width,
    );
    await shot(mobile, '81-setup-messages-whatsapp-phone');
    expect(await showQrCode(mobile)).toBe(
      expectedLineLinks(new URL(mobile.url()).origin, line.username, line.password).m3uPlus,
    );
  } finally {
    await phone.close();
  }
});
