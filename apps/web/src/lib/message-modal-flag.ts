import { STORAGE_KEYS } from '@/config/storage-keys';

/** The important-message modal is shown once per session: this flag says it already was. */
export function wasMessageModalShown(): boolean {
  return localStorage.getItem(STORAGE_KEYS.messageModalShown) === 'true';
}

export function markMessageModalShown(): void {
  localStorage.setItem(STORAGE_KEYS.messageModalShown, 'true');
}

export function clearMessageModalFlag(): void {
  localStorage.removeItem(STORAGE_KEYS.messageModalShown);
}
