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
 * skips a query that is cached or in flight, and `useQuery` joins the one in flight.
 */
export function useListQuery<TQueryFnData, TError, TData, TQueryKey extends QueryKey>(
  options: UseQueryOptions<TQueryFnData, TError, TData, TQueryKey>,
) {
  // The options' types allow `skipToken` as the query function, which a prefetch cannot take; a list
  // query always has a real one.
  usePrefetchQuery(options as UsePrefetchQueryOptions<TQueryFnData, TError, TData, TQueryFnData, TQueryKey>);
  return useQuery(options);
}
