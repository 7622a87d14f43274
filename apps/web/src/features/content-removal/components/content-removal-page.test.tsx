import { Notifications } from '@mantine/notifications';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { ContentRemoval } from '@panel/shared/content-removal/content-removal-api';
import { buildProfile } from '@test/fixtures/profile';
import { cleanNotifications } from '@test/line-action-kit';
import { mockApi, type MockAnswer } from '@test/mock-api';
import { renderWithProviders } from '@test/render';
import { ContentRemovalPage } from './content-removal-page';

afterEach(() => {
  cleanNotifications();
  localStorage.clear();
});

function removal(id: number, overrides: Partial<ContentRemoval> = {}): ContentRemoval {
  return {
    id,
    media_id: 100 + id,
    media_type: 2,
    stream_id: 100 + id,
    stream_name: `Filme ${id}`,
    serie_id: null,
    serie_name: null,
    media_title: `Filme ${id}`,
    reseller_username: 'admin',
    status: 0,
    created_at: '2026-11-24T11:30:00.000Z',
    updated_at: '2026-11-24T11:30:00.000Z',
    ...overrides,
  };
}

const page = (rows: ContentRemoval[]) =>
  ({ body: { data: rows, meta: { page: 1, pages: 1, per: 10, total: rows.length } } }) satisfies MockAnswer;

function renderPage() {
  return renderWithProviders(
    <>
      <Notifications />
      <ContentRemovalPage profile={buildProfile({ type: 'admin' })} />
    </>,
  );
}

describe('/catalog/garbage (docs/product/screens.md#content-removal)', () => {
  it('shows ID, title, type, dates, requester and status; actions only on queued rows', async () => {
    mockApi({
      'GET /catalog/garbage': page([
        removal(1),
        removal(2, { media_type: 5, stream_id: null, serie_id: 9, media_title: 'Dark', status: 1 }),
      ]),
    });
    renderPage();
    const rows = await screen.findAllByTestId('removals-table-row');
    const cells = [...rows[0]!.querySelectorAll('td')].map((cell) => cell.textContent?.trim());
    expect(cells.slice(0, 7)).toEqual([
      '1',
      'Filme 1',
      'Filme',
      '24/11/2026 08:30',
      '24/11/2026 08:30',
      'admin',
      'Na fila de exclusão',
    ]);
    expect(within(rows[1]!).getByTestId('removal-status').textContent).toBe('Excluído permanentemente');
    expect(within(rows[1]!).getByText('Série')).toBeInTheDocument();
    expect(within(rows[0]!).getByTestId('removal-cancel')).toBeInTheDocument();
    expect(within(rows[1]!).queryByTestId('removal-cancel')).toBeNull();
    expect(within(rows[1]!).queryByTestId('removal-remove')).toBeNull();
  });

  it("'Cancelar exclusão' restores and toasts; permanent removal asks first", async () => {
    let rows = [removal(1), removal(2)];
    const calls = mockApi({
      'GET /catalog/garbage': () => page(rows),
      'POST /catalog/garbage/1/restore': () => {
        rows = [removal(2)];
        return { status: 204 };
      },
      'DELETE /catalog/garbage/2': () => {
        rows = [removal(2, { status: 1 })];
        return { body: rows[0] };
      },
    });
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Cancelar exclusão: Filme 1' }));
    expect(await screen.findByText('Título removido da lixeira')).toBeInTheDocument();
    await waitFor(() => expect(screen.getAllByTestId('removals-table-row')).toHaveLength(1));

    fireEvent.click(screen.getByRole('button', { name: 'Excluir permanentemente: Filme 2' }));
    const dialog = await screen.findByTestId('removal-confirm');
    expect(dialog.textContent).toContain('Deseja realmente excluir permanentemente este título?');
    expect(calls.some((call) => call.method === 'DELETE')).toBe(false);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Excluir' }));
    expect(await screen.findByText('Título excluído permanentemente')).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.getByTestId('removal-status').textContent).toBe('Excluído permanentemente'),
    );
  });

  it('sends the filters: status and media type at once, title by text', async () => {
    const calls = mockApi({ 'GET /catalog/garbage': page([]) });
    renderPage();
    expect((await screen.findByTestId('removals-table-empty')).textContent).toContain('Nenhum Resultado');
    fireEvent.change(screen.getByTestId('filter-title'), { target: { value: 'Matrix' } });
    fireEvent.keyDown(screen.getByTestId('filter-title'), { key: 'Enter' });
    await waitFor(() => expect(calls.at(-1)?.query.get('text_search')).toBe('Matrix'));
    expect(calls.at(-1)?.query.get('status')).toBeNull();
  });
});
