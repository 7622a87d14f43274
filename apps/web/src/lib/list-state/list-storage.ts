import type { SortState } from './sort-cycle';

/** A filter value as it is kept in localStorage: plain JSON scalars only. */
export type FilterValue = string | number | boolean | null;
export type FilterValues = Record<string, FilterValue>;

/** What a list remembers between visits (docs/product/screens.md#shared-table-behaviour "Filters persist in local storage per list"). */
export interface StoredListState<F extends FilterValues> {
  filters: F;
  per: number;
  sort: SortState;
}

const PREFIX = 'list-state:';

export function listStorageKey(listKey: string): string {
  return `${PREFIX}${listKey}`;
}

function isSort(value: unknown): value is SortState {
  if (value === null) return true;
  if (typeof value !== 'object') return false;
  const { field, direction } = value as Record<string, unknown>;
  return typeof field === 'string' && (direction === 'asc' || direction === 'desc');
}

function isScalar(value: unknown): value is FilterValue {
  return value === null || ['string', 'number', 'boolean'].includes(typeof value);
}

/**
 * Reads a list's stored state over its defaults. Only keys the defaults know are taken, and only with a
 * JSON scalar, so an old or tampered entry can never inject an unknown filter; a broken entry is ignored.
 */
export function readListState<F extends FilterValues>(
  listKey: string,
  defaults: StoredListState<F>,
  allowedPer: readonly number[],
): StoredListState<F> {
  let raw: unknown;
  try {
    raw = JSON.parse(localStorage.getItem(listStorageKey(listKey)) ?? 'null');
  } catch {
    return defaults;
  }
  if (typeof raw !== 'object' || raw === null) return defaults;
  const stored = raw as Partial<Record<keyof StoredListState<F>, unknown>>;
  const filters = { ...defaults.filters };
  if (typeof stored.filters === 'object' && stored.filters !== null) {
    for (const key of Object.keys(defaults.filters) as (keyof F)[]) {
      const value = (stored.filters as Record<string, unknown>)[key as string];
      if (value !== undefined && isScalar(value)) filters[key] = value as F[keyof F];
    }
  }
  const per = typeof stored.per === 'number' && allowedPer.includes(stored.per) ? stored.per : defaults.per;
  const sort = stored.sort !== undefined && isSort(stored.sort) ? stored.sort : defaults.sort;
  return { filters, per, sort };
}

export function writeListState<F extends FilterValues>(listKey: string, state: StoredListState<F>): void {
  try {
    localStorage.setItem(listStorageKey(listKey), JSON.stringify(state));
  } catch {
    // A full or disabled storage only costs the memory of the filters, never the screen.
  }
}
