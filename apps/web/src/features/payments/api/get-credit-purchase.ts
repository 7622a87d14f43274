import { useQuery } from '@tanstack/react-query';
import { paymentSchema, type Payment } from '@panel/shared/payments/payments-api';
import { apiRequest } from '@/lib/api-client';
import { PAYMENT_KEYS } from './payment-keys';

const POLL_MS = 5_000;

/** GET /api/credit-purchases/:id: one of the caller's purchases. */
export async function getCreditPurchase(id: number, signal?: AbortSignal): Promise<Payment> {
  return apiRequest(`/credit-purchases/${id}`, paymentSchema, { signal });
}

/** The purchase on screen, asked again every 5 seconds while it waits for the money or for the credits. */
export function useCreditPurchase(id: number | null) {
  return useQuery({
    queryKey: [...PAYMENT_KEYS.creditPurchases, id],
    queryFn: ({ signal }) => getCreditPurchase(id ?? 0, signal),
    enabled: id !== null,
    refetchInterval: (query) =>
      ['pending', 'renewal_pending'].includes(query.state.data?.state ?? 'pending') ? POLL_MS : false,
  });
}
