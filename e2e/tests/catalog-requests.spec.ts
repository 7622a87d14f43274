import type { Page } from '@playwright/test';
import { startFakeTmdb, type FakeTmdb } from '../../apps/server/test/metadata/fake-tmdb';
import type { SeededReseller } from '../fixtures/api';
import { LAPTOP, PHONE } from '../fixtures/devices';
import { FAKE_KEYS, FAKE_PORTS } from '../fixtures/fake-ports';
import { resellerRow } from '../fixtures/resellers';
import { expect, test } from '../fixtures/test';
import { askForTitle, editRequest, requestRow } from '../steps/catalog-requests';
import { shot } from '../fixtures/shot';

// docs/product/screens.md#catalog-requests (decisions 0054, 0055): a reseller asks for titles found by the
// proxied title search (a local TMDB-compatible fake on its fixed port), an admin makes an account a
// publisher, sees the count and the publisher summary and assigns the request, the publisher moves it to
// 'No catálogo'. Screenshots of each role's list at 1366×768 and 390×844, and of the new-request modal.

const SPEC_COLUMNS = [
  'TMDB ID',
  'Poster',
  'Título',
  'Tipo',
  'Release',
  'Solicitado em',
  'Atualizado em',
  'Status',
];
const ADMIN_COLUMNS = ['Nr. Solicitações', 'Publisher', 'Ações'];

let tmdb: FakeTmdb;
test.beforeAll(async () => {
  tmdb = await startFakeTmdb(FAKE_KEYS.metadata, FAKE_PORTS.metadata);
});
test.afterAll(async () => {
  await tmdb?.close();
});

test.use({ viewport: LAPTOP });
test.describe.configure({ mode: 'serial' });

let reseller: SeededReseller;
let publisher: SeededReseller;

/** A phone-sized window, loaded afresh as a phone would open it (the sidebar starts closed). */
async function onPhone(page: Page): Promise<void> {
  await page.setViewportSize(PHONE);
  await page.reload();
}

/** The header of column `name`, alone or merged with others ('Tipo / Release'; decision 0073). */
const header = (page: Page, name: string) =>
  page
    .getByTestId('requests-table')
    .getByRole('columnheader', { name: new RegExp(`(^|/ )${name.replace(/[.]/g, '\\.')}( /|$)`) });

