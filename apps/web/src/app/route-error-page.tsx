import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { Component, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import { UNEXPECTED_ERROR_TEXT } from '@panel/shared/errors/error-catalogue';

/** Last resort for a render failure or a chunk that no longer exists after a new deploy. */
export function RouteErrorPage() {
  return (
    <Center mih="100dvh" p="md">
      <Stack align="center" gap="md">
        <Title order={3}>{UNEXPECTED_ERROR_TEXT.title}</Title>
        <Text>{UNEXPECTED_ERROR_TEXT.message}</Text>
        <Button onClick={() => window.location.reload()}>Recarregar</Button>
      </Stack>
    </Center>
  );
}

interface BoundaryProps {
  /** A new value (the next location) clears a caught failure, as a data router's errorElement does. */
  resetKey: string;
  children: ReactNode;
}

interface BoundaryState {
  failed: boolean;
  resetKey: string;
}

class ErrorBoundary extends Component<BoundaryProps, BoundaryState> {
  override state: BoundaryState = { failed: false, resetKey: this.props.resetKey };

  static getDerivedStateFromError(): Partial<BoundaryState> {
    return { failed: true };
  }

  static getDerivedStateFromProps(props: BoundaryProps, state: BoundaryState): Partial<BoundaryState> | null {
    return props.resetKey === state.resetKey ? null : { failed: false, resetKey: props.resetKey };
  }

  override render() {
    return this.state.failed ? <RouteErrorPage /> : this.props.children;
  }
}

/** Shows RouteErrorPage when anything below fails to render (app/route-table.tsx's root route). */
export function RouteErrorBoundary({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  return <ErrorBoundary resetKey={pathname}>{children}</ErrorBoundary>;
}
