import { queryOptions, useQuery } from '@tanstack/react-query';
import { creditSaleSettingsSchema, type CreditSaleSettings } from '@panel/shared/payments/credit-sales';
import { apiRequest } from '@/lib/api-client';
import { PAYMENT_KEYS } from './payment-keys';

/** GET /api/payments/credit-sale: what the caller sells its direct resellers by PIX. */
export async function getCreditSale(signal?: AbortSignal): Promise<CreditSaleSettings> {
  return apiRequest('/payments/credit-sale', creditSaleSettingsSchema, { signal });
}

export function useCreditSale() {
  return useQuery(
    queryOptions({ queryKey: PAYMENT_KEYS.creditSale, queryFn: ({ signal }) => getCreditSale(signal) }),
  );
}
