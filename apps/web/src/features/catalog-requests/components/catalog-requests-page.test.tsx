import { Notifications } from '@mantine/notifications';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import {
  CATALOG_REQUEST_MESSAGES,
  type CatalogRequest,
  type TitleSearchResult,
} from '@panel/shared/catalog-requests/catalog-requests-api';
import type { Profile } from '@panel/shared/profile/profile-schema';
import { buildProfile } from '@test/fixtures/profile';
import { cleanNotifications } from '@test/line-action-kit';
import { mockApi, type MockAnswer } from '@test/mock-api';
import { renderWithProviders } from '@test/render';
import { CatalogRequestsPage } from './catalog-requests-page';

afterEach(cleanNotifications);

const REQUEST: CatalogRequest = {
  id: 4,
  tmdb_id: 603,
  media_title: 'Matrix',
  media_image: 'https://image.tmdb.org/t/p/w185/matrix.png',
  media_type: 'movie',
  media_release_date: '1999-03-31',
  status: 2,
  publisher_id: 9,
  publisher_username: 'fornecedor',
  total_requests: 3,
  created_at: '2026-11-24T10:00:00.000Z',
  updated_at: '2026-11-24T10:00:00.000Z',
};
const MATRIX: TitleSearchResult = {
  tmdb_id: 603,
  media_type: 'movie',
  title: 'Matrix',
  release_date: '1999-03-31',
  poster: null,
};

const list = (...rows: CatalogRequest[]): MockAnswer => ({
  body: { data: rows, meta: { page: 1, pages: 1, per: 10, total: rows.length } },
});
const publishers: MockAnswer = {
  body: { data: [{ id: 9, username: 'fornecedor', queue: 1, progress: 0, catalog: 2 }] },
};

function renderPage(profile: Profile, createOnOpen = false) {
  return renderWithProviders(
    <MemoryRouter initialEntries={[createOnOpen ? '/requests/catalog/create' : '/requests/catalog']}>
      <Notifications />
      <CatalogRequestsPage profile={profile} createOnOpen={createOnOpen} />
    </MemoryRouter>,
  );
}

const headers = () => screen.getAllByRole('columnheader').map((cell) => cell.textContent);

