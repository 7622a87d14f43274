import { queryOptions, useQuery } from '@tanstack/react-query';
import { profileSchema, type Profile } from '@panel/shared/profile/profile-schema';
import { apiRequest } from '@/lib/api-client';
import { SessionGoneError } from '@/lib/session-failure';

export async function getProfile(signal?: AbortSignal): Promise<Profile> {
  const body = await apiRequest<unknown>('/profile', { signal });
  // Spec §4: a profile answer without status means the login is gone.
  if (typeof body !== 'object' || body === null || (body as { status?: unknown }).status !== true) {
    throw new SessionGoneError();
  }
  return profileSchema.parse(body);
}

export const profileQueryOptions = () =>
  queryOptions({
    queryKey: ['profile'],
    queryFn: ({ signal }) => getProfile(signal),
  });

export function useProfile() {
  return useQuery(profileQueryOptions());
}
