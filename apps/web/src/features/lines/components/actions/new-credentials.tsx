import { Alert, Button, Group, Stack } from '@mantine/core';
import type { Line } from '@panel/shared/lines/line-api';
import { DIALOG_TEXTS } from '@/components/dialog-actions';
import { ACTION_TEXTS } from './action-texts';
import { CopyValue } from './copy-value';

interface NewCredentialsProps {
  line: Line;
  /** `{prefix}-username`, `{prefix}-password` and their `-copy` buttons. */
  testIdPrefix: string;
  onClose: () => void;
}

/** After the move to hybrid: the new username and password, shown once, each with a copy button. */
export function NewCredentials({ line, testIdPrefix, onClose }: NewCredentialsProps) {
  return (
    <Stack gap="sm" data-testid={`${testIdPrefix}-credentials`}>
      <Alert color="teal" title={ACTION_TEXTS.newCredentialsTitle}>
        {ACTION_TEXTS.newCredentialsHint}
      </Alert>
      <CopyValue label={ACTION_TEXTS.username} value={line.username} testId={`${testIdPrefix}-username`} />
      <CopyValue label={ACTION_TEXTS.password} value={line.password} testId={`${testIdPrefix}-password`} />
      <Group justify="flex-end">
        <Button onClick={onClose} data-testid={`${testIdPrefix}-close`}>
          {DIALOG_TEXTS.close}
        </Button>
      </Group>
    </Stack>
  );
}
