import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  creditSaleSettingsSchema,
  type CreditSaleSettings,
  type CreditSaleSettingsInput,
} from '@panel/shared/payments/credit-sales';
import { apiRequest } from '@/lib/api-client';
import { PAYMENT_KEYS } from './payment-keys';

/** PUT /api/payments/credit-sale: whether the resellers may buy, the price per credit and the packs. */
export async function saveCreditSale(input: CreditSaleSettingsInput): Promise<CreditSaleSettings> {
  return apiRequest('/payments/credit-sale', creditSaleSettingsSchema, { method: 'PUT', body: input });
}

export function useSaveCreditSale() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveCreditSale,
    meta: { silentError: true },
    onSuccess: (saved) => queryClient.setQueryData(PAYMENT_KEYS.creditSale, saved),
  });
}
