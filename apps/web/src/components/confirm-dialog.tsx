import { Text } from '@mantine/core';
import { Dialog } from './dialog';
import type { ReactNode } from 'react';
import { DialogActions } from './dialog-actions';

interface ConfirmDialogProps {
  opened: boolean;
  title: string;
  message: ReactNode;
  confirmLabel: string;
  confirmColor?: string;
  loading?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
  /** `data-testid` of the dialog; the buttons get `{testId}-confirm` and `{testId}-cancel`. */
  testId: string;
}

/** "Deseja realmente …?" with a confirm and a cancel button: every destructive or heavy action asks first. */
export function ConfirmDialog({
  opened,
  title,
  message,
  confirmLabel,
  confirmColor,
  loading = false,
  onConfirm,
  onCancel,
  testId,
}: ConfirmDialogProps) {
  return (
    <Dialog opened={opened} onClose={onCancel} title={title} testId={testId}>
      <Text>{message}</Text>
      <DialogActions
        onCancel={onCancel}
        cancelTestId={`${testId}-cancel`}
        onConfirm={onConfirm}
        label={confirmLabel}
        color={confirmColor}
        pending={loading}
        testId={`${testId}-confirm`}
      />
    </Dialog>
  );
}
