import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TwoFactorDisableInput } from '@panel/shared/auth/two-factor';
import { apiRequestNoContent } from '@/lib/api-client';
import { TWO_FACTOR_KEY } from './get-two-factor-status';

/** POST /api/profile/two-factor/disable: the password and a code. */
export function disableTwoFactor(input: TwoFactorDisableInput): Promise<void> {
  return apiRequestNoContent('/profile/two-factor/disable', { method: 'POST', body: input });
}

export function useDisableTwoFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: disableTwoFactor,
    meta: { silentError: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: TWO_FACTOR_KEY }),
  });
}
