import type { SortDirection } from '@panel/shared/lists/list-query';

/** The sort of a list: a field and a direction, or null for the server's default order. */
export type SortState<F extends string = string> = { field: F; direction: SortDirection } | null;

/**
 * The next sort after a click on a column header (docs/product/screens.md#shared-table-behaviour "Header sort cycles none, asc, desc, none").
 * A click on another column starts that column at asc.
 */
export function nextSort<F extends string>(current: SortState<F>, field: F): SortState<F> {
  if (!current || current.field !== field) return { field, direction: 'asc' };
  if (current.direction === 'asc') return { field, direction: 'desc' };
  return null;
}

/** `order_by=field,asc|desc` of the API (docs/product/api.md#lists); undefined leaves the server's default. */
export function toOrderBy(sort: SortState): string | undefined {
  return sort ? `${sort.field},${sort.direction}` : undefined;
}
