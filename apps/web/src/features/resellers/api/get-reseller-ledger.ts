import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { ledgerListSchema, type LedgerList } from '@panel/shared/money/ledger-entry-schema';
import { apiRequest } from '@/lib/api-client';
import { useListQuery } from '@/lib/list-state/use-list-query';
import { toQueryString } from '@/lib/query-string';
import { RESELLERS_KEY } from './list-resellers';

export interface LedgerParams {
  page: number;
  per: number;
  order_by?: string;
}

/** GET /api/resellers/:id/ledger: the credit statement of one reseller in scope. */
export async function getResellerLedger(
  id: number,
  params: LedgerParams,
  signal?: AbortSignal,
): Promise<LedgerList> {
  return apiRequest(`/resellers/${id}/ledger${toQueryString({ ...params })}`, ledgerListSchema, {
    signal,
  });
}

export const resellerLedgerQueryOptions = (id: number, params: LedgerParams) =>
  queryOptions({
    queryKey: [...RESELLERS_KEY, id, 'ledger', params],
    queryFn: ({ signal }) => getResellerLedger(id, params, signal),
    placeholderData: keepPreviousData,
  });

export function useResellerLedger(id: number, params: LedgerParams) {
  return useListQuery(resellerLedgerQueryOptions(id, params));
}
