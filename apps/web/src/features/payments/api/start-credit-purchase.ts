import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreditPurchaseInput } from '@panel/shared/payments/credit-sales';
import { paymentSchema, type Payment } from '@panel/shared/payments/payments-api';
import { apiRequest } from '@/lib/api-client';
import { PAYMENT_KEYS } from './payment-keys';

/** POST /api/credit-purchases: a PIX charge to the parent for whole credits; the server prices it. */
export async function startCreditPurchase(input: CreditPurchaseInput): Promise<Payment> {
  return apiRequest('/credit-purchases', paymentSchema, { method: 'POST', body: input });
}

export function useStartCreditPurchase() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: startCreditPurchase,
    meta: { silentError: true },
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: PAYMENT_KEYS.creditPurchases }),
  });
}
