import type { QueryClient } from '@tanstack/react-query';
import type { Profile } from '@panel/shared/profile/profile-schema';
import type { LineSortField } from '@panel/shared/lines/line-api';
import { cardModeNow } from '@/lib/list-state/use-card-mode';
import { initialListState, listParamsOf, type ListStateOptions } from '@/lib/list-state/use-list-state';
import { toOrderBy, type SortState } from '@/lib/list-state/sort-cycle';
import { profileQueryOptions } from '@/lib/queries/profile-query';
import { lineListQueryOptions, type LineListParams } from '../api/list-lines';
import { defaultLineFilters, lineFilterParams, type LineFilters } from './line-filters';

/**
 * The phone's cards are grouped by expiry date (docs/product/screens.md#users-columns) and the groups come in the list's order: with no
 * sort of its own the list is asked by expiry, soonest first, so the dates follow each other (decision 0028).
 */
const CARD_ORDER = toOrderBy({ field: 'exp_date', direction: 'asc' });

/** Where /users keeps this account's filters, page size and sort, and their defaults. */
export function usersListStorage(
  profile: Pick<Profile, 'id' | 'type'>,
): ListStateOptions<LineFilters, LineSortField> {
  return { storageKey: `users:${profile.id}`, defaultFilters: defaultLineFilters(profile) };
}

/** The GET /api/users of /users for a list state: the page's own request and the prefetch's are this one. */
export function usersListParams(
  list: {
    params: { page: number; per: number; order_by?: string };
    sort: SortState<string>;
    filters: LineFilters;
  },
  cardMode: boolean,
): LineListParams {
  const params = cardMode && !list.sort ? { ...list.params, order_by: CARD_ORDER } : list.params;
  return { ...params, ...lineFilterParams(list.filters) };
}

/**
 * Asks for the first page /users will show as soon as its code and the profile are there, instead of once
 * the shell and the page have rendered (~0.3–0.4 s later on the benchmark's VM, docs/benchmarks.md P5;
 * decision 0110). The page then finds the answer in the query cache, under the same key. A failure is the
 * page's to show: its own query reports it. A role the route's guard sends elsewhere asks for nothing (a 401 goes through the session failure handler either way).
 */
export function prefetchUsersList(
  queryClient: QueryClient,
  opens: (profile: Profile) => boolean = () => true,
): void {
  queryClient
    .fetchQuery(profileQueryOptions())
    .then((profile) => {
      if (!opens(profile)) return;
      const stored = initialListState(usersListStorage(profile));
      const list = { ...stored, params: listParamsOf(stored.page, stored.per, stored.sort) };
      return queryClient.prefetchQuery(
        lineListQueryOptions(usersListParams(list, cardModeNow(profile.mobile_table_mode))),
      );
    })
    .catch(() => undefined);
}
