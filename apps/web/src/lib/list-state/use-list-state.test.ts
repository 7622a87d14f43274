import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { listStorageKey } from './list-storage';
import { useListState } from './use-list-state';

const defaults = { search: '', master: 'revenda01' as string | null };

function renderList(storageKey = 'resellers:7') {
  return renderHook(({ key }) => useListState({ storageKey: key, defaultFilters: defaults }), {
    initialProps: { key: storageKey },
  });
}

describe('useListState', () => {
  it('starts at page 1 of 10, default filters, server order', () => {
    const { result } = renderList();
    expect(result.current.params).toEqual({ page: 1, per: 10 });
    expect(result.current.filters).toEqual(defaults);
  });

  it('remembers filters, page size and sort per list in localStorage, not the page', () => {
    const first = renderList();
    act(() => first.result.current.setFilter('search', 'joao'));
    act(() => first.result.current.setFilter('master', null));
    act(() => first.result.current.setPer(25));
    act(() => first.result.current.toggleSort('credits'));
    act(() => first.result.current.setPage(3));
    expect(first.result.current.params).toEqual({ page: 3, per: 25, order_by: 'credits,asc' });
    expect(JSON.parse(localStorage.getItem(listStorageKey('resellers:7')) ?? '{}')).toEqual({
      filters: { search: 'joao', master: null },
      per: 25,
      sort: { field: 'credits', direction: 'asc' },
    });
    first.unmount();

    const again = renderList();
    expect(again.result.current.filters).toEqual({ search: 'joao', master: null });
    expect(again.result.current.params).toEqual({ page: 1, per: 25, order_by: 'credits,asc' });
  });

  it('keeps lists and accounts apart', () => {
    const { result, rerender } = renderList('resellers:7');
    act(() => result.current.setFilter('search', 'joao'));
    rerender({ key: 'resellers:8' });
    expect(result.current.filters).toEqual(defaults);
    rerender({ key: 'resellers:7' });
    expect(result.current.filters.search).toBe('joao');
  });

  it('goes back to page 1 when a filter, the size or the sort changes', () => {
    const { result } = renderList();
    act(() => result.current.setPage(4));
    act(() => result.current.setFilter('search', 'x'));
    expect(result.current.page).toBe(1);
    act(() => result.current.setPage(4));
    act(() => result.current.toggleSort('username'));
    expect(result.current.page).toBe(1);
  });

  it('ignores broken or foreign stored values', () => {
    localStorage.setItem(
      listStorageKey('resellers:7'),
      JSON.stringify({ filters: { search: { evil: 1 }, extra: 'x' }, per: 1000, sort: { field: 1 } }),
    );
    const { result } = renderList();
    expect(result.current.filters).toEqual(defaults);
    expect(result.current.params).toEqual({ page: 1, per: 10 });
    localStorage.setItem(listStorageKey('resellers:7'), '{not json');
    expect(renderList().result.current.filters).toEqual(defaults);
  });
});
