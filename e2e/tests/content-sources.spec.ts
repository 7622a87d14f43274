import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ADMIN, loginAs } from '../fixtures/session';
import { expect, test } from '../fixtures/test';
import { LAPTOP, openPhone, PHONE } from '../fixtures/devices';
import { shot } from '../fixtures/shot';

// docs/product/screens.md#content-sources (decision 0041): the admin imports a playlist, follows its
// sync and puts an imported category into a bouquet. Needs the content-import routes
// (/api/admin/content/…, decision 0038) in the server under test. Screenshots of the viewport at 1366×768 and
// 390×844.

/** A playlist on the server's own disk (the e2e server runs on this machine): two live channels. */
function writePlaylist(): string {
  const path = join(mkdtempSync(join(tmpdir(), 'panel-e2e-m3u-')), 'canais.m3u');
  writeFileSync(
    path,
    [
      '#EXTM3U',
      '#EXTINF:-1 tvg-id="esporte.br" group-title="Esportes E2E",Canal Esporte',
      'http://127.0.0.1:9/esporte.ts',
      '#EXTINF:-1 tvg-id="noticias.br" group-title="Notícias E2E",Canal Notícias',
      'http://127.0.0.1:9/noticias.ts',
      '',
    ].join('\n'),
  );
  return path;
}

test.use({ viewport: LAPTOP });

test('the admin adds an M3U source, syncs it, files a category in a bouquet and removes the source', async ({
  adminPage: page,
  browser,
  baseURL,
  csp,
}) => {
  test.setTimeout(180_000);
  const playlist = writePlaylist();

  await page.getByText('Admin', { exact: true }).click();
  await page.getByText('Fontes de Conteúdo', { exact: true }).click();
  await expect(page).toHaveURL(/\/content-sources$/);
  // Other journeys import their libraries as sources too: the list is empty ('Nenhuma fonte cadastrada',
  // the component test's) or holds theirs; this one adds a source and leaves the list as it found it.
  const sources = page.getByTestId('content-source');
  await expect(page.getByTestId('content-sources-empty').or(sources.first())).toBeVisible();
  const sourcesBefore = await sources.count();

  await page.getByTestId('content-source-new').click();
  const form = page.getByTestId('content-source-form');
  await expect(form).toBeVisible();
  await form.getByTestId('content-source-kind').getByText('M3U', { exact: true }).click();
  await expect(form.getByTestId('content-source-delivery')).toHaveValue('redirect');
  // The shared rules speak before anything is sent.
  await form.getByTestId('content-source-submit').click();
  await expect(form.getByText('O campo é obrigatório').first()).toBeVisible();
  await form.getByTestId('content-source-name').fill('Lista E2E');
  await form.getByTestId('content-source-url').fill(playlist);
  await form.getByTestId('content-source-guide-offset').selectOption('180');
  await shot(page, '74-content-source-form-1366');
  await form.getByTestId('content-source-submit').click();
  await expect(form).toBeHidden();
  await expect(page.getByText('Fonte salva com sucesso')).toBeVisible();

  const card = page.getByTestId('content-source').filter({ hasText: 'Lista E2E' });
  await expect(card).toBeVisible();
  const sourceId = await card.getAttribute('data-source-id');
  const part = (name: string) => card.getByTestId(`content-source-${sourceId}-${name}`);
  await expect(part('kind')).toHaveText('M3U');
  await expect(part('delivery')).toHaveText('Redirecionamento');
  await expect(part('guide-offset')).toHaveText('+03:00');
  await expect(part('status')).toHaveText('Nunca sincronizada');

  await part('sync').click();
  await expect(page.getByText('Sincronização iniciada')).toBeVisible();
  await expect(part('status')).toHaveText('Sincronizada', { timeout: 60_000 });
  await expect(part('summary-live')).toHaveText(/^Canais: 2 novos/);
  await expect(part('last-sync')).toHaveText(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}$/);
  await shot(page, '75-content-sources-1366');

  await page.getByTestId('content-tab-categories').click();
  const category = page.getByTestId('content-category').filter({ hasText: 'Esportes E2E' });
  await expect(category).toBeVisible();
  await category.getByTestId('content-category-edit').click();
  const bouquets = page.getByTestId('category-bouquets');
  await expect(bouquets).toBeVisible();
  const first = bouquets.getByRole('checkbox').first();
  const bouquetName = (await bouquets.locator('label').first().textContent()) ?? '';
  if (!(await first.isChecked())) await first.check();
  await bouquets.getByTestId('category-bouquets-submit').click();
  await expect(bouquets).toBeHidden();
  await expect(category.getByTestId('content-category-bouquets')).toContainText(bouquetName);
  await shot(page, '76-content-categories-1366');

  // The same screen on a phone.
  const { phone, mobile } = await openPhone(browser, baseURL, csp);
  try {
    await loginAs(mobile, ADMIN);
    await expect(mobile).toHaveURL(/\/dashboard$/);
    await mobile.goto('/content-sources');
    await expect(mobile.getByTestId('content-source').filter({ hasText: 'Lista E2E' })).toBeVisible();
    expect(await mobile.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      PHONE.width,
    );
    await shot(mobile, '77-content-sources-phone');
  } finally {
    await phone.close();
  }

  await page.getByTestId('content-tab-sources').click();
  await part('remove').click();
  const confirm = page.getByTestId('content-source-remove');
  await expect(confirm).toContainText('Deseja realmente remover a fonte "Lista E2E"?');
  await confirm.getByTestId('content-source-remove-confirm').click();
  await expect(page.getByText('Fonte removida com sucesso')).toBeVisible();
  await expect(card).toHaveCount(0);
  await expect(sources).toHaveCount(sourcesBefore);
  if (sourcesBefore === 0) await expect(page.getByTestId('content-sources-empty')).toBeVisible();
});
