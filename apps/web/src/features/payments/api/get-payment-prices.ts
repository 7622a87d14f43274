import { queryOptions, useQuery } from '@tanstack/react-query';
import { packagePriceListSchema, type PackagePrice } from '@panel/shared/payments/payments-api';
import { apiRequest } from '@/lib/api-client';
import { PAYMENT_KEYS } from './payment-keys';

/** GET /api/payments/prices: every package a renewal may sell, with the caller's customer price. */
export async function getPaymentPrices(signal?: AbortSignal): Promise<PackagePrice[]> {
  return (await apiRequest('/payments/prices', packagePriceListSchema, { signal })).data;
}

export const paymentPricesQueryOptions = () =>
  queryOptions({ queryKey: PAYMENT_KEYS.prices, queryFn: ({ signal }) => getPaymentPrices(signal) });

export function usePaymentPrices() {
  return useQuery(paymentPricesQueryOptions());
}
