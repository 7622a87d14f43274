import { useMutation, useQueryClient } from '@tanstack/react-query';
import { signInAnswerSchema, type SignInAnswer, type UnlockInput } from '@panel/shared/auth/sign-in-schema';
import { apiRequest } from '@/lib/api-client';
import { writeStoredAuth } from '@/lib/auth-storage';
import { clearSessionNotice } from '@/lib/session-notice';

/** The session unlocked, or the ticket of the second step (decision 0131). */
export async function unlockSession(input: UnlockInput): Promise<SignInAnswer> {
  return apiRequest('/auth/unlock', signInAnswerSchema, { method: 'POST', body: input });
}

export function useUnlockSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: unlockSession,
    // The lock form says why an unlock failed. A session ended for good meanwhile (a sign-out elsewhere,
    // a blocked account, its 30 days) cannot be unlocked: the global handler takes it to /login, which
    // says why (decision 0068). A locked answer cannot come from here: unlock admits locked sessions.
    meta: { silentError: true },
    onSuccess: async (answer) => {
      if (!('token' in answer)) return;
      const { token, user } = answer;
      writeStoredAuth({ token, user });
      clearSessionNotice();
      // Whatever failed while the session was locked is fetched again.
      await queryClient.invalidateQueries();
    },
  });
}
