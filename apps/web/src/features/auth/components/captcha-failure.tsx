import { Alert, Button, Stack, Text } from '@mantine/core';
import { mapError } from '@/lib/map-error';

/** The captcha settings could not be loaded: the mapped reason and a retry (sign-in and unlock). */
export function CaptchaFailure({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  return (
    <Stack gap="xs">
      <Alert color="red" variant="light" role="alert">
        <Text size="sm">{mapError(error).message}</Text>
      </Alert>
      <Button variant="light" onClick={onRetry}>
        Tentar novamente
      </Button>
    </Stack>
  );
}
