import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { CodeStateFilter } from '@panel/shared/activation-codes/activation-code-state';
import { codeListSchema, type CodeList } from '@panel/shared/activation-codes/activation-codes-api';
import { apiRequest } from '@/lib/api-client';
import { ACTIVATION_CODE_KEYS } from './activation-code-keys';

export interface CodesQuery {
  page: number;
  per: number;
  batch?: number;
  state?: CodeStateFilter;
  search?: string;
}

function queryString(query: CodesQuery): string {
  const params = new URLSearchParams({ page: String(query.page), per: String(query.per) });
  if (query.batch !== undefined) params.set('batch', String(query.batch));
  if (query.state) params.set('state', query.state);
  if (query.search) params.set('search', query.search);
  return params.toString();
}

/** GET /api/activation-codes: codes of the caller's batches, one batch or all, by state and digits. */
export function listCodes(query: CodesQuery, signal?: AbortSignal): Promise<CodeList> {
  return apiRequest(`/activation-codes?${queryString(query)}`, codeListSchema, { signal });
}

export function useCodes(query: CodesQuery, enabled = true) {
  return useQuery(
    queryOptions({
      queryKey: ACTIVATION_CODE_KEYS.codes({ ...query }),
      queryFn: ({ signal }) => listCodes(query, signal),
      placeholderData: keepPreviousData,
      enabled,
      meta: { silentError: true },
    }),
  );
}
