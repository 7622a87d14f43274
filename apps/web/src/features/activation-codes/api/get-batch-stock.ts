import { queryOptions, useQuery } from '@tanstack/react-query';
import { batchStockSchema, type BatchStock } from '@panel/shared/activation-codes/activation-codes-api';
import { apiRequest } from '@/lib/api-client';
import { ACTIVATION_CODE_KEYS } from './activation-code-keys';

/** GET /api/activation-batches/:id/stock: every unused code of the batch (print sheet, copy). */
export function getBatchStock(id: number, signal?: AbortSignal): Promise<BatchStock> {
  return apiRequest(`/activation-batches/${id}/stock`, batchStockSchema, { signal });
}

export function useBatchStock(id: number) {
  return useQuery(
    queryOptions({
      queryKey: ACTIVATION_CODE_KEYS.stock(id),
      queryFn: ({ signal }) => getBatchStock(id, signal),
      meta: { silentError: true },
    }),
  );
}
