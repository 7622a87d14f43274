import { act, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ListMeta } from '@panel/shared/lists/list-query';
import { ApiError } from '@/lib/api-client';
import { useListState } from '@/lib/list-state/use-list-state';
import { renderWithProviders } from '@test/render';
import { DataTable } from './data-table';
import type { DataTableColumn } from './data-table-types';
import { FilterTextInput } from './filter-text-input';
import { pageFooterText } from './footer-text';

interface Row {
  id: number;
  name: string;
}
const COLUMNS: DataTableColumn<Row, 'name'>[] = [
  { id: 'id', header: 'ID', cell: (row) => row.id },
  { id: 'name', header: 'Nome', sortField: 'name', cardPlacement: 'title', cell: (row) => row.name },
  { id: 'secret', header: 'Segredo', hidden: true, cell: () => 'oculto' },
];
const ROWS: Row[] = [
  { id: 1, name: 'ana' },
  { id: 2, name: 'bruno' },
];
const META: ListMeta = { page: 2, pages: 3, per: 10, total: 25 };

/** A list screen in miniature: the table driven by useListState. */
function Harness({ rows = ROWS, cardMode = false }: { rows?: Row[]; cardMode?: boolean }) {
  const list = useListState<{ q: string }, 'name'>({ storageKey: 'test:1', defaultFilters: { q: '' } });
  return (
    <>
      <output data-testid="params">{JSON.stringify(list.params)}</output>
      <DataTable
        {...list.tableControls}
        testId="people"
        ariaLabel="Pessoas"
        columns={COLUMNS}
        rows={rows}
        rowKey={(row) => row.id}
        cardMode={cardMode}
        meta={{ ...META, page: list.page, per: list.per }}
      />
    </>
  );
}

const params = () => JSON.parse(screen.getByTestId('params').textContent ?? '{}');

describe('DataTable', () => {
  it('renders visible columns only, one row per item', () => {
    renderWithProviders(<Harness />);
    const table = screen.getByTestId('people');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['ID', 'Nome']);
    expect(screen.getAllByTestId('people-row')).toHaveLength(2);
    expect(screen.queryByText('oculto')).toBeNull();
  });

  it('a sortable header cycles none → asc → desc → none and sorts the API call', () => {
    renderWithProviders(<Harness />);
    const header = screen.getByTestId('sort-name');
    const th = header.closest('th') as HTMLElement;
    expect(th.getAttribute('aria-sort')).toBe('none');
    fireEvent.click(header);
    expect(th.getAttribute('aria-sort')).toBe('ascending');
    expect(params().order_by).toBe('name,asc');
    fireEvent.click(header);
    expect(th.getAttribute('aria-sort')).toBe('descending');
    expect(params().order_by).toBe('name,desc');
    fireEvent.click(header);
    expect(th.getAttribute('aria-sort')).toBe('none');
    expect(params().order_by).toBeUndefined();
    expect(screen.queryByTestId('sort-id')).toBeNull();
  });

  it('shows "Página X a Y - Quantidade Z" and the page sizes of docs/product/screens.md#shared-table-behaviour', () => {
    renderWithProviders(<Harness />);
    expect(screen.getByTestId('people-footer').textContent).toBe('Página 1 a 3 - Quantidade 25');
    const size = screen.getByTestId('people-page-size') as HTMLSelectElement;
    expect(Array.from(size.options, (option) => option.value)).toEqual(['10', '15', '25', '30', '50']);
    fireEvent.change(size, { target: { value: '50' } });
    expect(params().per).toBe(50);
    fireEvent.click(screen.getByRole('button', { name: 'Próxima página' }));
    expect(screen.getByTestId('people-footer').textContent).toBe('Página 2 a 3 - Quantidade 25');
  });

  it('formats the footer with thousands separators', () => {
    expect(pageFooterText({ page: 1, pages: 124, total: 1234 })).toBe('Página 1 a 124 - Quantidade 1.234');
  });

  it('says "Nenhum Resultado" when empty, in a table and in cards', () => {
    const { unmount } = renderWithProviders(<Harness rows={[]} />);
    expect(screen.getByTestId('people-empty').textContent).toBe('Nenhum Resultado');
    unmount();
    renderWithProviders(<Harness rows={[]} cardMode />);
    expect(screen.getByTestId('people-empty').textContent).toBe('Nenhum Resultado');
  });

  it('card mode shows one card per row, the title column first', () => {
    renderWithProviders(<Harness cardMode />);
    expect(screen.queryByTestId('people')).toBeNull();
    const cards = screen.getAllByTestId('people-card');
    expect(cards).toHaveLength(2);
    expect(cards[0]?.textContent).toBe('anaID1');
  });
});

