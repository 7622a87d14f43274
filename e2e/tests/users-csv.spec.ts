import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { expect, test } from '../fixtures/test';
import { LAPTOP, PHONE } from '../fixtures/devices';
import { uniqueUsername } from '../fixtures/resellers';
import { shot } from '../fixtures/shot';

// docs/product/screens.md#users-spreadsheet; decisions 0155–0157.
test.use({ viewport: LAPTOP });

/** dd/mm/aaaa of the panel day (Brasília) some days from now. */
function brazilianDate(daysAhead: number): string {
  const day = new Date(Date.now() - 3 * 3_600_000 + daysAhead * 86_400_000).toISOString().slice(0, 10);
  return day.split('-').reverse().join('/');
}

/** Opens 'Planilha' → 'Importar clientes (CSV)', chooses the file and asks for its preview. */
async function previewImport(page: Page, csv: string): Promise<void> {
  await page.getByTestId('spreadsheet-menu').click();
  await page.getByTestId('import-lines').click();
  const dialog = page.getByTestId('import-dialog');
  await expect(dialog).toBeVisible();
  // Excel on a Brazilian Windows saves "CSV" in Windows-1252: the accents must survive that too.
  await dialog.locator('input[type="file"]').setInputFiles({
    name: 'clientes.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(csv, 'latin1'),
  });
  await dialog.getByTestId('import-preview').click();
  await expect(dialog.getByTestId('import-preview-rows')).toBeVisible();
}

test('a reseller exports /users to a spreadsheet and imports customers from another panel', async ({
  page,
  signIn,
  newReseller,
  api,
}) => {
  test.setTimeout(120_000);
  const seeded = await newReseller(30, 'planilha');
  await signIn(seeded);
  await expect(page.getByTestId('credit-balance')).toHaveText('30,00');
  const existing = uniqueUsername('joao');
  await api.call('POST', '/users', {
    username: existing,
    password: 'senha@um9',
    package_id: 17,
    full_name: 'João Conceição',
    reseller_notes: '=1+1',
  });

  // Export: every line of the filtered list, as Brazilian Excel opens it.
  await page.goto('/users');
  await expect(page.getByTestId('users-table').getByText(existing)).toBeVisible();
  await page.getByTestId('spreadsheet-menu').click();
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByTestId('export-lines').click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^usuarios-\d{4}-\d\d-\d\d\.csv$/);
  const exported = await readFile(await download.path(), 'utf8');
  const [header, row] = exported.split('\r\n');
  expect(header).toBe(
    '\uFEFF"Usuário";"Senha";"Cliente";"Telefone";"Mac";"Expira em";"Telas";"Plano";"Serviço";"Nota";"Status";"Teste";"Revenda";"Criado em";"ID"',
  );
  expect(row).toContain(`"${existing}";"senha@um9";"João Conceição";`);
  // A note a spreadsheet would run as a formula arrives as text.
  expect(row).toContain(`"'=1+1";"ATIVO";"Não";"${seeded.username}"`);

  // Import: two customers and one the rules refuse; the preview says what will be charged.
  const first = uniqueUsername('ana');
  const second = uniqueUsername('bia');
  const csv = [
    'Usuário;Senha;Nome;Vencimento;Telas;Pacote',
    `${first};senha@an1;Ana Conceição;${brazilianDate(30)};1;`,
    `${second};senha@bi2;Bia;;1;Completo 1 mês`,
    `${existing};senha@xx3;Repetido;;;`,
  ].join('\r\n');
  await previewImport(page, csv);
  const dialog = page.getByTestId('import-dialog');
  await expect(dialog.getByTestId('import-valid')).toHaveText('2');
  await expect(dialog.getByTestId('import-invalid')).toHaveText('1');
  // 31 started days of one screen (1,04) and the package's month (1,00).
  await expect(dialog.getByTestId('import-total')).toHaveText('2,04');
  await expect(dialog.getByTestId('import-row-4')).toContainText(
    'Usuário: Este nome de usuário já está em uso.',
  );
  await shot(page, '140-users-import-preview-1366');

  await dialog.getByTestId('import-confirm').click();
  await expect(dialog.getByTestId('import-created')).toHaveText('2');
  await expect(dialog.getByTestId('import-skipped')).toHaveText('1');
  await expect(dialog.getByTestId('import-charged')).toHaveText('2,04');
  await expect(dialog.getByTestId('import-result-2')).toContainText('senha@an1');
  // 30 minted, 1,00 for the line created by API, 2,04 for the import.
  await expect(page.getByTestId('credit-balance')).toHaveText('26,96');
  await shot(page, '141-users-import-result-1366');
  await dialog.getByTestId('import-close').click();
  await expect(page.getByTestId('users-table').getByText(first)).toBeVisible();

  // The same on a phone: 'Planilha' is an icon beside 'Filtros', 'Limpeza' and 'Novo'.
  await page.setViewportSize(PHONE);
  await page.reload();
  await expect(page.getByTestId('spreadsheet-menu')).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
  await shot(page, '142-users-spreadsheet-390');
  await previewImport(
    page,
    ['usuario;senha;nome', `${uniqueUsername('caio')};senha@ca1;Caio Açaí`, `${first};senha@an1;Ana`].join(
      '\r\n',
    ),
  );
  await expect(page.getByTestId('import-invalid')).toHaveText('1');
  await shot(page, '143-users-import-preview-390');
});
