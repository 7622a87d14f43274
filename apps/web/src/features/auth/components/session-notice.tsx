import { Alert, Text } from '@mantine/core';
import { useState } from 'react';
import { readSessionNotice, type SessionNotice as Notice } from '@/lib/session-notice';

/**
 * Why the visitor is on /lock or /login when the panel sent them there (docs/product/messages.md#session-failures; decision 0029):
 * read once when the screen opens, so it stays while the person signs in again.
 */
export function SessionNotice({ kind }: { kind: Notice['kind'] }) {
  const [message] = useState(() => readSessionNotice(kind));
  if (!message) return null;
  return (
    <Alert color="yellow" variant="light" role="status" data-testid="session-notice">
      <Text size="sm">{message}</Text>
    </Alert>
  );
}
