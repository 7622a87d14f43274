import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { resellerListSchema, type ResellerList } from '@panel/shared/resellers/reseller-schema';
import { apiRequest } from '@/lib/api-client';
import { useListQuery } from '@/lib/list-state/use-list-query';
import { toQueryString } from '@/lib/query-string';

/** GET /api/resellers query (api-contract-resellers); empty filters are not sent. */
export interface ResellerListParams {
  page: number;
  per: number;
  order_by?: string;
  /** Part of the username. */
  search?: string;
  id?: string;
  ip?: string;
  /** Exact username of the master. */
  master?: string | null;
  publisher?: '' | '0' | '1';
  /** At least this many catalog requests (admins). */
  requests?: string;
}

/** Every reseller query lives under this key: a change to any reseller invalidates it whole. */
export const RESELLERS_KEY = ['resellers'] as const;

export async function listResellers(params: ResellerListParams, signal?: AbortSignal): Promise<ResellerList> {
  return apiRequest(`/resellers${toQueryString({ ...params })}`, resellerListSchema, { signal });
}

export const resellerListQueryOptions = (params: ResellerListParams) =>
  queryOptions({
    queryKey: [...RESELLERS_KEY, 'list', params],
    queryFn: ({ signal }) => listResellers(params, signal),
    // The rows of the previous page stay while the next one loads (no flicker on paging or filtering).
    placeholderData: keepPreviousData,
  });

export function useResellerList(params: ResellerListParams) {
  return useListQuery(resellerListQueryOptions(params));
}