interface Person {
  id: number;
  name: string;
  city: string;
  phone: string | null;
}
const PEOPLE: Person[] = [
  { id: 1, name: 'ana', city: 'Recife', phone: '8199' },
  { id: 2, name: 'bruno', city: 'Natal', phone: null },
];
/** 'Nome / Cidade / Telefone' in one column; 'Senha' merged but hidden from this role. */
const MERGED: DataTableColumn<Person, 'name' | 'city'>[] = [
  {
    id: 'name',
    header: 'Nome',
    sortField: 'name',
    cardPlacement: 'title',
    cell: (row) => row.name,
    merged: [
      { id: 'city', header: 'Cidade', sortField: 'city', cell: (row) => row.city },
      {
        id: 'phone',
        header: 'Telefone',
        cell: (row) => row.phone ?? '-',
        mergedCell: (row) => (row.phone ? `tel. ${row.phone}` : null),
      },
      { id: 'secret', header: 'Senha', hidden: true, cell: () => 'oculto' },
    ],
  },
];

function MergedHarness({ cardMode = false }: { cardMode?: boolean }) {
  const list = useListState<{ q: string }, 'name' | 'city'>({
    storageKey: 'test:merged',
    defaultFilters: { q: '' },
  });
  return (
    <>
      <output data-testid="params">{JSON.stringify(list.params)}</output>
      <DataTable
        {...list.tableControls}
        testId="people"
        ariaLabel="Pessoas"
        columns={MERGED}
        rows={PEOPLE}
        rowKey={(row) => row.id}
        cardMode={cardMode}
      />
    </>
  );
}

describe('DataTable: merged columns (decision 0073)', () => {
  it('one header names every merged column, each keeps its sort; their values are lines of the cell', () => {
    renderWithProviders(<MergedHarness />);
    const [header] = within(screen.getByTestId('people')).getAllByRole('columnheader');
    expect(header?.textContent).toBe('Nome / Cidade / Telefone');
    expect(header?.getAttribute('aria-sort')).toBe('none');
    fireEvent.click(screen.getByTestId('sort-city'));
    expect(params().order_by).toBe('city,asc');
    expect(header?.getAttribute('aria-sort')).toBe('ascending');
    expect(screen.getByTestId('sort-name').getAttribute('data-sort')).toBe('none');
    const [first, second] = screen.getAllByTestId('people-row');
    expect(first?.textContent).toBe('anaRecifetel. 8199');
    // A merged value with nothing to say leaves no line; a hidden one is never shown.
    expect(second?.textContent).toBe('brunoNatal');
    expect(screen.queryByText('oculto')).toBeNull();
  });

  it('a card shows each merged column as a line of its own', () => {
    renderWithProviders(<MergedHarness cardMode />);
    const [card] = screen.getAllByTestId('people-card');
    expect(within(card as HTMLElement).queryByText('Cidade')).toBeInTheDocument();
    expect(within(card as HTMLElement).queryByText('Recife')).toBeInTheDocument();
    expect(within(card as HTMLElement).queryByText('8199')).toBeInTheDocument();
    expect(screen.queryByText('Senha')).toBeNull();
  });
});

