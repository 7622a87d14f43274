import type { QueryClient } from '@tanstack/react-query';
import { paths } from '@/config/paths';
import { clearMessageModalFlag } from '@/lib/message-modal-flag';
import { forgetSession, sessionFailureMessage, type SessionFailure } from '@/lib/session-failure';
import { writeSessionNotice } from '@/lib/session-notice';

interface SessionNavigation {
  currentPath: () => string;
  navigate: (path: string) => Promise<void>;
}

/**
 * What the panel does when a call says the session is locked or gone (api-contract-foundation and
 * docs/product/messages.md#session-failures): locked → /lock keeping the login; gone → forget the login and go to /login. Either screen
 * then says why (decision 0029); the stored redirect path is left alone, so signing in again or unlocking
 * returns to the page the visitor was on.
 */
export function createSessionFailureHandler(
  navigation: SessionNavigation,
  getQueryClient: () => QueryClient,
) {
  return (failure: Exclude<SessionFailure, null>, error?: unknown): void => {
    // The session may only set up the second step the panel requires (decision 0132).
    if (failure === 'setup') {
      if (navigation.currentPath() !== paths.twoFactorSetup) void navigation.navigate(paths.twoFactorSetup);
      return;
    }
    if (failure === 'locked') {
      clearMessageModalFlag();
      writeSessionNotice({ kind: 'locked', message: sessionFailureMessage(failure, error) });
      if (navigation.currentPath() !== paths.lock) void navigation.navigate(paths.lock);
      return;
    }
    forgetSession();
    writeSessionNotice({ kind: 'gone', message: sessionFailureMessage(failure, error) });
    if (navigation.currentPath() === paths.login) return;
    void navigation
      .navigate(paths.login)
      .then(() => getQueryClient().removeQueries({ predicate: (query) => query.queryKey[0] !== 'auth' }));
  };
}
