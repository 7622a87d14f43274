import type { QueryClient } from '@tanstack/react-query';
import { paths } from '@/config/paths';
import { clearMessageModalFlag } from '@/lib/message-modal-flag';
import { forgetSession, type SessionFailure } from '@/lib/session-failure';

interface SessionNavigation {
  currentPath: () => string;
  navigate: (path: string) => Promise<void>;
}

/**
 * What the panel does when a call says the session is locked or gone (api-contract-foundation and
 * spec §8): locked → /lock keeping the login; gone → forget the login and go to /login.
 */
export function createSessionFailureHandler(
  navigation: SessionNavigation,
  getQueryClient: () => QueryClient,
) {
  return (failure: Exclude<SessionFailure, null>): void => {
    if (failure === 'locked') {
      clearMessageModalFlag();
      if (navigation.currentPath() !== paths.lock) void navigation.navigate(paths.lock);
      return;
    }
    forgetSession();
    if (navigation.currentPath() === paths.login) return;
    void navigation
      .navigate(paths.login)
      .then(() => getQueryClient().removeQueries({ predicate: (query) => query.queryKey[0] !== 'auth' }));
  };
}
