import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS } from '@/config/storage-keys';
import { readStoredAuth, writeStoredAuth } from '@/lib/auth-storage';
import { markMessageModalShown } from '@/lib/message-modal-flag';
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
  it('a locked session goes to /lock and keeps the stored login', () => {
    const { navigate, handle } = setup('/dashboard');
    handle('locked');
    expect(navigate).toHaveBeenCalledWith('/lock');
    expect(readStoredAuth()?.token).toBe('token');
    expect(localStorage.getItem(STORAGE_KEYS.messageModalShown)).toBeNull();
  });

  it('does not navigate again when already on /lock', () => {
    const { navigate, handle } = setup('/lock');
    handle('locked');
    expect(navigate).not.toHaveBeenCalled();
  });

  it('a gone session forgets the login and goes to /login, dropping cached data', async () => {
    const { navigate, handle, queryClient } = setup('/profile');
    handle('gone');
    expect(readStoredAuth()).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.messageModalShown)).toBeNull();
    expect(navigate).toHaveBeenCalledWith('/login');
    await vi.waitFor(() => expect(queryClient.getQueryData(['profile'])).toBeUndefined());
    expect(queryClient.getQueryData(['auth', 'captcha'])).toEqual({ provider: 'none' });
  });
});
