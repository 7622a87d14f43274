import { queryOptions, useQuery } from '@tanstack/react-query';
import { paymentSettingsSchema, type PaymentSettings } from '@panel/shared/payments/payments-api';
import { apiRequest } from '@/lib/api-client';
import { PAYMENT_KEYS } from './payment-keys';

/** GET /api/payments/settings: how the caller receives (never its secrets). */
export async function getPaymentSettings(signal?: AbortSignal): Promise<PaymentSettings> {
  return apiRequest('/payments/settings', paymentSettingsSchema, { signal });
}

export const paymentSettingsQueryOptions = () =>
  queryOptions({ queryKey: PAYMENT_KEYS.settings, queryFn: ({ signal }) => getPaymentSettings(signal) });

export function usePaymentSettings() {
  return useQuery(paymentSettingsQueryOptions());
}