test('a reseller searches a title, chooses it and sees its request Na fila', async ({
  page,
  signIn,
  newReseller,
}) => {
  test.setTimeout(120_000);
  reseller = await newReseller(10, 'pedido');
  await signIn(reseller);
  await expect(page).toHaveURL(/\/dashboard$/);

  // /requests/catalog/create is the list with the new-request modal open.
  await page.goto('/requests/catalog/create');
  const modal = page.getByTestId('request-new');
  await expect(modal.getByTestId('request-new-status')).toHaveText('Status: Na Fila');
  // A title must be chosen.
  await modal.getByTestId('request-new-submit').click();
  await expect(modal.getByText('Informe o título')).toBeVisible();
  await expect(page.getByText('Por favor informe o título')).toBeVisible();

  // The search waits for the typing to stop; movies and series in pt-BR, no people, no adult titles.
  await modal.getByTestId('title-search-input').fill('matrix');
  await expect(modal.getByTestId('title-result')).toHaveCount(2);
  await expect(modal.getByTestId('title-result').first()).toContainText('Matrix');
  await expect(modal.getByText('Keanu')).toHaveCount(0);
  await expect(modal.getByText('Matrix Adulto')).toHaveCount(0);
  await expect(modal.getByTestId('request-poster').first()).toBeVisible();
  expect(tmdb.calls.filter((call) => call.path === '/search/multi').at(-1)?.query).toMatchObject({
    query: 'matrix',
    language: 'pt-BR',
    include_adult: 'false',
  });
  await shot(page, '90-catalog-request-new-1366');
  await modal.getByTestId('title-result').filter({ hasText: 'Matrix Reloaded' }).click();
  await modal.getByTestId('title-result').first().click();
  await modal.getByTestId('request-new-submit').click();
  await expect(modal).toBeHidden();
  await expect(page.getByText('Nova solicitação adicionada')).toBeVisible();
  await expect(page).toHaveURL(/\/requests\/catalog$/);

  await page.getByTestId('request-new-open').click();
  await askForTitle(page, 'breaking', 'Breaking Bad: A Química do Mal');

  const row = requestRow(page, 'Matrix');
  await expect(row.getByTestId('request-status')).toHaveText('Na fila');
  await expect(row).toContainText('603');
  await expect(row).toContainText('Filme');
  await expect(row).toContainText('31/03/1999');
  await expect(row.getByTestId('request-poster')).toBeVisible();
  await expect(requestRow(page, 'Breaking Bad: A Química do Mal')).toContainText('Série');
  for (const name of SPEC_COLUMNS) await expect(header(page, name)).toBeVisible();
  // A reseller sees neither the admin's columns nor the actions.
  for (const name of ADMIN_COLUMNS) await expect(header(page, name)).toHaveCount(0);
  await expect(page.getByTestId('publisher-summary')).toHaveCount(0);

  // Filters: type, then a TMDB id with no request ('Nenhum Resultado').
  await page.getByTestId('filter-media-type').click();
  await page.getByRole('option', { name: 'Série', exact: true }).click();
  await expect(page.getByTestId('requests-table-row')).toHaveCount(1);
  await page.getByTestId('filter-media-type').click();
  await page.getByRole('option', { name: 'Todos', exact: true }).click();
  await page.getByTestId('filter-tmdb-id').fill('999');
  await page.getByTestId('filter-tmdb-id').press('Enter');
  await expect(page.getByText('Nenhum Resultado')).toBeVisible();
  await page.getByTestId('filter-tmdb-id').fill('');
  await page.getByTestId('filter-tmdb-id').press('Enter');
  await expect(page.getByTestId('requests-table-row')).toHaveCount(2);
  await expect(page.getByText(/Página 1 a 1 - Quantidade 2/)).toBeVisible();
  await shot(page, '91-catalog-requests-reseller-1366');
  await onPhone(page);
  await expect(requestRow(page, 'Matrix')).toBeVisible();
  await expect(page.getByTestId('request-new-open-mobile')).toBeVisible();
  await shot(page, '92-catalog-requests-reseller-390');
});

test('an admin makes a reseller a publisher, sees the count and the summary, and assigns the request', async ({
  page,
  signIn,
  newReseller,
  adminApi,
}) => {
  test.setTimeout(120_000);
  publisher = await newReseller(10, 'publisher');
  // A second requester of the same title: one request with a count of 2.
  await adminApi.call('POST', '/catalog', { tmdb_id: 603, media_type: 'movie' });
  await signIn();
  await expect(page).toHaveURL(/\/dashboard$/);

  // The admin-only switch of the reseller edit modal (decision 0054).
  await page.goto('/resellers');
  await page.getByTestId('filter-search').fill(publisher.username);
  await page.getByTestId('filter-search').press('Enter');
  await resellerRow(page, publisher.username).getByTestId('reseller-actions').click();
  await page.getByTestId('reseller-action-edit').click();
  await page.getByTestId('edit-reseller-publisher').click();
  await expect(page.getByText('Revendedor agora é publisher.')).toBeVisible();
  await page.getByTestId('edit-reseller-modal').getByRole('button', { name: 'Cancelar' }).click();
  await expect(page.getByTestId('edit-reseller-modal')).toBeHidden();

  await page.goto('/requests/catalog');
  for (const name of [...SPEC_COLUMNS, ...ADMIN_COLUMNS]) await expect(header(page, name)).toBeVisible();
  const matrix = requestRow(page, 'Matrix');
  await expect(matrix.getByTestId('request-total')).toHaveText('2');
  const summary = page.getByTestId('publisher-summary');
  await expect(
    summary.getByTestId('publisher-summary-row').filter({ hasText: publisher.username }),
  ).toBeVisible();

  await editRequest(page, 'Matrix', { status: 'Em processamento', publisher: publisher.username });
  await expect(matrix.getByTestId('request-status')).toHaveText('Em processamento');
  await expect(matrix.getByTestId('request-publisher')).toHaveText(publisher.username);
  await expect(
    summary.getByTestId('publisher-summary-row').filter({ hasText: publisher.username }).locator('td'),
  ).toHaveText([publisher.username, '0', '1', '0']);
  // The admin's publisher filter.
  await page.getByTestId('filter-publisher').click();
  await page.getByRole('option', { name: publisher.username, exact: true }).click();
  await expect(page.getByTestId('requests-table-row')).toHaveCount(1);
  await shot(page, '93-catalog-requests-admin-1366');
  await onPhone(page);
  await expect(requestRow(page, 'Matrix')).toBeVisible();
  await shot(page, '94-catalog-requests-admin-390');
});

