import { useMutation } from '@tanstack/react-query';
import { apiRequestNoContent } from '@/lib/api-client';

/** DELETE /api/admin/accounts/:id/two-factor: the admin resets an account's two-factor sign-in (0135). */
export function resetTwoFactor(id: number): Promise<void> {
  return apiRequestNoContent(`/admin/accounts/${id}/two-factor`, { method: 'DELETE' });
}

export function useResetTwoFactor() {
  return useMutation({ mutationFn: resetTwoFactor });
}
