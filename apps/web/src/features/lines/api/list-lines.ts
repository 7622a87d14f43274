import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { lineListResponseSchema, type LineListResponse } from '@panel/shared/lines/line-api';
import { apiRequest } from '@/lib/api-client';
import { QUERY_ROOTS } from '@/lib/queries/query-keys';
import { useListQuery } from '@/lib/list-state/use-list-query';
import { toQueryString } from '@/lib/query-string';

/** GET /api/users query (api-contract-lines); empty filters are not sent. */
export interface LineListParams {
  page: number;
  per: number;
  /** `field,asc|desc`; absent = the server's default (`id,desc`). */
  order_by?: string;
  /** Part of the username, full name, notes or MAC. */
  search?: string;
  /** Owner id ('' = every reseller in scope). */
  reseller?: number | '';
  expirationInterval?: '' | 'today' | '3days' | '7days' | '15days' | '30days';
  /** 1 active, 0 blocked, 3 expired, 4 not expired ('' = every status). */
  status?: '' | '0' | '1' | '3' | '4';
  type?: '' | 'trial' | 'normal';
  system?: '' | '1' | '2' | '3';
}

/**
 * Every line query lives under `linesQueryKeys.all`: after any change to a line (create, renew, edit,
 * block, delete, cleanup…) `refreshAfterLineChange` or `refreshAfterPaidLineAction` (lib/queries/line-refresh)
 * invalidates it whole, with the dashboard's lists.
 */
export const linesQueryKeys = {
  all: QUERY_ROOTS.lines,
  lists: () => [...linesQueryKeys.all, 'list'] as const,
  list: (params: LineListParams) => [...linesQueryKeys.lists(), params] as const,
};

export async function listLines(params: LineListParams, signal?: AbortSignal): Promise<LineListResponse> {
  return apiRequest(`/users${toQueryString({ ...params })}`, lineListResponseSchema, { signal });
}

export const lineListQueryOptions = (params: LineListParams) =>
  queryOptions({
    queryKey: linesQueryKeys.list(params),
    queryFn: ({ signal }) => listLines(params, signal),
    // The rows of the previous page stay while the next one loads (no flicker on paging or filtering).
    placeholderData: keepPreviousData,
  });

export function useLineList(params: LineListParams) {
  return useListQuery(lineListQueryOptions(params));
}
