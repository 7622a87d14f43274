import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import type { LineActionResult } from '@panel/shared/lines/line-api';
import { toCents } from '@panel/shared/money/credits';
import { DIALOG_TEXTS } from '@/components/dialog-actions';
import { ACTION_TEXTS, chargedText } from './action-texts';

/** The server's answer is the truth: true when it charged something else than the modal showed. */
export function chargedDiffers(result: LineActionResult, previewedCents: number): boolean {
  return toCents(result.charged) !== previewedCents;
}

interface ChargedNoticeProps {
  result: LineActionResult;
  testId: string;
  onClose: () => void;
}

/** Shown in place of the form after a paid action whose real charge differs from the preview. */
export function ChargedNotice({ result, testId, onClose }: ChargedNoticeProps) {
  return (
    <Stack gap="sm">
      <Alert color="yellow" title={chargedText(result.charged)} data-testid={testId}>
        {ACTION_TEXTS.chargedDiffers}
      </Alert>
      <Text size="sm">{ACTION_TEXTS.balanceAfter(result.balance)}</Text>
      <Group justify="flex-end">
        <Button onClick={onClose} data-testid={`${testId}-close`}>
          {DIALOG_TEXTS.close}
        </Button>
      </Group>
    </Stack>
  );
}
