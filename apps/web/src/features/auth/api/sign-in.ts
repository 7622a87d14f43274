import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SignInInput, SignInResponse } from '@panel/shared/auth/sign-in-schema';
import { apiRequest } from '@/lib/api-client';
import { writeStoredAuth } from '@/lib/auth-storage';
import { clearMessageModalFlag } from '@/lib/message-modal-flag';
import { clearSessionNotice } from '@/lib/session-notice';
import { loadAuthSchemas } from './auth-schemas';

export async function signIn(input: SignInInput): Promise<SignInResponse> {
  // The schema loads while the request is on its way.
  const schema = loadAuthSchemas().then((schemas) => schemas.signInResponseSchema);
  return apiRequest('/auth/sign-in', schema, { method: 'POST', body: input });
}

/** Signs in and stores the login; a new session starts with a clean cache and shows the message again. */
export function useSignIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signIn,
    meta: { silentError: true, skipSessionHandling: true },
    onSuccess: ({ token, user }) => {
      // The captcha settings stay; everything of a previous session goes.
      queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== 'auth' });
      clearMessageModalFlag();
      clearSessionNotice();
      writeStoredAuth({ token, user });
    },
  });
}
