import { useSyncExternalStore } from 'react';
import { STORAGE_KEYS } from '@/config/storage-keys';

export interface StoredUser {
  id: number;
  username: string;
  /** Last avatar seen on the profile, so the lock screen can show it without calling the API. */
  avatar?: string;
}

/** Stored local auth of docs/product/entities.md#stored-in-the-browser: the signed-in user and the bearer token. */
export interface StoredAuth {
  token: string;
  user: StoredUser;
}

const listeners = new Set<() => void>();
let cachedRaw: string | null | undefined;
let cachedAuth: StoredAuth | null = null;

function parse(raw: string | null): StoredAuth | null {
  if (!raw) return null;
  try {
    const value: unknown = JSON.parse(raw);
    if (typeof value !== 'object' || value === null) return null;
    const { token, user } = value as Record<string, unknown>;
    if (typeof token !== 'string' || token === '' || typeof user !== 'object' || user === null) return null;
    const { id, username, avatar } = user as Record<string, unknown>;
    if (typeof id !== 'number' || typeof username !== 'string') return null;
    return { token, user: { id, username, ...(typeof avatar === 'string' ? { avatar } : {}) } };
  } catch {
    return null;
  }
}

export function readStoredAuth(): StoredAuth | null {
  const raw = localStorage.getItem(STORAGE_KEYS.auth);
  // Same string, same object: keeps useSyncExternalStore from re-rendering forever.
  if (raw !== cachedRaw) {
    cachedRaw = raw;
    cachedAuth = parse(raw);
  }
  return cachedAuth;
}

function notify(): void {
  for (const listener of listeners) listener();
}

export function writeStoredAuth(auth: StoredAuth): void {
  const previousAvatar = readStoredAuth()?.user.avatar;
  const user = auth.user.avatar || !previousAvatar ? auth.user : { ...auth.user, avatar: previousAvatar };
  localStorage.setItem(STORAGE_KEYS.auth, JSON.stringify({ token: auth.token, user }));
  notify();
}

export function clearStoredAuth(): void {
  localStorage.removeItem(STORAGE_KEYS.auth);
  notify();
}

export function rememberAvatar(avatar: string): void {
  const current = readStoredAuth();
  if (!current || current.user.avatar === avatar) return;
  writeStoredAuth({ token: current.token, user: { ...current.user, avatar } });
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  // Another tab signing out (or in) is seen here too.
  const onStorage = (event: StorageEvent) => {
    if (event.key === STORAGE_KEYS.auth || event.key === null) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

export function useStoredAuth(): StoredAuth | null {
  return useSyncExternalStore(subscribe, readStoredAuth, () => null);
}
