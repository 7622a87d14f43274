import { useMutation } from '@tanstack/react-query';
import { twoFactorSetupSchema, type TwoFactorSetup } from '@panel/shared/auth/two-factor';
import { apiRequest } from '@/lib/api-client';

/** POST /api/profile/two-factor/setup: a new secret and its QR code, in force once confirmed. */
export function startTwoFactorSetup(): Promise<TwoFactorSetup> {
  return apiRequest('/profile/two-factor/setup', twoFactorSetupSchema, { method: 'POST' });
}

export function useStartTwoFactorSetup() {
  return useMutation({ mutationFn: startTwoFactorSetup });
}