describe('DataTable: a failed load (decision 0028)', () => {
  const serverError = new ApiError({
    status: 500,
    body: {
      status: 500,
      code: 'internal_error',
      message: 'Erro no servidor. Por favor, tente novamente mais tarde.',
    },
    message: 'HTTP 500',
  });
  const networkError = new ApiError({ network: true, message: 'Failed to fetch' });

  function Failed({
    rows,
    error,
    cardMode = false,
    onRetry,
  }: {
    rows?: Row[];
    error: unknown;
    cardMode?: boolean;
    onRetry: () => void;
  }) {
    return (
      <DataTable
        testId="people"
        ariaLabel="Pessoas"
        columns={COLUMNS}
        rows={rows}
        rowKey={(row) => row.id}
        cardMode={cardMode}
        error={error}
        onRetry={onRetry}
      />
    );
  }

  it('says why, in the catalogue’s words, instead of loading forever, and "Tentar novamente" asks again', () => {
    const onRetry = vi.fn();
    renderWithProviders(<Failed error={serverError} onRetry={onRetry} />);
    const failure = screen.getByTestId('people-error');
    expect(failure.getAttribute('role')).toBe('alert');
    expect(failure.textContent).toContain('Erro no Servidor');
    expect(screen.getByTestId('people-error-message').textContent).toBe(
      'Erro no servidor. Por favor, tente novamente mais tarde.',
    );
    // Neither the skeleton nor "Nenhum Resultado".
    expect(document.querySelector('[aria-busy]')).toBeNull();
    expect(screen.queryByTestId('people-empty')).toBeNull();
    fireEvent.click(within(failure).getByRole('button', { name: 'Tentar novamente' }));
    expect(onRetry).toHaveBeenCalledTimes(1);
  });

  it('in cards too, with the connection text when no answer came', () => {
    const onRetry = vi.fn();
    renderWithProviders(<Failed error={networkError} cardMode onRetry={onRetry} />);
    expect(screen.getByTestId('people-error-message').textContent).toBe(
      'Erro de conexão. Verifique sua internet e tente novamente.',
    );
    expect(screen.queryByTestId('people-cards')).toBeNull();
    expect(screen.queryByTestId('people-empty')).toBeNull();
    fireEvent.click(screen.getByTestId('people-error-retry'));
    expect(onRetry).toHaveBeenCalledTimes(1);
  });

  it('keeps the rows it has and says the refresh failed above them', () => {
    renderWithProviders(<Failed rows={ROWS} error={serverError} onRetry={vi.fn()} />);
    expect(screen.getAllByTestId('people-row')).toHaveLength(2);
    expect(screen.getByTestId('people-error-message').textContent).toBe(
      'Erro no servidor. Por favor, tente novamente mais tarde.',
    );
  });

  it('shows nothing of the kind while the query is fine (error null)', () => {
    renderWithProviders(<Failed rows={ROWS} error={null} onRetry={vi.fn()} />);
    expect(screen.queryByTestId('people-error')).toBeNull();
  });
});

describe('FilterTextInput', () => {
  afterEach(() => vi.useRealTimers());

  it('applies 1 s after the last key, trimmed', async () => {
    vi.useFakeTimers();
    const onApply = vi.fn();
    renderWithProviders(<FilterTextInput label="Buscar" value="" onApply={onApply} />);
    const input = screen.getByLabelText('Buscar');
    fireEvent.change(input, { target: { value: 'jo' } });
    await act(() => vi.advanceTimersByTimeAsync(600));
    fireEvent.change(input, { target: { value: 'joao ' } });
    await act(() => vi.advanceTimersByTimeAsync(999));
    expect(onApply).not.toHaveBeenCalled();
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(onApply).toHaveBeenCalledExactlyOnceWith('joao');
  });

  it('Enter applies at once and the pending timer does not apply again', async () => {
    vi.useFakeTimers();
    const onApply = vi.fn();
    renderWithProviders(<FilterTextInput label="Buscar" value="" onApply={onApply} />);
    const input = screen.getByLabelText('Buscar');
    fireEvent.change(input, { target: { value: 'maria' } });
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(onApply).toHaveBeenCalledExactlyOnceWith('maria');
    await act(() => vi.advanceTimersByTimeAsync(2000));
    expect(onApply).toHaveBeenCalledTimes(1);
  });

  it('numeric inputs keep digits only (ID filters)', () => {
    renderWithProviders(<FilterTextInput label="ID" numeric value="" onApply={() => {}} />);
    const input = screen.getByLabelText('ID') as HTMLInputElement;
    fireEvent.change(input, { target: { value: '1a2-3' } });
    expect(input.value).toBe('123');
    expect(input.inputMode).toBe('numeric');
  });

  it('a value changed from outside replaces the draft', () => {
    const { rerender } = renderWithProviders(
      <FilterTextInput label="Buscar" value="ana" onApply={() => {}} />,
    );
    expect((screen.getByLabelText('Buscar') as HTMLInputElement).value).toBe('ana');
    rerender(<FilterTextInput label="Buscar" value="" onApply={() => {}} />);
    expect((screen.getByLabelText('Buscar') as HTMLInputElement).value).toBe('');
  });
});
