import { Center, Loader } from '@mantine/core';
import type { ReactNode } from 'react';
import { LoadFailure } from './load-failure';

interface QueryState<T> {
  data: T | undefined;
  error: unknown;
  isPending: boolean;
  isRefetching: boolean;
  refetch: () => unknown;
}

interface QueryBodyProps<T> {
  query: QueryState<T>;
  /** `{testId}-error` on the failure notice, `{testId}-loading` on the spinner. */
  testId: string;
  isEmpty: (data: T) => boolean;
  empty: ReactNode;
  /** A smaller spinner, for a panel inside a page. */
  compact?: boolean;
  children: (data: T) => ReactNode;
}

/**
 * The states of a screen's load: the failure with 'Tentar novamente' (while nothing was loaded), the
 * spinner, the empty notice, else the data.
 */
export function QueryBody<T>({
  query,
  testId,
  isEmpty,
  empty,
  compact = false,
  children,
}: QueryBodyProps<T>) {
  const { data, error, isPending, isRefetching, refetch } = query;
  if (error && data === undefined) {
    return (
      <LoadFailure
        error={error}
        onRetry={() => void refetch()}
        retrying={isRefetching}
        testId={`${testId}-error`}
      />
    );
  }
  if (isPending || data === undefined) {
    return (
      <Center py={compact ? 'md' : 'xl'}>
        <Loader size={compact ? 'sm' : undefined} data-testid={`${testId}-loading`} />
      </Center>
    );
  }
  return isEmpty(data) ? empty : children(data);
}
