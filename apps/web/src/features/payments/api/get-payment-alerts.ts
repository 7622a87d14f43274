import { queryOptions, useQuery } from '@tanstack/react-query';
import { paymentAlertsSchema, type PaymentAlerts } from '@panel/shared/payments/payments-api';
import { apiRequest } from '@/lib/api-client';
import { PAYMENT_KEYS } from './payment-keys';

/** GET /api/payments/alerts: paid renewals waiting for the caller's credits (decision 0164). */
export async function getPaymentAlerts(signal?: AbortSignal): Promise<PaymentAlerts> {
  return apiRequest('/payments/alerts', paymentAlertsSchema, { signal });
}

export const paymentAlertsQueryOptions = () =>
  queryOptions({
    queryKey: PAYMENT_KEYS.alerts,
    queryFn: ({ signal }) => getPaymentAlerts(signal),
    // A customer may pay at any moment: the top bar asks again every minute.
    refetchInterval: 60_000,
    meta: { silentError: true },
  });

export function usePaymentAlerts(enabled: boolean) {
  return useQuery({ ...paymentAlertsQueryOptions(), enabled });
}
