import { queryOptions, useQuery } from '@tanstack/react-query';
import { twoFactorStatusSchema, type TwoFactorStatus } from '@panel/shared/auth/two-factor';
import { apiRequest } from '@/lib/api-client';

export const TWO_FACTOR_KEY = ['profile-two-factor'] as const;

/** GET /api/profile/two-factor: on or off, required by the panel, recovery codes left. */
export function getTwoFactorStatus(signal?: AbortSignal): Promise<TwoFactorStatus> {
  return apiRequest('/profile/two-factor', twoFactorStatusSchema, { signal });
}

export const twoFactorStatusQueryOptions = () =>
  queryOptions({ queryKey: TWO_FACTOR_KEY, queryFn: ({ signal }) => getTwoFactorStatus(signal) });

export function useTwoFactorStatus() {
  return useQuery(twoFactorStatusQueryOptions());
}
