import { queryOptions, useQuery } from '@tanstack/react-query';
import { packagePriceListSchema, type PackagePrice } from '@panel/shared/payments/payments-api';
import { apiRequest } from '@/lib/api-client';
import { QUERY_ROOTS } from '@/lib/queries/query-keys';

/** GET /api/payments/prices: the caller's customer prices per package, for 'Cobrar por PIX'. */
export async function getPixPrices(signal?: AbortSignal): Promise<PackagePrice[]> {
  return (await apiRequest('/payments/prices', packagePriceListSchema, { signal })).data;
}

export const pixPricesQueryOptions = () =>
  queryOptions({
    queryKey: [...QUERY_ROOTS.payments, 'prices'],
    queryFn: ({ signal }) => getPixPrices(signal),
    // The dialog shows the failure itself.
    meta: { silentError: true },
  });

export function usePixPrices(enabled: boolean) {
  return useQuery({ ...pixPricesQueryOptions(), enabled });
}
