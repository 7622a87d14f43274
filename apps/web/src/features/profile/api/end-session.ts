import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequestNoContent } from '@/lib/api-client';
import { SESSIONS_KEY } from './list-sessions';

/** DELETE /api/profile/sessions/:id: ends one of the account's sessions. */
export function endSession(id: number): Promise<void> {
  return apiRequestNoContent(`/profile/sessions/${id}`, { method: 'DELETE' });
}

export function useEndSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: endSession,
    onSettled: () => queryClient.invalidateQueries({ queryKey: SESSIONS_KEY }),
  });
}
