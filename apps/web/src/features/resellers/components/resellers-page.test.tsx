import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { buildProfile } from '@test/fixtures/profile';
import { mockApi, type RecordedCall } from '@test/mock-api';
import { renderWithProviders } from '@test/render';
import { buildReseller } from '@test/fixtures/reseller';
import { ResellersPage } from './resellers-page';

const list = (rows = [buildReseller()]) => ({
  body: { data: rows, meta: { page: 1, pages: 1, per: 10, total: rows.length } },
});

function renderPage(type: 'admin' | 'reseller', rows = [buildReseller()]) {
  const recorded = mockApi({ 'GET /resellers': list(rows), 'POST /resellers/select_search': { body: [] } });
  renderWithProviders(
    <MemoryRouter>
      <ResellersPage profile={buildProfile({ type, id: 7, username: 'revenda01' })} />
    </MemoryRouter>,
  );
  return recorded;
}

const listCalls = (calls: RecordedCall[]) => calls.filter((call) => call.path === '/resellers');

describe('ResellersPage (docs/product/screens.md#resellers)', () => {
  it('a reseller starts filtered on its own username, without the admin columns and filters', async () => {
    const calls = renderPage('reseller');
    expect(await screen.findAllByText('Revendedores')).toHaveLength(1);
    await screen.findAllByTestId('resellers-table-row');
    expect(listCalls(calls)[0]?.query.get('master')).toBe('revenda01');
    const headers = within(screen.getByTestId('resellers-table'))
      .getAllByRole('columnheader')
      .map((th) => th.textContent);
    expect(headers).toEqual([
      'Status',
      'Usuário',
      'Créditos',
      'Cadastro',
      // The last sign-in's address under it (decision 0073).
      'Último acesso / IP',
      'Revendas',
      'Clientes',
      'Ações',
    ]);
    expect(screen.queryByTestId('filter-id')).toBeNull();
    expect(screen.getByTestId('reseller-status').textContent).toBe('ATIVO');
    expect(screen.getByTestId('reseller-credits').textContent).toBe('100,00');
  });

  it('an admin sees id and master, the extra filters and no preset', async () => {
    const calls = renderPage('admin');
    await screen.findAllByTestId('resellers-table-row');
    expect(listCalls(calls)[0]?.query.has('master')).toBe(false);
    const headers = within(screen.getByTestId('resellers-table')).getAllByRole('columnheader');
    expect(headers.slice(0, 2).map((th) => th.textContent)).toEqual(['ID', 'Master']);
    expect(screen.getAllByTestId('filter-id')).toHaveLength(1);
    expect(screen.getAllByTestId('filter-ip')).toHaveLength(1);
    fireEvent.change(screen.getByTestId('filter-id'), { target: { value: '42' } });
    fireEvent.keyDown(screen.getByTestId('filter-id'), { key: 'Enter' });
    await waitFor(() => expect(listCalls(calls).at(-1)?.query.get('id')).toBe('42'));
  });

  it('shows BLOQUEADO for a blocked reseller', async () => {
    renderPage('admin', [buildReseller({ status: 0 })]);
    expect((await screen.findByTestId('reseller-status')).textContent).toBe('BLOQUEADO');
  });

  it('an empty list says "Nenhum Resultado"', async () => {
    renderPage('admin', []);
    expect((await screen.findByTestId('resellers-table-empty')).textContent).toBe('Nenhum Resultado');
    expect(screen.getByTestId('resellers-table-footer').textContent).toBe('Página 1 a 1 - Quantidade 0');
  });

  it('"Novo revendedor" opens the modal with credits 10', async () => {
    renderPage('reseller');
    fireEvent.click(await screen.findByTestId('new-reseller-button'));
    expect(((await screen.findByTestId('new-reseller-credits')) as HTMLInputElement).value).toBe('10');
    fireEvent.click(screen.getByTestId('new-reseller-submit'));
    expect(await screen.findAllByText('O campo é obrigatório')).toHaveLength(2);
  });
});
