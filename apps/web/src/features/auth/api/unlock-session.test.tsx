import { QueryClientProvider } from '@tanstack/react-query';
import { renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SESSION_MESSAGES } from '@panel/shared/auth/session-messages';
import { createQueryClient } from '@/lib/query-client';
import { mockApi } from '@test/mock-api';
import { useUnlockSession } from './unlock-session';

afterEach(() => vi.restoreAllMocks());

function unlockWith(answer: { status: number; body: unknown }) {
  mockApi({ 'POST /auth/unlock': answer });
  const onSessionFailure = vi.fn();
  const client = createQueryClient({ onSessionFailure });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
  const { result } = renderHook(() => useUnlockSession(), { wrapper });
  const unlock = result.current.mutateAsync({ password: 'senha@19', 'g-recaptcha-response': 'x' });
  return { unlock, onSessionFailure };
}

describe('unlocking (decision 0068)', () => {
  it('a session ended for good meanwhile goes to /login with the server’s reason', async () => {
    const body = { status: 404, code: 'session_not_found', message: SESSION_MESSAGES.accountBlocked };
    const { unlock, onSessionFailure } = unlockWith({ status: 404, body });
    await expect(unlock).rejects.toMatchObject({ status: 404, code: 'session_not_found' });
    expect(onSessionFailure).toHaveBeenCalledTimes(1);
    expect(onSessionFailure.mock.calls[0]?.[0]).toBe('gone');
  });

  it('a wrong password stays on the lock screen, for the form to say', async () => {
    const body = {
      status: 401,
      code: 'invalid_credentials',
      message: 'Erro no desbloqueio. Tente novamente.',
    };
    const { unlock, onSessionFailure } = unlockWith({ status: 401, body });
    await expect(unlock).rejects.toMatchObject({ status: 401 });
    expect(onSessionFailure).not.toHaveBeenCalled();
  });
});
