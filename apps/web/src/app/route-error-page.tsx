import { Button, Center, Stack, Text, Title } from '@mantine/core';
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
