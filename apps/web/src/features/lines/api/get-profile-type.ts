import { queryOptions, useQuery } from '@tanstack/react-query';
import { profileSchema, type Profile } from '@panel/shared/profile/profile-schema';
import { apiRequest } from '@/lib/api-client';
import { SessionGoneError } from '@/lib/session-failure';

/**
 * The signed-in account's role for the line modals (an admin's line actions are free). A feature may
 * not import the profile feature, so this reads GET /api/profile under the **same** query key and with
 * the same parsing as `features/profile/api/get-profile.ts`: the cache entry is shared (the layout has
 * usually loaded it already) and both readers store the same `Profile` in it.
 */
export const PROFILE_QUERY_KEY = ['profile'] as const;

async function getProfile(signal?: AbortSignal): Promise<Profile> {
  const body = await apiRequest<unknown>('/profile', { signal });
  // Spec §4: a profile answer without status means the login is gone.
  if (typeof body !== 'object' || body === null || (body as { status?: unknown }).status !== true) {
    throw new SessionGoneError();
  }
  return profileSchema.parse(body);
}

export const profileTypeQueryOptions = () =>
  queryOptions({
    queryKey: PROFILE_QUERY_KEY,
    queryFn: ({ signal }) => getProfile(signal),
    select: (profile: Profile) => profile.type,
  });

/** `true` once the profile says admin; `false` while it loads (the price is shown until then). */
export function useIsAdmin(): boolean {
  return useQuery(profileTypeQueryOptions()).data === 'admin';
}
