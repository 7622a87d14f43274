import { queryOptions, useQuery } from '@tanstack/react-query';
import { creditOfferSchema, type CreditOffer } from '@panel/shared/payments/credit-sales';
import { apiRequest } from '@/lib/api-client';
import { PAYMENT_KEYS } from './payment-keys';

/** GET /api/credit-purchases/offer: what the caller's parent sells by PIX, or why nothing can be bought. */
export async function getCreditOffer(signal?: AbortSignal): Promise<CreditOffer> {
  return apiRequest('/credit-purchases/offer', creditOfferSchema, { signal });
}

/** Also read by the menu, which shows 'Comprar créditos' only while the parent sells (decision 0186). */
export const creditOfferQueryOptions = () =>
  queryOptions({
    queryKey: PAYMENT_KEYS.creditOffer,
    queryFn: ({ signal }) => getCreditOffer(signal),
    staleTime: 5 * 60_000,
  });

export function useCreditOffer() {
  return useQuery(creditOfferQueryOptions());
}
