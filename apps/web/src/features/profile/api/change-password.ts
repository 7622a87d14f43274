import { useMutation } from '@tanstack/react-query';
import type { ChangePasswordInput } from '@panel/shared/auth/password-rules';
import { apiRequestNoContent } from '@/lib/api-client';

/** PUT /api/profile/password: plain JSON over the API (docs/product/contradictions.md#no-base64-password, no base64). */
export async function changePassword(input: ChangePasswordInput): Promise<void> {
  await apiRequestNoContent('/profile/password', { method: 'PUT', body: input });
}

export function useChangePassword() {
  // The page shows a refused field under its input (showFormError), so no global toast repeats it.
  return useMutation({ mutationFn: changePassword, meta: { silentError: true } });
}
