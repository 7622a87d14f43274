import { QUERY_ROOTS } from '@/lib/queries/query-keys';

/** The payments feature's keys, under the root every payment refresh invalidates. */
export const PAYMENT_KEYS = {
  list: [...QUERY_ROOTS.payments, 'list'],
  alerts: [...QUERY_ROOTS.payments, 'alerts'],
  settings: [...QUERY_ROOTS.payments, 'settings'],
  prices: [...QUERY_ROOTS.payments, 'prices'],
  creditSale: [...QUERY_ROOTS.payments, 'credit-sale'],
  creditOffer: [...QUERY_ROOTS.payments, 'credit-offer'],
  creditPurchases: [...QUERY_ROOTS.payments, 'credit-purchases'],
} as const;
