import { queryOptions, useQuery } from '@tanstack/react-query';
import { batchSchema, type Batch } from '@panel/shared/activation-codes/activation-codes-api';
import { apiRequest } from '@/lib/api-client';
import { ACTIVATION_CODE_KEYS } from './activation-code-keys';

/** GET /api/activation-batches/:id: one batch with its counts. */
export function getBatch(id: number, signal?: AbortSignal): Promise<Batch> {
  return apiRequest(`/activation-batches/${id}`, batchSchema, { signal });
}

export function useBatch(id: number) {
  return useQuery(
    queryOptions({
      queryKey: ACTIVATION_CODE_KEYS.batch(id),
      queryFn: ({ signal }) => getBatch(id, signal),
      meta: { silentError: true },
    }),
  );
}
