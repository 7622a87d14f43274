import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import {
  catalogRequestListSchema,
  type CatalogRequestList,
} from '@panel/shared/catalog-requests/catalog-requests-api';
import { apiRequest } from '@/lib/api-client';
import { useListQuery } from '@/lib/list-state/use-list-query';
import { toQueryString } from '@/lib/query-string';
import { CATALOG_REQUEST_KEYS } from './catalog-request-keys';

/** GET /api/catalog query; empty filters are not sent. */
export interface CatalogRequestListParams {
  page: number;
  per: number;
  order_by?: string;
  text_search?: string;
  tmdb_id?: string;
  reseller?: string;
  publisher_id?: string;
  media_type?: string;
  release_year?: string;
  status?: string;
}

export async function listCatalogRequests(
  params: CatalogRequestListParams,
  signal?: AbortSignal,
): Promise<CatalogRequestList> {
  return apiRequest(`/catalog${toQueryString({ ...params })}`, catalogRequestListSchema, { signal });
}

export const catalogRequestListQueryOptions = (params: CatalogRequestListParams) =>
  queryOptions({
    queryKey: [...CATALOG_REQUEST_KEYS.list, params],
    queryFn: ({ signal }) => listCatalogRequests(params, signal),
    placeholderData: keepPreviousData,
  });

export function useCatalogRequestList(params: CatalogRequestListParams) {
  return useListQuery(catalogRequestListQueryOptions(params));
}
