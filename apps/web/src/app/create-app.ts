import { createQueryClient } from '@/lib/query-client';
import { createAppNavigation } from './app-navigation';
import { createSessionFailureHandler } from './session-failure-handler';

/** The router and the query client know each other: a failed call may send the visitor to /lock or /login. */
export function createApp() {
  const { navigation, NavigationBridge } = createAppNavigation();
  const queryClient = createQueryClient({
    onSessionFailure: createSessionFailureHandler(navigation, () => queryClient),
  });
  return { queryClient, NavigationBridge };
}
