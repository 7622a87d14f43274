import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { profileSchema, type Profile } from '@panel/shared/profile/profile-schema';
import { apiRequest, type ResponseSchema } from '../api-client';
import { SessionGoneError } from '../session-failure';
import { QUERY_ROOTS } from './query-keys';

/** A profile answer without `status: true` means the login is gone; anything else is the profile. */
const profileAnswerSchema: ResponseSchema<Profile> = {
  parse(body) {
    if (typeof body !== 'object' || body === null || (body as { status?: unknown }).status !== true) {
      throw new SessionGoneError();
    }
    return profileSchema.parse(body);
  },
};

/** GET /api/profile; the first one of a visit takes the answer `startEarlyRequest` asked for (0020). */
export function getProfile(signal?: AbortSignal): Promise<Profile> {
  return apiRequest('/profile', profileAnswerSchema, { signal });
}

/** The one profile query of the panel: the shell, the balance, the role checks and the forms share it. */
export const profileQueryOptions = () =>
  queryOptions({
    queryKey: QUERY_ROOTS.profile,
    queryFn: ({ signal }) => getProfile(signal),
    // The balance changes only through this panel's own actions, which refresh it (useRefreshBalance).
    staleTime: 30_000,
  });

export function useProfile() {
  return useQuery(profileQueryOptions());
}

/** `true` once the profile says admin; `false` while it loads (prices are shown until then, the safe side). */
export function useIsAdmin(): boolean {
  return useQuery({ ...profileQueryOptions(), select: (profile) => profile.type === 'admin' }).data === true;
}

/**
 * Refetches the profile, so the top-bar balance follows a credit change made in any feature. Not awaited:
 * the balance may arrive after the dialog has closed.
 */
export function useRefreshBalance(): () => void {
  const queryClient = useQueryClient();
  return useCallback(
    () => void queryClient.invalidateQueries({ queryKey: profileQueryOptions().queryKey }),
    [queryClient],
  );
}
