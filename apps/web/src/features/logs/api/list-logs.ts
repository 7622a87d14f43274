import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { logListSchema, type LogList } from '@panel/shared/logs/log-schemas';
import { apiRequest } from '@/lib/api-client';
import { useListQuery } from '@/lib/list-state/use-list-query';
import { toQueryString } from '@/lib/query-string';

/** GET /api/logs query (api-contract-resellers); empty filters are not sent. */
export interface LogListParams {
  page: number;
  per: number;
  order_by?: string;
  /** `from,to` ISO date-times, `to` exclusive; absent: the server's last 6 months. */
  dates?: string;
  /** Comma lists of codes. */
  actions?: string;
  types?: string;
  reseller?: string;
  target?: string;
  user?: string;
}

export const LOGS_KEY = ['logs'] as const;

export async function listLogs(params: LogListParams, signal?: AbortSignal): Promise<LogList> {
  return apiRequest(`/logs${toQueryString({ ...params })}`, logListSchema, { signal });
}

export const logListQueryOptions = (params: LogListParams) =>
  queryOptions({
    queryKey: [...LOGS_KEY, 'list', params],
    queryFn: ({ signal }) => listLogs(params, signal),
    placeholderData: keepPreviousData,
    // Logs are the record of what just happened elsewhere (credits moved in another screen): always ask.
    staleTime: 0,
  });

export function useLogList(params: LogListParams) {
  return useListQuery(logListQueryOptions(params));
}
