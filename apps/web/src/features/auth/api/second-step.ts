import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SignInResponse } from '@panel/shared/auth/sign-in-schema';
import type { SecondStepInput } from '@panel/shared/auth/two-factor';
import { apiRequest } from '@/lib/api-client';
import { writeStoredAuth } from '@/lib/auth-storage';
import { clearMessageModalFlag } from '@/lib/message-modal-flag';
import { clearSessionNotice } from '@/lib/session-notice';
import { loadAuthSchemas } from './auth-schemas';

/** POST /api/auth/second-step: the password step's ticket and a code open the session (decision 0131). */
export async function completeSignIn(input: SecondStepInput): Promise<SignInResponse> {
  const schema = loadAuthSchemas().then((schemas) => schemas.signInResponseSchema);
  return apiRequest('/auth/second-step', schema, { method: 'POST', body: input });
}

export function useCompleteSignIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: completeSignIn,
    meta: { silentError: true, skipSessionHandling: true },
    onSuccess: ({ token, user }) => {
      queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== 'auth' });
      clearMessageModalFlag();
      clearSessionNotice();
      writeStoredAuth({ token, user });
    },
  });
}

/** POST /api/auth/unlock/second-step: the same for the lock screen, bound to this session. */
export async function completeUnlock(input: SecondStepInput): Promise<SignInResponse> {
  const schema = loadAuthSchemas().then((schemas) => schemas.signInResponseSchema);
  return apiRequest('/auth/unlock/second-step', schema, { method: 'POST', body: input });
}

export function useCompleteUnlock() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: completeUnlock,
    meta: { silentError: true },
    onSuccess: async ({ token, user }) => {
      writeStoredAuth({ token, user });
      clearSessionNotice();
      await queryClient.invalidateQueries();
    },
  });
}
