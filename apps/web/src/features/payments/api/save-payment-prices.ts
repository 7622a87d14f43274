import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  packagePriceListSchema,
  type PackagePrice,
  type PackagePricesInput,
} from '@panel/shared/payments/payments-api';
import { apiRequest } from '@/lib/api-client';
import { PAYMENT_KEYS } from './payment-keys';

/** PUT /api/payments/prices: the whole list. */
export async function savePaymentPrices(input: PackagePricesInput): Promise<PackagePrice[]> {
  return (await apiRequest('/payments/prices', packagePriceListSchema, { method: 'PUT', body: input })).data;
}

export function useSavePaymentPrices() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: savePaymentPrices,
    meta: { silentError: true },
    onSuccess: (saved) => queryClient.setQueryData(PAYMENT_KEYS.prices, saved),
  });
}
