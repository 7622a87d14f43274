import { describe, expect, it } from 'vitest';
import { nextSort, toOrderBy, type SortState } from './sort-cycle';

describe('nextSort (docs/product/screens.md#shared-table-behaviour: header sort cycles none, asc, desc, none)', () => {
  it('cycles one column none → asc → desc → none', () => {
    let sort: SortState = null;
    sort = nextSort(sort, 'username');
    expect(sort).toEqual({ field: 'username', direction: 'asc' });
    sort = nextSort(sort, 'username');
    expect(sort).toEqual({ field: 'username', direction: 'desc' });
    sort = nextSort(sort, 'username');
    expect(sort).toBeNull();
  });

  it('a click on another column starts it at asc', () => {
    expect(nextSort({ field: 'username', direction: 'desc' }, 'credits')).toEqual({
      field: 'credits',
      direction: 'asc',
    });
  });

  it('turns into the API order_by, none leaving the server default', () => {
    expect(toOrderBy({ field: 'credits', direction: 'desc' })).toBe('credits,desc');
    expect(toOrderBy(null)).toBeUndefined();
  });
});
