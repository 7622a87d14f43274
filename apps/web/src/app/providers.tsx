import { MantineProvider } from '@mantine/core';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { lazy, Suspense, type ReactNode } from 'react';
import { theme } from './theme';

// Loaded next to the first screen instead of inside the entry chunk (P4: /login's JavaScript budget).
const ToastHost = lazy(() => import('./toast-host').then((m) => ({ default: m.ToastHost })));

interface AppProvidersProps {
  queryClient: QueryClient;
  children: ReactNode;
}

export function AppProviders({ queryClient, children }: AppProvidersProps) {
  return (
    <MantineProvider theme={theme} defaultColorScheme="light">
      {/* Its own boundary: the screen never waits for the toast container. */}
      <Suspense fallback={null}>
        <ToastHost />
      </Suspense>
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    </MantineProvider>
  );
}
