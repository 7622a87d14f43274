import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  recoveryCodesSchema,
  type RecoveryCodes,
  type TwoFactorConfirmInput,
} from '@panel/shared/auth/two-factor';
import { apiRequest } from '@/lib/api-client';
import { TWO_FACTOR_KEY } from './get-two-factor-status';

/** POST /api/profile/two-factor/confirm: a code of the new secret turns it on; the recovery codes, once. */
export function confirmTwoFactor(input: TwoFactorConfirmInput): Promise<RecoveryCodes> {
  return apiRequest('/profile/two-factor/confirm', recoveryCodesSchema, { method: 'POST', body: input });
}

export function useConfirmTwoFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: confirmTwoFactor,
    // A wrong code is shown under its field.
    meta: { silentError: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: TWO_FACTOR_KEY }),
  });
}
