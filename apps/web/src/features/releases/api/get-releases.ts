import { queryOptions, useQuery } from '@tanstack/react-query';
import { releasesSchema, type Releases } from '@panel/shared/catalog/releases-api';
import { apiRequest } from '@/lib/api-client';

/** GET /api/catalog/releases: the library's newest movies and series (decision 0058). */
export async function getReleases(signal?: AbortSignal): Promise<Releases> {
  return apiRequest('/catalog/releases', releasesSchema, { signal });
}

export const releasesQueryOptions = () =>
  queryOptions({
    queryKey: ['catalog', 'releases'],
    queryFn: ({ signal }) => getReleases(signal),
    // An import adds titles a few times a day at most: asked again when the drawer opens after a minute.
    staleTime: 60_000,
    // The drawer shows its own failure and a retry.
    meta: { silentError: true },
  });

export function useReleases() {
  return useQuery(releasesQueryOptions());
}
