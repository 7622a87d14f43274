import type { Browser, Page } from '@playwright/test';
import { LAPTOP, openPhone, PHONE } from '../fixtures/devices';
import { loginAs } from '../fixtures/session';
import { expect, test, type Credentials, type CspGuard } from '../fixtures/test';
import { openMenuDialog, openSidebar, sidebarItems, writeRichText, type RichRun } from '../steps/news';
import { shot } from '../fixtures/shot';

// docs/product/screens.md#global-message, #important-message and #menu-dialogs (decision 0059): the admin
// writes the global message with bold and italic and turns the pop-up on; a reseller sees it once, cut at
// 120 characters with 'Ver mais'; script payloads never reach a browser. The admin edits the menu dialogs'
// texts; a reseller reads them from the menu. Screenshots at 1366×768 and 390×844.

test.use({ viewport: LAPTOP });

const MESSAGE: RichRun[] = [
  { text: 'Manutenção programada', bold: true },
  { text: ' no domingo, ' },
  { text: 'das 03h às 05h', italic: true },
  {
    text: '. Durante a janela os canais podem oscilar: renove seus clientes com antecedência e avise quem assiste futebol à noite. Obrigado pela parceria!',
  },
];
const MESSAGE_TEXT = MESSAGE.map((run) => run.text).join('');

/** Leaves the pop-up off for the journeys that follow, whatever happened here. */
async function switchPopUpOff(adminApi: {
  call(method: 'PUT', path: string, body: unknown): Promise<unknown>;
}) {
  await adminApi.call('PUT', '/admin/news', { message: '', show_modal_message: false });
}

/** A laptop of its own for `user`, signed in on /dashboard, its pages watched by the CSP guard. */
async function signInOnLaptop(
  browser: Browser,
  baseURL: string | undefined,
  csp: CspGuard,
  user: Credentials,
) {
  const desk = await browser.newContext({ baseURL, viewport: LAPTOP, locale: 'pt-BR' });
  await csp.watch(desk);
  const resellerPage = await desk.newPage();
  await loginAs(resellerPage, user);
  await expect(resellerPage).toHaveURL(/\/dashboard$/);
  return { desk, resellerPage };
}

const xssRan = (page: Page) => page.evaluate(() => (window as unknown as { __xss?: unknown }).__xss);

test('the admin writes the global message in bold and italic; a reseller sees it once, cut at 120', async ({
  adminPage: page,
  adminApi,
  browser,
  baseURL,
  csp,
  newReseller,
}) => {
  test.setTimeout(180_000);
  try {
    await page.goto('/admin/news');
    await expect(page.getByRole('heading', { name: 'Mensagem global' })).toBeVisible();
    await writeRichText(page, 'admin-news-editor', MESSAGE);
    const preview = page.getByTestId('admin-news-preview');
    await expect(preview.getByRole('heading', { name: 'Aviso!' })).toBeVisible();
    await expect(preview.locator('strong')).toHaveText('Manutenção programada');
    await expect(preview.locator('em')).toHaveText('das 03h às 05h');
    await page.getByRole('switch', { name: 'Exibir o aviso para todas as revendas' }).check();
    await expect(page.getByTestId('admin-news-switch')).toBeChecked();
    await page.getByTestId('admin-news-save').click();
    await expect(page.getByText('Mensagem alterada com sucesso')).toBeVisible();
    const saved = await adminApi.call<{ message: string; show_modal_message: boolean }>('GET', '/news');
    expect(saved).toEqual({
      message: `<p><strong>Manutenção programada</strong> no domingo, <em>das 03h às 05h</em>${MESSAGE.at(-1)!.text}</p>`,
      show_modal_message: true,
    });
    await shot(page, '40-admin-news-1366', { fullPage: true });
    await page.setViewportSize(PHONE);
    await expect(page.getByTestId('admin-news-save')).toBeVisible();
    await shot(page, '41-admin-news-390', { fullPage: true });

    // A reseller signs in: 3 s after the panel loads, 'Aviso!' with the formatted text cut at 120.
    const reseller = await newReseller(10, 'aviso');
    const { desk, resellerPage } = await signInOnLaptop(browser, baseURL, csp, reseller);
    try {
      const notice = resellerPage.getByRole('dialog', { name: 'Aviso!' });
      await expect(notice).toBeVisible({ timeout: 15_000 });
      const text = notice.getByTestId('important-message');
      await expect(text.locator('strong')).toHaveText('Manutenção programada');
      await expect(text.locator('em')).toHaveText('das 03h às 05h');
      await expect(text).toHaveText(`${MESSAGE_TEXT.slice(0, 120)}...`);
      await shot(resellerPage, '42-important-message-1366');
      await notice.getByRole('button', { name: 'Ver mais' }).click();
      await expect(text).toHaveText(MESSAGE_TEXT);
      await expect(notice.getByRole('button', { name: 'Ver menos' })).toBeVisible();
      await resellerPage.keyboard.press('Escape');
      await expect(notice).toBeHidden();
      // Once: not again after a reload.
      await resellerPage.reload();
      await expect(resellerPage.getByRole('link', { name: 'Dashboard' }).first()).toBeAttached();
      await resellerPage.waitForTimeout(4500);
      await expect(notice).toBeHidden();
    } finally {
      await desk.close();
    }

    // Script payloads sent straight to the API are stripped by the server; the phone shows what is left.
    await adminApi.call('PUT', '/admin/news', {
      message:
        '<p><b onmouseover="window.__xss=1">Aviso</b> <img src=x onerror="window.__xss=2"><script>window.__xss=3</script>' +
        '<a href="javascript:window.__xss=4">clique</a> <i>fim</i></p>',
      show_modal_message: true,
    });
    const stripped = await adminApi.call<{ message: string }>('GET', '/news');
    expect(stripped.message).toBe('<p><b>Aviso</b> clique <i>fim</i></p>');
    const { phone, mobile } = await openPhone(browser, baseURL, csp);
    try {
      await mobile.addInitScript(() => {
        (window as unknown as { __xss?: number }).__xss = undefined;
      });
      await loginAs(mobile, await newReseller(10, 'avisotel'));
      const notice = mobile.getByRole('dialog', { name: 'Aviso!' });
      await expect(notice).toBeVisible({ timeout: 15_000 });
      await expect(notice.locator('b')).toHaveText('Aviso');
      await expect(notice.locator('i')).toHaveText('fim');
      await expect(notice.locator('img, script, a')).toHaveCount(0);
      expect(await xssRan(mobile)).toBeUndefined();
      await shot(mobile, '43-important-message-390');
    } finally {
      await phone.close();
    }
  } finally {
    await switchPopUpOff(adminApi);
  }
});

