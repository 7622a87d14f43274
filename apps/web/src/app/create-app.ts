import { createBrowserRouter } from 'react-router';
import { createQueryClient } from '@/lib/query-client';
import { routes } from './route-table';
import { createSessionFailureHandler } from './session-failure-handler';

/** The router and the query client know each other: a failed call may send the visitor to /lock or /login. */
export function createApp() {
  const router = createBrowserRouter(routes);
  const queryClient = createQueryClient({
    onSessionFailure: createSessionFailureHandler(
      { currentPath: () => router.state.location.pathname, navigate: (path) => router.navigate(path) },
      () => queryClient,
    ),
  });
  return { router, queryClient };
}
