import { ActionIcon, Code, Group, Text, Tooltip } from '@mantine/core';
import { IconCopy } from '@tabler/icons-react';
import { copyText } from '@/lib/copy-text';
import { showCopiedToast, showErrorToast } from '@/lib/toasts';
import { ACTION_TEXTS } from './action-texts';

interface CopyValueProps {
  label: string;
  value: string;
  testId: string;
}

/** A label, the value and a copy button ('Copiado para a área de transferência!', 3000 ms). */
export function CopyValue({ label, value, testId }: CopyValueProps) {
  const copy = () => copyText(value).then(showCopiedToast, showErrorToast);
  return (
    <Group justify="space-between" wrap="nowrap" gap="xs">
      <Text size="sm">
        {label}: <Code data-testid={testId}>{value}</Code>
      </Text>
      <Tooltip label={ACTION_TEXTS.copy(label.toLowerCase())}>
        <ActionIcon
          variant="light"
          aria-label={ACTION_TEXTS.copy(label.toLowerCase())}
          onClick={() => void copy()}
          data-testid={`${testId}-copy`}
        >
          <IconCopy size={16} />
        </ActionIcon>
      </Tooltip>
    </Group>
  );
}
