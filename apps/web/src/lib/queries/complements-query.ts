import { queryOptions, useQuery } from '@tanstack/react-query';
import { complementsSchema, type Complements } from '@panel/shared/catalog/catalog-api';
import type { PanelSettingKey } from '@panel/shared/settings/panel-settings';
import { apiRequest } from '../api-client';
import { QUERY_ROOTS } from './query-keys';

/** GET /api/complements: packages (iptv / trial / p2p), bouquets, panel settings and server time. */
export function getComplements(signal?: AbortSignal): Promise<Complements> {
  return apiRequest('/complements', complementsSchema, { signal });
}

/** The one complements query: /users, its forms and the dashboard's renewals read the same entry. */
export const complementsQueryOptions = () =>
  queryOptions({
    queryKey: QUERY_ROOTS.complements,
    queryFn: ({ signal }) => getComplements(signal),
    // Packages and settings change rarely (an admin's edit); a minute old is fresh enough for a form.
    staleTime: 60_000,
  });

export function useComplements() {
  return useQuery(complementsQueryOptions());
}

/** A panel setting of the complements ('true' / 'false' strings), or undefined while loading. */
export function complementSetting(
  complements: Complements | undefined,
  key: PanelSettingKey,
): string | undefined {
  return complements?.settings.find((setting) => setting.key === key)?.value;
}