test('a publisher sees catalog work and nothing of lines or resellers, and moves the request to No catálogo', async ({
  page,
  signIn,
}) => {
  test.setTimeout(120_000);
  await signIn(publisher);
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByText('Solicitações de conteúdo', { exact: true }).first()).toBeVisible();
  await expect(page.getByText('Revendedores', { exact: true })).toHaveCount(0);
  await expect(page.getByText('Meus usuários', { exact: true })).toHaveCount(0);

  await page.goto('/requests/catalog');
  await expect(header(page, 'Ações')).toBeVisible();
  await expect(header(page, 'Nr. Solicitações')).toHaveCount(0);
  await expect(header(page, 'Publisher')).toHaveCount(0);
  await requestRow(page, 'Matrix').getByTestId('request-edit-open').click();
  const edit = page.getByTestId('request-edit');
  await expect(edit.getByTestId('request-edit-status')).toBeVisible();
  // A publisher sets the status only: no publisher selector.
  await expect(edit.getByTestId('request-edit-publisher')).toHaveCount(0);
  await edit.getByRole('button', { name: 'Cancelar' }).click();
  await expect(edit).toBeHidden();
  await editRequest(page, 'Matrix', { status: 'No catálogo' });
  await expect(requestRow(page, 'Matrix').getByTestId('request-status')).toHaveText('No catálogo');
  await shot(page, '95-catalog-requests-publisher-1366');

  await onPhone(page);
  await page.goto('/requests/catalog/create');
  await page.getByTestId('title-search-input').fill('breaking');
  await expect(page.getByTestId('title-result')).toHaveCount(1);
  await shot(page, '96-catalog-request-new-publisher-390');
  // The reseller asked for it first: no new request, its status, and the publisher counted (decision 0071).
  await page.getByTestId('title-result').click();
  await page.getByTestId('request-new-submit').click();
  await expect(page.getByTestId('request-new')).toBeHidden();
  await expect(
    page.getByText(
      'Este título já havia sido solicitado. Status: Na fila. Sua solicitação foi somada à existente.',
    ),
  ).toBeVisible();
  await expect(page.getByText('Nova solicitação adicionada')).toHaveCount(0);
});

test('the reseller sees its request No catálogo, and asking for it again says so and changes nothing', async ({
  page,
  signIn,
}) => {
  test.setTimeout(120_000);
  await signIn(reseller);
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto('/requests/catalog');
  await expect(requestRow(page, 'Matrix').getByTestId('request-status')).toHaveText('No catálogo');
  await page.getByTestId('request-new-open').click();
  await askForTitle(
    page,
    'matrix',
    'Matrix',
    'Você já havia solicitado este título. Status: No catálogo. Nada foi adicionado: sua solicitação já estava contada.',
  );
  await expect(page.getByText('Nova solicitação adicionada')).toHaveCount(0);
  await expect(page.getByTestId('requests-table-row')).toHaveCount(2);
});
