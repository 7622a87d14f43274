import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { paymentListSchema, type PaymentList } from '@panel/shared/payments/payments-api';
import { apiRequest } from '@/lib/api-client';
import { useListQuery } from '@/lib/list-state/use-list-query';
import { toQueryString } from '@/lib/query-string';
import { PAYMENT_KEYS } from './payment-keys';

/** GET /api/payments query; empty filters are not sent. */
export interface PaymentListParams {
  page: number;
  per: number;
  order_by?: string;
  state?: string;
  /** `from,to` ISO date-times, `to` exclusive; absent: the server's last 30 days. */
  dates?: string;
}

export async function listPayments(params: PaymentListParams, signal?: AbortSignal): Promise<PaymentList> {
  return apiRequest(`/payments${toQueryString({ ...params })}`, paymentListSchema, { signal });
}

export const paymentListQueryOptions = (params: PaymentListParams) =>
  queryOptions({
    queryKey: [...PAYMENT_KEYS.list, params],
    queryFn: ({ signal }) => listPayments(params, signal),
    placeholderData: keepPreviousData,
    // Payments change elsewhere (a notification, the worker): always ask again.
    staleTime: 0,
  });

export function usePaymentList(params: PaymentListParams) {
  return useListQuery(paymentListQueryOptions(params));
}
