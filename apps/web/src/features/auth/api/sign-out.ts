import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequestNoContent } from '@/lib/api-client';
import { forgetSession } from '@/lib/session-failure';

export async function signOut(): Promise<void> {
  await apiRequestNoContent('/auth/logout', { method: 'POST' });
}

/** Ends the session on the server when it can; the login on this device is forgotten either way. */
export function useSignOut() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signOut,
    meta: { silentError: true, skipSessionHandling: true },
    onSettled: () => {
      forgetSession();
      queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== 'auth' });
    },
  });
}
