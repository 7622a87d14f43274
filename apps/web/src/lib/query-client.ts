import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { ApiError } from './api-client';
import { classifySessionFailure, type SessionFailure } from './session-failure';
import { showErrorToast } from './toasts';

/** Per query/mutation switches of the global error handling. */
export interface RequestMeta extends Record<string, unknown> {
  /** The screen shows the failure itself (inline), so no error toast. */
  silentError?: boolean;
  /** Sign-in and logout (and the captcha they need): their failures never mean "go to the lock screen". */
  skipSessionHandling?: boolean;
}

declare module '@tanstack/react-query' {
  interface Register {
    queryMeta: RequestMeta;
    mutationMeta: RequestMeta;
  }
}

export interface QueryClientHandlers {
  /** `error` is the failure itself: the screen it leads to says why (decision 0029). */
  onSessionFailure: (failure: Exclude<SessionFailure, null>, error: unknown) => void;
}

function handleFailure(error: unknown, meta: RequestMeta | undefined, handlers: QueryClientHandlers): void {
  if (!meta?.skipSessionHandling) {
    const failure = classifySessionFailure(error);
    if (failure) {
      handlers.onSessionFailure(failure, error);
      return;
    }
  }
  if (!meta?.silentError) showErrorToast(error);
}

/** Only failures that may pass on their own are retried: no answer, or a 5xx. */
export function isRetryable(error: unknown): boolean {
  return error instanceof ApiError && (error.network || (error.status ?? 0) >= 500);
}

export function createQueryClient(handlers: QueryClientHandlers): QueryClient {
  return new QueryClient({
    queryCache: new QueryCache({
      onError: (error, query) => handleFailure(error, query.meta, handlers),
    }),
    mutationCache: new MutationCache({
      onError: (error, _variables, _context, mutation) => handleFailure(error, mutation.meta, handlers),
    }),
    defaultOptions: {
      queries: {
        retry: (failureCount, error) => failureCount < 2 && isRetryable(error),
        refetchOnWindowFocus: false,
        staleTime: 30_000,
      },
      mutations: { retry: false },
    },
  });
}
