import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SignInAnswer, SignInInput } from '@panel/shared/auth/sign-in-schema';
import { apiRequest } from '@/lib/api-client';
import { writeStoredAuth } from '@/lib/auth-storage';
import { clearMessageModalFlag } from '@/lib/message-modal-flag';
import { clearSessionNotice } from '@/lib/session-notice';
import { loadAuthSchemas } from './auth-schemas';

/** A session, or the ticket of the second step for an account with two-factor sign-in (decision 0131). */
export async function signIn(input: SignInInput): Promise<SignInAnswer> {
  // The schema loads while the request is on its way.
  const schema = loadAuthSchemas().then((schemas) => schemas.signInAnswerSchema);
  return apiRequest('/auth/sign-in', schema, { method: 'POST', body: input });
}

/** Signs in and stores the login; a new session starts with a clean cache and shows the message again. */
export function useSignIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signIn,
    meta: { silentError: true, skipSessionHandling: true },
    onSuccess: (answer) => {
      if (!('token' in answer)) return;
      const { token, user } = answer;
      // The captcha settings stay; everything of a previous session goes.
      queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== 'auth' });
      clearMessageModalFlag();
      clearSessionNotice();
      writeStoredAuth({ token, user });
    },
  });
}
