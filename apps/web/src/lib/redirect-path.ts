import { DEFAULT_AFTER_LOGIN_PATH, PUBLIC_PATHS } from '@/config/paths';
import { STORAGE_KEYS } from '@/config/storage-keys';

/** docs/product/screens.md#redirect-after-login: every protected visit is remembered, never login, logout, lock or maintenance. */
export function isRedirectTarget(pathname: string): boolean {
  if (!pathname.startsWith('/') || pathname.startsWith('//')) return false;
  const normalized = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return !PUBLIC_PATHS.some((path) => normalized === path || normalized.startsWith(`${path}/`));
}

export function storeRedirectPath(pathname: string, search = ''): void {
  if (!isRedirectTarget(pathname)) return;
  localStorage.setItem(STORAGE_KEYS.redirectPath, `${pathname}${search}`);
}

/** Where to go after login or unlock: the remembered path, else the dashboard. */
export function readRedirectPath(): string {
  const stored = localStorage.getItem(STORAGE_KEYS.redirectPath);
  if (!stored) return DEFAULT_AFTER_LOGIN_PATH;
  const pathname = stored.split(/[?#]/, 1)[0] ?? '';
  return isRedirectTarget(pathname) ? stored : DEFAULT_AFTER_LOGIN_PATH;
}
