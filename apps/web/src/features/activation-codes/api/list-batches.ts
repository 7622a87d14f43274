import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { batchListSchema, type BatchList } from '@panel/shared/activation-codes/activation-codes-api';
import { apiRequest } from '@/lib/api-client';
import { ACTIVATION_CODE_KEYS } from './activation-code-keys';

/** GET /api/activation-batches: the caller's batches (its subtree's; an admin's: all), newest first. */
export function listBatches(page: number, per: number, signal?: AbortSignal): Promise<BatchList> {
  return apiRequest(`/activation-batches?page=${page}&per=${per}`, batchListSchema, { signal });
}

export function useBatches(page: number, per: number) {
  return useQuery(
    queryOptions({
      queryKey: ACTIVATION_CODE_KEYS.batches(page, per),
      queryFn: ({ signal }) => listBatches(page, per, signal),
      placeholderData: keepPreviousData,
      meta: { silentError: true },
    }),
  );
}
