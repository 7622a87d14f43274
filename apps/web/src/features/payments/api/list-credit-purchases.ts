import { useQuery } from '@tanstack/react-query';
import { creditPurchaseListSchema } from '@panel/shared/payments/credit-sales';
import type { Payment } from '@panel/shared/payments/payments-api';
import { apiRequest } from '@/lib/api-client';
import { PAYMENT_KEYS } from './payment-keys';

/** GET /api/credit-purchases: the caller's purchases, newest first. */
export async function listCreditPurchases(signal?: AbortSignal): Promise<Payment[]> {
  return (await apiRequest('/credit-purchases', creditPurchaseListSchema, { signal })).data;
}

export function useCreditPurchases() {
  return useQuery({
    queryKey: PAYMENT_KEYS.creditPurchases,
    queryFn: ({ signal }) => listCreditPurchases(signal),
  });
}
