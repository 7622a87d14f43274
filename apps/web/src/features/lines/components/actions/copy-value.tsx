import { ActionIcon, Code, Group, Text, Tooltip } from '@mantine/core';
import { IconCopy } from '@tabler/icons-react';
import { showCopiedToast, showErrorToast } from '@/lib/toasts';
import { ACTION_TEXTS } from './action-texts';

/**
 * Copies a text; falls back to a hidden textarea where the Clipboard API is missing (a panel served
 * over plain HTTP on a LAN address is not a secure context).
 */
export async function copyText(text: string): Promise<void> {
  if (navigator.clipboard?.writeText) {
    await navigator.clipboard.writeText(text);
    return;
  }
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.style.position = 'fixed';
  area.style.opacity = '0';
  document.body.appendChild(area);
  area.select();
  const copied = document.execCommand('copy');
  area.remove();
  if (!copied) throw new Error('Não foi possível copiar.');
}

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
