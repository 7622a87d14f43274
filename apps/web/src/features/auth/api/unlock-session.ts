import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  signInResponseSchema,
  type SignInResponse,
  type UnlockInput,
} from '@panel/shared/auth/sign-in-schema';
import { apiRequest } from '@/lib/api-client';
import { writeStoredAuth } from '@/lib/auth-storage';
import { clearSessionNotice } from '@/lib/session-notice';

export async function unlockSession(input: UnlockInput): Promise<SignInResponse> {
  return apiRequest('/auth/unlock', signInResponseSchema, { method: 'POST', body: input });
}

export function useUnlockSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: unlockSession,
    // The lock form says why an unlock failed. A session ended for good meanwhile (a sign-out elsewhere,
    // a blocked account, its 30 days) cannot be unlocked: the global handler takes it to /login, which
    // says why (decision 0068). A locked answer cannot come from here: unlock admits locked sessions.
    meta: { silentError: true },
    onSuccess: async ({ token, user }) => {
      writeStoredAuth({ token, user });
      clearSessionNotice();
      // Whatever failed while the session was locked is fetched again.
      await queryClient.invalidateQueries();
    },
  });
}
