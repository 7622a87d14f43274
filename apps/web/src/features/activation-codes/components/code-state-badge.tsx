import { Badge, Stack, Text } from '@mantine/core';
import { CODE_STATE_LABELS, type CodeState } from '@panel/shared/activation-codes/activation-code-state';
import type { ActivationCode } from '@panel/shared/activation-codes/activation-codes-api';
import { formatIsoDate, formatIsoDateTime } from '@/lib/format-date';
import { CODE_TEXTS as TEXTS } from './activation-code-texts';

const COLOURS: Record<CodeState, string> = {
  stock: 'blue',
  active: 'green',
  expired: 'orange',
  blocked: 'red',
  removed: 'gray',
  cancelled: 'gray',
};

/** A code's state, with when it was activated and when it expires (or when it was cancelled). */
export function CodeStateBadge({ code }: { code: ActivationCode }) {
  return (
    <Stack gap={2} data-testid={`code-${code.id}-state`}>
      <Badge color={COLOURS[code.state]} variant="light">
        {CODE_STATE_LABELS[code.state]}
      </Badge>
      {code.activated_at && (
        <Text size="xs" c="dimmed">
          {TEXTS.activatedAt(formatIsoDateTime(code.activated_at))}
        </Text>
      )}
      {code.expires_at && code.state !== 'removed' && (
        <Text size="xs" c="dimmed">
          {TEXTS.expiresAt(formatIsoDate(code.expires_at))}
        </Text>
      )}
      {code.cancelled_at && (
        <Text size="xs" c="dimmed">
          {TEXTS.cancelledAt(formatIsoDateTime(code.cancelled_at))}
        </Text>
      )}
    </Stack>
  );
}
