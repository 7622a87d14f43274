import { useMutation, useQueryClient } from '@tanstack/react-query';
import { endedSessionsSchema, type EndedSessions } from '@panel/shared/auth/sessions-schema';
import { apiRequest } from '@/lib/api-client';
import { SESSIONS_KEY } from './list-sessions';

/** POST /api/profile/sessions/end-others: ends every session of the account but this one. */
export function endOtherSessions(): Promise<EndedSessions> {
  return apiRequest('/profile/sessions/end-others', endedSessionsSchema, { method: 'POST' });
}

export function useEndOtherSessions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: endOtherSessions,
    onSettled: () => queryClient.invalidateQueries({ queryKey: SESSIONS_KEY }),
  });
}
