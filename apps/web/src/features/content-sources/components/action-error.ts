import { classifySessionFailure } from '@/lib/session-failure';
import { showErrorToast } from '@/lib/toasts';

/**
 * A refused action of this screen, as a toast in the catalogue's words; a session that ended is the
 * global handler's (lock or login). Its mutations are `silentError`, so the toast is not repeated.
 */
export function showContentActionError(error: unknown): void {
  if (!classifySessionFailure(error)) showErrorToast(error);
}