const EDITED: Record<'manual' | 'server_rules' | 'responsibilities', { title: string; runs: RichRun[] }> = {
  manual: {
    title: 'Manual de instruções',
    runs: [
      { text: 'Passo 1', bold: true },
      { text: ': crie o cliente em ' },
      { text: 'Novo Usuário', italic: true },
    ],
  },
  server_rules: {
    title: 'Regras do servidor',
    runs: [{ text: 'Regra nova', bold: true }, { text: ': testes só com o cliente ao lado.' }],
  },
  responsibilities: {
    title: 'Responsabilidades e proibições',
    runs: [
      { text: 'Proibido', bold: true },
      { text: ' revender o acesso ao ' },
      { text: 'painel', italic: true },
    ],
  },
};
const plain = (runs: RichRun[]) => runs.map((run) => run.text).join('');

test('the admin edits the three menu texts; a reseller reads them from the menu; who sees which item', async ({
  adminPage: page,
  adminApi,
  browser,
  baseURL,
  csp,
  newReseller,
}) => {
  test.setTimeout(180_000);
  const before = await adminApi.call<{ user_migration_list: string }>('GET', '/admin/panel');
  await adminApi.call('PUT', '/admin/panel', { user_migration_list: 'false' });
  try {
    // The admin: the manual and migration items, never the server rules nor the responsibilities.
    const adminItems = await sidebarItems(page);
    expect(adminItems).toContain('Manual de instruções');
    expect(adminItems).toContain('Migrar cliente');
    expect(adminItems).not.toContain('Regras do servidor');
    expect(adminItems).not.toContain('Responsabilidades e proibições');

    await page.goto('/admin/news');
    for (const [key, edit] of Object.entries(EDITED)) {
      await page.getByTestId('panel-text-key').click();
      await page.getByRole('option', { name: edit.title }).click();
      await expect(page.getByTestId('panel-text-form')).toContainText(edit.title);
      await writeRichText(page, 'panel-text-editor', edit.runs);
      await page.getByTestId('panel-text-save').click();
      await expect(page.getByText('Texto alterado com sucesso').first()).toBeVisible();
      await expect(page.getByTestId('panel-text-status')).toHaveText('Editado');
      if (key === 'server_rules') await shot(page, '44-admin-menu-texts-1366', { fullPage: true });
    }

    // A reseller: the three items; each dialog shows the admin's text with its formatting.
    const reseller = await newReseller(10, 'regras');
    const { desk, resellerPage } = await signInOnLaptop(browser, baseURL, csp, reseller);
    try {
      const items = await sidebarItems(resellerPage);
      for (const { title } of Object.values(EDITED)) expect(items).toContain(title);
      // The migrate-client item: not while user_migration_list is 'false'.
      expect(items).not.toContain('Migrar cliente');
      for (const [key, edit] of Object.entries(EDITED)) {
        const dialog = await openMenuDialog(resellerPage, edit.title);
        const body = dialog.getByTestId(`panel-text-dialog-${key}-body`);
        await expect(body).toHaveText(plain(edit.runs));
        await expect(body.locator('strong')).toHaveText(edit.runs[0]!.text);
        if (key === 'server_rules') await shot(resellerPage, '45-server-rules-dialog-1366');
        await resellerPage.keyboard.press('Escape');
        await expect(dialog).toBeHidden();
      }
      // An admin-only page sends a reseller to /dashboard.
      await resellerPage.goto('/admin/news');
      await expect(resellerPage).toHaveURL(/\/dashboard$/);
    } finally {
      await desk.close();
    }

    // With user_migration_list 'true' the reseller gets the migrate-client item; on a phone, the dialogs too.
    await adminApi.call('PUT', '/admin/panel', { user_migration_list: 'true' });
    const { phone, mobile } = await openPhone(browser, baseURL, csp);
    try {
      await loginAs(mobile, reseller);
      await expect(mobile).toHaveURL(/\/dashboard$/);
      // A reseller's item appears once the panel settings arrived (user_migration_list).
      const nav = await openSidebar(mobile);
      await expect(nav.getByRole('button', { name: 'Migrar cliente' })).toBeVisible();
      const dialog = await openMenuDialog(mobile, EDITED.responsibilities.title);
      await expect(dialog.getByTestId('panel-text-dialog-responsibilities-body')).toHaveText(
        plain(EDITED.responsibilities.runs),
      );
      await shot(mobile, '46-responsibilities-dialog-390');
    } finally {
      await phone.close();
    }
  } finally {
    await adminApi.call('PUT', '/admin/panel', { user_migration_list: before.user_migration_list });
    for (const key of Object.keys(EDITED)) await adminApi.call('DELETE', `/admin/panel-texts/${key}`);
  }
});
