import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import {
  contentRemovalListSchema,
  type ContentRemovalList,
} from '@panel/shared/content-removal/content-removal-api';
import { apiRequest } from '@/lib/api-client';
import { useListQuery } from '@/lib/list-state/use-list-query';
import { toQueryString } from '@/lib/query-string';

/** GET /api/catalog/garbage; empty filters are not sent. */
export interface RemovalListParams {
  page: number;
  per: number;
  order_by?: string;
  id?: string;
  text_search?: string;
  media_type?: string;
  reseller?: string;
  status?: string;
}

export const REMOVALS_KEY = ['content-removals'] as const;

export async function listRemovals(
  params: RemovalListParams,
  signal?: AbortSignal,
): Promise<ContentRemovalList> {
  return apiRequest(`/catalog/garbage${toQueryString({ ...params })}`, contentRemovalListSchema, { signal });
}

export const removalListQueryOptions = (params: RemovalListParams) =>
  queryOptions({
    queryKey: [...REMOVALS_KEY, params],
    queryFn: ({ signal }) => listRemovals(params, signal),
    placeholderData: keepPreviousData,
  });

export function useRemovalList(params: RemovalListParams) {
  return useListQuery(removalListQueryOptions(params));
}
