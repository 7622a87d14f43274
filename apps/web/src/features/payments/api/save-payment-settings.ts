import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  paymentSettingsSchema,
  type PaymentSettings,
  type PaymentSettingsInput,
} from '@panel/shared/payments/payments-api';
import { apiRequest } from '@/lib/api-client';
import { PAYMENT_KEYS } from './payment-keys';

/** PUT /api/payments/settings. */
export async function savePaymentSettings(input: PaymentSettingsInput): Promise<PaymentSettings> {
  return apiRequest('/payments/settings', paymentSettingsSchema, { method: 'PUT', body: input });
}

export function useSavePaymentSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: savePaymentSettings,
    meta: { silentError: true },
    onSuccess: (saved) => {
      queryClient.setQueryData(PAYMENT_KEYS.settings, saved);
      // 'Venda de créditos' says whether the account can take a buyer's PIX.
      void queryClient.invalidateQueries({ queryKey: PAYMENT_KEYS.creditSale });
    },
  });
}
