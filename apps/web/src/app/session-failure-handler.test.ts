import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS } from '@/config/storage-keys';
import { readStoredAuth, writeStoredAuth } from '@/lib/auth-storage';
import { ApiError } from '@/lib/api-client';
import { markMessageModalShown } from '@/lib/message-modal-flag';
import { storeRedirectPath, readRedirectPath } from '@/lib/redirect-path';
import { readSessionNotice } from '@/lib/session-notice';
import { createSessionFailureHandler } from './session-failure-handler';

function setup(currentPath: string) {
  const navigate = vi.fn(() => Promise.resolve());
  const queryClient = new QueryClient();
  queryClient.setQueryData(['profile'], { username: 'ana' });
  queryClient.setQueryData(['auth', 'captcha'], { provider: 'none' });
  const handle = createSessionFailureHandler({ currentPath: () => currentPath, navigate }, () => queryClient);
  writeStoredAuth({ token: 'token', user: { id: 1, username: 'ana' } });
  markMessageModalShown();
  return { navigate, queryClient, handle };
}

describe('session failure handling', () => {
  it('a locked session goes to /lock with the spec 401 text, keeping the login and the page', () => {
    const { navigate, handle } = setup('/users');
    storeRedirectPath('/users', '?page=2');
    handle('locked', new ApiError({ status: 401, body: { code: 'session_locked' }, message: 'x' }));
    expect(navigate).toHaveBeenCalledWith('/lock');
    expect(readStoredAuth()?.token).toBe('token');
    expect(localStorage.getItem(STORAGE_KEYS.messageModalShown)).toBeNull();
    expect(readSessionNotice('locked')).toBe(
      'Sessão expirada ou credenciais inválidas. Faça login novamente.',
    );
    expect(readSessionNotice('gone')).toBeNull();
    expect(readRedirectPath()).toBe('/users?page=2');
  });

  it('does not navigate again when already on /lock', () => {
    const { navigate, handle } = setup('/lock');
    handle('locked');
    expect(navigate).not.toHaveBeenCalled();
  });

  it('a gone session forgets the login and goes to /login, dropping cached data', async () => {
    const { navigate, handle, queryClient } = setup('/profile');
    storeRedirectPath('/profile');
    const blocked = 'Sua sessão foi encerrada porque sua conta foi bloqueada. Contacte seu revenda master.';
    handle(
      'gone',
      new ApiError({ status: 404, body: { code: 'session_not_found', message: blocked }, message: blocked }),
    );
    expect(readSessionNotice('gone')).toBe(blocked);
    expect(readRedirectPath()).toBe('/profile');
    expect(readStoredAuth()).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.messageModalShown)).toBeNull();
    expect(navigate).toHaveBeenCalledWith('/login');
    await vi.waitFor(() => expect(queryClient.getQueryData(['profile'])).toBeUndefined());
    expect(queryClient.getQueryData(['auth', 'captcha'])).toEqual({ provider: 'none' });
  });
});
