import { useCallback, useMemo, useState } from 'react';
import { DEFAULT_PAGE_SIZE, PAGE_SIZES } from '@panel/shared/ui/ui-constants';
import { readListState, writeListState, type FilterValues, type StoredListState } from './list-storage';
import { nextSort, toOrderBy, type SortState } from './sort-cycle';

export interface ListStateOptions<F extends FilterValues, S extends string> {
  /**
   * Where the list's filters, page size and sort are remembered: one key per list and account
   * (e.g. `resellers:7`), so two accounts on one browser never share filters.
   */
  storageKey: string;
  /** Every filter of the list with its default; a filter not listed here is never stored or read. */
  defaultFilters: F;
  defaultPer?: number;
  defaultSort?: SortState<S>;
}

export interface ListState<F extends FilterValues, S extends string> {
  page: number;
  per: number;
  sort: SortState<S>;
  filters: F;
  setPage: (page: number) => void;
  setPer: (per: number) => void;
  /** A header click: none → asc → desc → none (docs/product/screens.md#shared-table-behaviour). */
  toggleSort: (field: S) => void;
  setFilter: <K extends keyof F>(key: K, value: F[K]) => void;
  setFilters: (patch: Partial<F>) => void;
  resetFilters: () => void;
  /** `page`, `per` and `order_by` (absent for the server's default order) of the API call. */
  params: { page: number; per: number; order_by?: string };
  /** What a DataTable needs to page, size and sort this list: `<DataTable {...list.tableControls} …>`. */
  tableControls: {
    sort: SortState<S>;
    onSortChange: (field: S) => void;
    onPageChange: (page: number) => void;
    onPerChange: (per: number) => void;
  };
}

/**
 * What a list shows when its screen opens: page 1 and the stored filters, size and sort of `storageKey`
 * (or the defaults). Also read before the screen renders, to ask for its first page early (prefetch).
 */
export function initialListState<F extends FilterValues, S extends string = string>(
  options: ListStateOptions<F, S>,
): StoredListState<F> & { page: number } {
  const { storageKey, defaultFilters, defaultPer = DEFAULT_PAGE_SIZE, defaultSort = null } = options;
  return {
    page: 1,
    ...readListState(storageKey, { filters: defaultFilters, per: defaultPer, sort: defaultSort }, PAGE_SIZES),
  };
}

/** `page`, `per` and `order_by` (absent for the server's default order) of a list's API call. */
export function listParamsOf(page: number, per: number, sort: SortState<string>) {
  const orderBy = toOrderBy(sort);
  return { page, per, ...(orderBy ? { order_by: orderBy } : {}) };
}

interface InternalState<F extends FilterValues> extends StoredListState<F> {
  key: string;
  page: number;
}

/**
 * The state of one paginated, sortable, filtered list. Filters, page size and sort survive a reload
 * (localStorage, per `storageKey`); the page does not, and any change of filter, size or sort goes back
 * to page 1 so the footer never points past the end.
 */
export function useListState<F extends FilterValues, S extends string = string>(
  options: ListStateOptions<F, S>,
): ListState<F, S> {
  const { storageKey, defaultFilters } = options;
  const load = useCallback(
    (): InternalState<F> => ({ key: storageKey, ...initialListState(options) }),
    // The defaults are read once per storage key: callers pass fresh object literals on every render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [storageKey],
  );
  const [state, setState] = useState(load);
  // Another account (or list) took over this component: start from its own stored state.
  const current = state.key === storageKey ? state : load();
  if (current !== state) setState(current);

  const update = useCallback(
    (change: (previous: InternalState<F>) => InternalState<F>) =>
      setState((previous) => {
        const next = change(previous);
        writeListState(next.key, { filters: next.filters, per: next.per, sort: next.sort });
        return next;
      }),
    [],
  );

  const setPage = useCallback((page: number) => setState((previous) => ({ ...previous, page })), []);
  const setPer = useCallback(
    (per: number) => update((previous) => ({ ...previous, per, page: 1 })),
    [update],
  );
  const toggleSort = useCallback(
    (field: S) =>
      update((previous) => ({ ...previous, sort: nextSort(previous.sort as SortState<S>, field), page: 1 })),
    [update],
  );
  const setFilters = useCallback(
    (patch: Partial<F>) =>
      update((previous) => ({ ...previous, filters: { ...previous.filters, ...patch }, page: 1 })),
    [update],
  );
  const setFilter = useCallback(
    <K extends keyof F>(key: K, value: F[K]) => setFilters({ [key]: value } as unknown as Partial<F>),
    [setFilters],
  );
  const resetFilters = useCallback(
    () => update((previous) => ({ ...previous, filters: defaultFilters, page: 1 })),
    // Same reason as above: the defaults of the current key.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [update, storageKey],
  );

  const params = useMemo(
    () => listParamsOf(current.page, current.per, current.sort),
    [current.page, current.per, current.sort],
  );

  const sort = current.sort as SortState<S>;
  const tableControls = useMemo(
    () => ({ sort, onSortChange: toggleSort, onPageChange: setPage, onPerChange: setPer }),
    [sort, toggleSort, setPage, setPer],
  );

  return {
    page: current.page,
    per: current.per,
    sort,
    filters: current.filters,
    setPage,
    setPer,
    toggleSort,
    setFilter,
    setFilters,
    resetFilters,
    params,
    tableControls,
  };
}
