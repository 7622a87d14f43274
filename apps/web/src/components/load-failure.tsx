import { Button, Stack, Text } from '@mantine/core';
import { mapError } from '@/lib/map-error';

/** The label of every "ask again" button after a failed load. */
export const RETRY_LABEL = 'Tentar novamente';

interface LoadFailureProps {
  error: unknown;
  /** Asks again; without it the notice only says why. */
  onRetry?: () => void;
  /** A retry is under way: the button spins instead of asking twice. */
  retrying?: boolean;
  /** `{testId}` on the notice, `{testId}-retry` on its button. */
  testId: string;
}

/**
 * Why a load failed, in the catalogue's words (docs/product/messages.md#error-catalogue through mapError), and 'Tentar novamente'. Plain
 * Text and Button: it sits in every list, inside /users's JavaScript budget (P4).
 */
export function LoadFailure({ error, onRetry, retrying = false, testId }: LoadFailureProps) {
  const { title, message } = mapError(error);
  return (
    <Stack align="center" gap={4} py="md" role="alert" data-testid={testId}>
      <Text size="sm" fw={700} c="red">
        {title}
      </Text>
      <Text size="sm" ta="center" data-testid={`${testId}-message`}>
        {message}
      </Text>
      {onRetry && (
        <Button
          variant="light"
          size="xs"
          mt={6}
          loading={retrying}
          onClick={onRetry}
          data-testid={`${testId}-retry`}
        >
          {RETRY_LABEL}
        </Button>
      )}
    </Stack>
  );
}
