import {
  usePrefetchQuery,
  useQuery,
  type QueryKey,
  type UsePrefetchQueryOptions,
  type UseQueryOptions,
} from '@tanstack/react-query';

/**
 * The query of a list page. `useQuery` asks the server only once the whole page has rendered and
 * committed; the list is asked here, during the page's own render, so it is on its way while the
 * filters, the table and the menus render (docs/benchmarks.md, P5). Nothing is asked twice: the prefetch
 * skips a query that is cached or in flight, and `useQuery` joins the one in flight. Its failure is the
 * list's to show (DataTable `error` and `onRetry`), so it is not toasted as well.
 */
export function useListQuery<TQueryFnData, TError, TData, TQueryKey extends QueryKey>(
  options: UseQueryOptions<TQueryFnData, TError, TData, TQueryKey>,
) {
  // A list shows its own failure, with a retry (DataTable `error`): no toast on top of it.
  const listOptions = { ...options, meta: { silentError: true, ...options.meta } };
  // The options' types allow `skipToken` as the query function, which a prefetch cannot take; a list
  // query always has a real one.
  usePrefetchQuery(
    listOptions as UsePrefetchQueryOptions<TQueryFnData, TError, TData, TQueryFnData, TQueryKey>,
  );
  return useQuery(listOptions);
}
