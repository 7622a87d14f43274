import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import {
  analyticsListSchema,
  type AnalyticsList,
  type AnalyticsPeriod,
  type AnalyticsType,
} from '@panel/shared/analytics/analytics-api';
import { apiRequest } from '@/lib/api-client';
import { useListQuery } from '@/lib/list-state/use-list-query';
import { toQueryString } from '@/lib/query-string';

/** GET /api/analytics/views (decision 0047): one type, one period, a page of the ranking. */
export interface AnalyticsParams {
  type: AnalyticsType;
  period: AnalyticsPeriod;
  page: number;
  per: number;
  /** `total,asc` or `total,desc`; absent: the server's most viewed first. */
  order_by?: string;
}

export const ANALYTICS_KEY = ['analytics'] as const;

export async function listAnalytics(params: AnalyticsParams, signal?: AbortSignal): Promise<AnalyticsList> {
  return apiRequest(`/analytics/views${toQueryString({ ...params })}`, analyticsListSchema, { signal });
}

export const analyticsQueryOptions = (params: AnalyticsParams) =>
  queryOptions({
    queryKey: [...ANALYTICS_KEY, params],
    queryFn: ({ signal }) => listAnalytics(params, signal),
    placeholderData: keepPreviousData,
  });

export function useAnalyticsList(params: AnalyticsParams) {
  return useListQuery(analyticsQueryOptions(params));
}
