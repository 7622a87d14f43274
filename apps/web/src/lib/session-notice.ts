import { STORAGE_KEYS } from '@/config/storage-keys';

/** Why the panel sent the visitor to /lock or /login (docs/product/messages.md#session-failures; decision 0029). */
export interface SessionNotice {
  kind: 'locked' | 'gone';
  message: string;
}

// sessionStorage: the notice belongs to this tab, and survives the full page load the navigation may use.
export function writeSessionNotice(notice: SessionNotice): void {
  sessionStorage.setItem(STORAGE_KEYS.sessionNotice, JSON.stringify(notice));
}

/** The notice for the lock screen ('locked') or the login screen ('gone'), if there is one. */
export function readSessionNotice(kind: SessionNotice['kind']): string | null {
  const raw = sessionStorage.getItem(STORAGE_KEYS.sessionNotice);
  if (!raw) return null;
  try {
    const notice = JSON.parse(raw) as Partial<SessionNotice>;
    return notice.kind === kind && typeof notice.message === 'string' ? notice.message : null;
  } catch {
    return null;
  }
}

/** A sign-in, an unlock or a chosen sign-out: the reason no longer applies. */
export function clearSessionNotice(): void {
  sessionStorage.removeItem(STORAGE_KEYS.sessionNotice);
}
