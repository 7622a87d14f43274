import { queryOptions, useQuery } from '@tanstack/react-query';
import {
  publisherSummaryListSchema,
  type PublisherSummary,
} from '@panel/shared/catalog-requests/catalog-requests-api';
import { apiRequest } from '@/lib/api-client';
import { CATALOG_REQUEST_KEYS } from './catalog-request-keys';

/** GET /api/catalog/publishers (admins): each publisher's queue, progress and catalog. */
export async function listPublishers(signal?: AbortSignal): Promise<PublisherSummary[]> {
  return (await apiRequest('/catalog/publishers', publisherSummaryListSchema, { signal })).data;
}

export const publishersQueryOptions = () =>
  queryOptions({
    queryKey: CATALOG_REQUEST_KEYS.publishers,
    queryFn: ({ signal }) => listPublishers(signal),
    // The summary shows its own failure and a retry (decision 0068); the edit modal's select has the same data.
    meta: { silentError: true },
  });

/** Only admins ask (the route is theirs): `enabled` false for anyone else. */
export function usePublishers(enabled: boolean) {
  return useQuery({ ...publishersQueryOptions(), enabled });
}
