import { queryOptions, useQuery } from '@tanstack/react-query';
import { complementsSchema, type Complements } from '@panel/shared/catalog/catalog-api';
import type { PanelSettingKey } from '@panel/shared/settings/panel-settings';
import { apiRequest } from '@/lib/api-client';

/** GET /api/complements: packages (iptv / trial / p2p), bouquets, settings and server time. */
export async function getComplements(signal?: AbortSignal): Promise<Complements> {
  return complementsSchema.parse(await apiRequest<unknown>('/complements', { signal }));
}

export const complementsQueryOptions = () =>
  queryOptions({
    queryKey: ['complements'],
    queryFn: ({ signal }) => getComplements(signal),
    // Packages and settings change rarely; the forms read them many times.
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
