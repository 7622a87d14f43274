import { Alert, Button, Group, Stack } from '@mantine/core';
import { DIALOG_TEXTS } from '@/components/dialog-actions';

interface ActionRefusedProps {
  /** Red for a rule that refuses, blue for "nothing to do here". */
  color: 'red' | 'blue';
  title?: string;
  message: string;
  testId: string;
  onClose: () => void;
}

/** Shown instead of the form when the shared rules already say the action cannot be done on this line. */
export function ActionRefused({ color, title, message, testId, onClose }: ActionRefusedProps) {
  return (
    <Stack gap="sm">
      <Alert color={color} title={title} data-testid={testId}>
        {message}
      </Alert>
      <Group justify="flex-end">
        <Button variant="default" onClick={onClose}>
          {DIALOG_TEXTS.close}
        </Button>
      </Group>
    </Stack>
  );
}
