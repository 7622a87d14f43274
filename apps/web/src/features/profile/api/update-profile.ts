import { useMutation, useQueryClient } from '@tanstack/react-query';
import { profileSchema, type Profile, type ProfileUpdate } from '@panel/shared/profile/profile-schema';
import { apiRequest } from '@/lib/api-client';
import { profileQueryOptions } from '@/lib/queries/profile-query';

export async function updateProfile(update: ProfileUpdate): Promise<Profile> {
  return apiRequest('/profile', profileSchema, { method: 'POST', body: update });
}

/** Saves preferences (dark_mode, mobile_table_mode, avatar); the cached profile shows them at once. */
export function useUpdateProfile() {
  const queryClient = useQueryClient();
  const { queryKey } = profileQueryOptions();
  return useMutation({
    mutationFn: updateProfile,
    onMutate: async (update) => {
      await queryClient.cancelQueries({ queryKey });
      const previous = queryClient.getQueryData(queryKey);
      if (previous) queryClient.setQueryData(queryKey, { ...previous, ...update });
      return { previous };
    },
    onError: (_error, _update, context) => {
      if (context?.previous) queryClient.setQueryData(queryKey, context.previous);
    },
    onSuccess: (profile) => queryClient.setQueryData(queryKey, profile),
  });
}
