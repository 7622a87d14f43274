import { Button, Group } from '@mantine/core';
import { IconDeviceFloppy, IconRestore } from '@tabler/icons-react';
import { useState } from 'react';
import { ConfirmDialog } from './confirm-dialog';

interface SaveRestoreActionsProps {
  onSave: () => void;
  /** Runs after the confirmation; resolve once done (the dialog closes then). */
  onRestore: () => Promise<unknown>;
  pending: boolean;
  /** Nothing to restore: the default is in use. */
  restoreDisabled: boolean;
  saveLabel: string;
  restoreLabel: string;
  restoreMessage: string;
  /** `{testId}-save`, `{testId}-restore` and the confirmation `{testId}-restore-confirm`. */
  testId: string;
}

/**
 * 'Salvar' and 'Restaurar padrão' of an admin's text that has a default (setup messages, menu texts):
 * restoring asks first.
 */
export function SaveRestoreActions({
  onSave,
  onRestore,
  pending,
  restoreDisabled,
  saveLabel,
  restoreLabel,
  restoreMessage,
  testId,
}: SaveRestoreActionsProps) {
  const [confirming, setConfirming] = useState(false);
  return (
    <>
      <Group gap="xs">
        <Button
          leftSection={<IconDeviceFloppy size={16} />}
          onClick={onSave}
          loading={pending && !confirming}
          data-testid={`${testId}-save`}
        >
          {saveLabel}
        </Button>
        <Button
          variant="default"
          leftSection={<IconRestore size={16} />}
          onClick={() => setConfirming(true)}
          disabled={restoreDisabled}
          data-testid={`${testId}-restore`}
        >
          {restoreLabel}
        </Button>
      </Group>
      {confirming && (
        <ConfirmDialog
          opened
          title={restoreLabel}
          message={restoreMessage}
          confirmLabel={restoreLabel}
          loading={pending}
          onConfirm={() => void onRestore().finally(() => setConfirming(false))}
          onCancel={() => setConfirming(false)}
          testId={`${testId}-restore-confirm`}
        />
      )}
    </>
  );
}
