import { useMutation } from '@tanstack/react-query';
import { apiRequestNoContent } from '@/lib/api-client';

/** POST /api/auth/lock: from now on every call answers 401 session_locked until unlocked. */
export async function lockSession(): Promise<void> {
  await apiRequestNoContent('/auth/lock', { method: 'POST' });
}

export function useLockSession() {
  return useMutation({ mutationFn: lockSession });
}