describe('/requests/catalog (docs/product/screens.md#catalog-requests)', () => {
  it('an admin sees the count, the publisher, the actions and the publisher summary', async () => {
    mockApi({ 'GET /catalog': list(REQUEST), 'GET /catalog/publishers': publishers });
    renderPage(buildProfile({ type: 'admin' }));
    await screen.findByText('Matrix');
    // 'Release' under 'Tipo', 'Atualizado em' under 'Solicitado em' (decision 0073).
    const table = within(screen.getByTestId('requests-table'));
    expect(table.getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual([
      'TMDB ID',
      'Poster',
      'Título',
      'Tipo / Release',
      'Solicitado em / Atualizado em',
      'Nr. Solicitações',
      'Publisher',
      'Status',
      'Ações',
    ]);
    expect(screen.getByTestId('request-total').textContent).toBe('3');
    expect(
      within(await screen.findByTestId('publisher-summary')).getByText('fornecedor'),
    ).toBeInTheDocument();
    expect(screen.getByTestId('request-status').textContent).toBe('Na fila');
  });

  it('a failed publisher summary says why once, with "Tentar novamente", and loads when asked again', async () => {
    let loads = 0;
    mockApi({
      'GET /catalog': list(REQUEST),
      'GET /catalog/publishers': () =>
        loads++ === 0
          ? { status: 500, body: { status: 500, code: 'internal_error', message: 'Erro no servidor.' } }
          : publishers,
    });
    renderPage(buildProfile({ type: 'admin' }));
    const summary = await screen.findByTestId('publisher-summary');
    const retry = await within(summary).findByTestId('publisher-summary-error-retry');
    // Said in the summary, not again in a toast.
    expect(screen.getAllByText('Erro no servidor.')).toHaveLength(1);
    fireEvent.click(retry);
    expect(await within(summary).findByText('fornecedor')).toBeInTheDocument();
    expect(within(summary).queryByTestId('publisher-summary-error')).toBeNull();
  });

  it('a reseller sees neither the admin columns nor the actions, and asks nothing of publishers', async () => {
    const calls = mockApi({ 'GET /catalog': list({ ...REQUEST, total_requests: null }) });
    renderPage(buildProfile({ type: 'reseller' }));
    await screen.findByText('Matrix');
    const shown = headers();
    for (const name of ['Nr. Solicitações', 'Publisher', 'Ações']) expect(shown).not.toContain(name);
    expect(screen.queryByTestId('publisher-summary')).toBeNull();
    expect(calls.some((call) => call.path === '/catalog/publishers')).toBe(false);
  });

  it('the new-request modal searches once after the typing stops, needs a choice, and asks for it', async () => {
    const calls = mockApi({
      'GET /catalog': list(),
      'GET /catalog/search/status': { body: { configured: true } },
      'GET /catalog/search': { body: { results: [MATRIX] } },
      'POST /catalog': { status: 201, body: { request: REQUEST, created: true, counted: true } },
    });
    renderPage(buildProfile({ type: 'reseller' }), true);
    const input = await screen.findByTestId('title-search-input');
    fireEvent.click(screen.getByTestId('request-new-submit'));
    expect(await screen.findByText(CATALOG_REQUEST_MESSAGES.titleRequired)).toBeInTheDocument();
    for (const text of ['m', 'ma', 'mat', 'matrix']) fireEvent.change(input, { target: { value: text } });
    fireEvent.click(await screen.findByTestId('title-result', {}, { timeout: 3000 }));
    const searches = calls.filter((call) => call.path === '/catalog/search');
    expect(searches.map((call) => call.query.get('query'))).toEqual(['matrix']);
    fireEvent.click(screen.getByTestId('request-new-submit'));
    await waitFor(() => expect(calls.some((call) => call.method === 'POST')).toBe(true));
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({ tmdb_id: 603, media_type: 'movie' });
    expect(await screen.findByText(CATALOG_REQUEST_MESSAGES.added)).toBeInTheDocument();
  });

  it('a title already requested says so, with its status and whether the caller was counted (decision 0071)', async () => {
    const answers = [
      {
        body: { request: { ...REQUEST, status: 3 }, created: false, counted: true },
        text: 'Este título já havia sido solicitado. Status: Em processamento. Sua solicitação foi somada à existente.',
      },
      {
        body: { request: REQUEST, created: false, counted: false },
        text: 'Você já havia solicitado este título. Status: Na fila. Nada foi adicionado: sua solicitação já estava contada.',
      },
    ];
    for (const answer of answers) {
      mockApi({
        'GET /catalog': list(),
        'GET /catalog/search/status': { body: { configured: true } },
        'GET /catalog/search': { body: { results: [MATRIX] } },
        'POST /catalog': { status: 200, body: answer.body },
      });
      const view = renderPage(buildProfile({ type: 'reseller' }), true);
      fireEvent.change(await screen.findByTestId('title-search-input'), { target: { value: 'matrix' } });
      fireEvent.click(await screen.findByTestId('title-result', {}, { timeout: 3000 }));
      fireEvent.click(screen.getByTestId('request-new-submit'));
      expect(await screen.findByText(answer.text)).toBeInTheDocument();
      expect(screen.queryByText(CATALOG_REQUEST_MESSAGES.added)).toBeNull();
      view.unmount();
      cleanNotifications();
    }
  });

  it('says plainly when the title search is not configured', async () => {
    mockApi({
      'GET /catalog': list(),
      'GET /catalog/search/status': { body: { configured: false } },
    });
    renderPage(buildProfile({ type: 'reseller' }), true);
    expect((await screen.findByTestId('title-search-not-configured')).textContent).toBe(
      CATALOG_REQUEST_MESSAGES.searchNotConfigured,
    );
    expect(screen.queryByTestId('title-search-input')).toBeNull();
  });
});
