import { afterEach, describe, expect, it } from 'vitest';
import { STORAGE_KEYS } from '@/config/storage-keys';
import { isRedirectTarget, readRedirectPath, storeRedirectPath } from './redirect-path';

afterEach(() => localStorage.clear());

describe('redirect path (docs/product/screens.md#redirect-after-login)', () => {
  it.each(['/login', '/logout', '/lock', '/maintenance', '/login/', '/lock/extra'])(
    'never stores %s',
    (path) => {
      expect(isRedirectTarget(path)).toBe(false);
      storeRedirectPath(path);
      expect(localStorage.getItem(STORAGE_KEYS.redirectPath)).toBeNull();
    },
  );

  it.each(['/dashboard', '/users', '/profile/change-password', '/admin/analytics/series', '/lockers'])(
    'stores the protected path %s',
    (path) => {
      storeRedirectPath(path);
      expect(localStorage.getItem(STORAGE_KEYS.redirectPath)).toBe(path);
      expect(readRedirectPath()).toBe(path);
    },
  );

  it('keeps the query string', () => {
    storeRedirectPath('/users', '?page=2');
    expect(readRedirectPath()).toBe('/users?page=2');
  });

  it('a public visit does not overwrite the last protected path', () => {
    storeRedirectPath('/profile');
    storeRedirectPath('/lock');
    storeRedirectPath('/login');
    expect(readRedirectPath()).toBe('/profile');
  });

  it('goes to /dashboard when nothing (or something unsafe) is stored', () => {
    expect(readRedirectPath()).toBe('/dashboard');
    localStorage.setItem(STORAGE_KEYS.redirectPath, 'https://evil.example/phish');
    expect(readRedirectPath()).toBe('/dashboard');
    localStorage.setItem(STORAGE_KEYS.redirectPath, '//evil.example');
    expect(readRedirectPath()).toBe('/dashboard');
    localStorage.setItem(STORAGE_KEYS.redirectPath, '/logout');
    expect(readRedirectPath()).toBe('/dashboard');
  });
});
